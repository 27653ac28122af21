// Publish throughput (item 3): a 100k-row bank CSV (date,name,amount,category,tags)
// is uploaded to a real in-process server (not timed), then POST …/publish is timed until the
// job has left `importing` for `complete`, balances included. Each run publishes into a fresh
// account of the same SQLite file, so later runs also pay for a bigger database. The anchor,
// measured in the same run, is `sqlite3 .import` of the same CSV into a fresh file.
// Usage: publish_bench [rows] [runs]   (defaults 100000 3)
#include "BenchCsv.h"
#include "BenchHttp.h"

#include "app/auth/ApiKeys.h"
#include "server/Config.h"
#include "server/Server.h"
#include "store/AccountStore.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

using namespace finimport;

namespace {

constexpr double kTargetSeconds = 2.0;

// CPU seconds of this process (all threads): the publish's own cost, independent of how busy
// the rest of the machine is.
double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double sqliteImportSeconds(const std::string& dir, const std::string& csvPath) {
    std::string db = dir + "/anchor.db";
    std::string cmd = "sqlite3 " + db + " -cmd '.mode csv' '.import " + csvPath + " t' 2>&1";
    auto start = std::chrono::steady_clock::now();
    int rc = std::system(cmd.c_str());
    double s = bench::secondsSince(start);
    std::filesystem::remove(db);
    return rc == 0 ? s : -1;
}

} // namespace

int main(int argc, char** argv) {
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    if (rows <= 0 || runs <= 0) {
        std::fprintf(stderr, "usage: publish_bench [rows>0] [runs>0]\n");
        return 2;
    }
    std::string dir = Poco::TemporaryFile::tempName();
    std::filesystem::create_directories(dir);
    server::Config config;
    config.listen = "127.0.0.1:0";
    config.database = "sqlite:" + dir + "/bench.db";
    config.pluginDirs = server::defaultPluginDirs();
    config.workers = 1;
    config.rowCap =
        std::max<int64_t>(rows, 10000); // docs/decisions.md D36: benchmarks raise the cap by config
    std::vector<double> publishSeconds, publishCpu, anchorSeconds;
    {
        server::Server server(config);
        server.start();
        const uint16_t port = server.port();
        auto key = app::ApiKeys(server.database())
                       .create("bench", "owner", "bench", "read_write", std::nullopt);
        for (int run = 0; run < runs; ++run) {
            store::AccountRow account;
            account.familyId = key.familyId;
            account.name = "Checking " + std::to_string(run);
            account.accountType = "depository";
            account.currency = "USD";
            server.database().write(
                [&](finimport::store::Tx& s) { store::AccountStore(s).insert(account); });
            std::string csv = bench::bankCsv(rows, run);
            std::string csvPath = dir + "/rows.csv";
            std::ofstream(csvPath, std::ios::binary) << csv;

            std::string body = "{\"type\":\"TransactionImport\",\"date_format\":\"%Y-%m-%d\","
                               "\"account_id\":\"" +
                               account.id + "\",\"raw_file_content\":" + bench::jsonQuote(csv) +
                               "}";
            auto upload = std::chrono::steady_clock::now();
            auto created = bench::request(port, "POST", "/api/v1/imports", key.key, body);
            if (created.status != 201) {
                std::fprintf(stderr, "upload failed: %d %s\n", created.status,
                             created.body.substr(0, 400).c_str());
                return 1;
            }
            double uploadSeconds = bench::secondsSince(upload);
            std::string id = bench::jsonText(created.body, "id");

            auto start = std::chrono::steady_clock::now();
            double cpuStart = cpuSeconds();
            auto queued =
                bench::request(port, "POST", "/api/v1/imports/" + id + "/publish", key.key);
            if (queued.status != 200) {
                std::fprintf(stderr, "publish refused: %d %s\n", queued.status,
                             queued.body.substr(0, 400).c_str());
                return 1;
            }
            server.jobs().waitIdle(std::chrono::minutes(10));
            double seconds = bench::secondsSince(start);
            double cpu = cpuSeconds() - cpuStart;
            auto detail = bench::request(port, "GET", "/api/v1/imports/" + id, key.key);
            std::string status = bench::jsonText(detail.body, "status");
            int64_t entries = 0, balances = 0;
            server.database().read([&](finimport::store::Tx& s) {
                entries =
                    store::sqlCount(s, "SELECT COUNT(*) FROM entries WHERE import_id = ?", {id});
                balances = store::sqlCount(s, "SELECT COUNT(*) FROM balances WHERE account_id = ?",
                                           {account.id});
            });
            if (status != "complete" || entries != rows || balances == 0) {
                std::fprintf(stderr, "publish did not complete: status %s, %lld entries: %s\n",
                             status.c_str(), static_cast<long long>(entries),
                             detail.body.substr(0, 600).c_str());
                return 1;
            }
            double anchor = sqliteImportSeconds(dir, csvPath);
            std::printf("  run %d: upload %.2f s, publish %.3f s (cpu %.3f s; %lld entries, %lld "
                        "balance rows), sqlite3 .import %.3f s\n",
                        run + 1, uploadSeconds, seconds, cpu, static_cast<long long>(entries),
                        static_cast<long long>(balances), anchor);
            std::fflush(stdout);
            publishSeconds.push_back(seconds);
            publishCpu.push_back(cpu);
            if (anchor > 0) anchorSeconds.push_back(anchor);
        }
        server.stop();
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);

    double p = bench::median(publishSeconds);
    double a = bench::median(anchorSeconds);
    std::printf("publish: %d rows importing->complete (balances incl.) median %.3f s = %.0f rows/s"
                " (cpu %.3f s) | anchor sqlite3 .import %.0f rows/s | ratio %.1fx slower | target "
                "<= %.1f s: %s\n",
                rows, p, rows / p, bench::median(publishCpu), a > 0 ? rows / a : 0.0,
                a > 0 ? p / a : 0.0, kTargetSeconds, p <= kTargetSeconds ? "PASS" : "MISS");
    return 0;
}
