// Publish and revert throughput on PostgreSQL: a TransactionImport of N rows
// (default 100k) is uploaded to an in-process server (timed apart), published, then reverted.
// Two files, each into a fresh account: the bare statement of the publish series
// (date,name,amount) and publish_bench's bank file (categories and tags: three more tables
// written). The publish figure is the time from the request to `complete` (rows, records and
// balances in one transaction); the revert figure the time from the request until the entries
// are gone and the balances recomputed. The anchor, measured in the same run, is psql's
// `\copy` of the same CSV into an unindexed table of the same database.
// The database: BenchPg.h (FINIMPORT_BENCH_PG_URL, or a throwaway cluster).
// Usage: publish_pg_bench [rows] [runs]   (defaults 100000 3)
#include "BenchAccount.h"
#include "BenchCsv.h"
#include "BenchHttp.h"
#include "BenchPg.h"

#include "app/auth/ApiKeys.h"
#include "server/Server.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace finimport;

namespace {

constexpr double kTargetRowsPerSecond = 100000;

struct Figures {
    std::vector<double> upload, publish, revert, anchor;
};

// psql's \copy of the CSV into a fresh table without index or key: what PostgreSQL itself
// needs to take these rows in.
double psqlCopySeconds(const std::string& url, const std::string& csv, const std::string& csvPath,
                       int run) {
    const std::string table = "anchor_" + std::to_string(run);
    std::string columns = csv.substr(0, csv.find('\n')); // the header: one text column each
    for (size_t at = 0; (at = columns.find(',', at)) != std::string::npos; at += 6)
        columns.replace(at, 1, " text,");
    const std::string psql = "psql -q -X -v ON_ERROR_STOP=1 '" + url + "' ";
    if (std::system((psql + "-c 'CREATE TABLE " + table + " (" + columns + " text)'").c_str()) != 0)
        return -1;
    auto start = std::chrono::steady_clock::now();
    int rc = std::system(
        (psql + "-c \"\\copy " + table + " FROM '" + csvPath + "' WITH (FORMAT csv, HEADER)\"")
            .c_str());
    double seconds = bench::secondsSince(start);
    if (std::system((psql + "-c 'DROP TABLE " + table + "'").c_str()) != 0) return -1;
    return rc == 0 ? seconds : -1;
}

int64_t count(server::Server& server, const std::string& sql,
              const std::vector<store::SqlValue>& params = {}) {
    int64_t n = 0;
    server.database().read([&](store::Tx& s) { n = store::sqlCount(s, sql, params); });
    return n;
}

// What every run shares: the server, its database, the key's family and a scratch folder.
struct Bench {
    server::Server& server;
    std::string url, familyId, key, dir;
    int rows;
};

// Uploads, publishes and reverts one file into a fresh account; appends its times.
void runOnce(const Bench& b, const std::string& csv, const std::string& label, int run,
             Figures& out) {
    server::Server& server = b.server;
    const std::string& key = b.key;
    const int rows = b.rows;
    const std::string accountId =
        bench::addAccount(server.database(), b.familyId, label + " " + std::to_string(run));
    const uint16_t port = server.port();

    auto t0 = std::chrono::steady_clock::now();
    auto created =
        bench::request(port, "POST", "/api/v1/imports", key,
                       R"({"type":"TransactionImport","date_format":"%Y-%m-%d",)"
                       R"("account_id":")" +
                           accountId + R"(","raw_file_content":)" + bench::jsonQuote(csv) + "}");
    double upload = bench::secondsSince(t0);
    if (created.status != 201) throw std::runtime_error("upload: " + created.body.substr(0, 300));
    const std::string id = bench::jsonText(created.body, "id");

    auto t1 = std::chrono::steady_clock::now();
    auto published = bench::request(port, "POST", "/api/v1/imports/" + id + "/publish", key);
    if (published.status != 200) throw std::runtime_error("publish: " + published.body);
    if (!server.jobs().waitIdle(std::chrono::seconds(900))) throw std::runtime_error("timeout");
    double publish = bench::secondsSince(t1);
    auto detail = bench::request(port, "GET", "/api/v1/imports/" + id, key);
    int64_t entries = count(server, "SELECT COUNT(*) FROM entries WHERE import_id = ?", {id});
    if (bench::jsonText(detail.body, "status") != "complete" || entries != rows)
        throw std::runtime_error("publish ended with " + std::to_string(entries) +
                                 " entries: " + detail.body.substr(0, 400));

    auto t2 = std::chrono::steady_clock::now();
    auto reverted = bench::request(port, "POST", "/api/v1/imports/" + id + "/revert", key);
    if (reverted.status != 200) throw std::runtime_error("revert: " + reverted.body);
    if (!server.jobs().waitIdle(std::chrono::seconds(900))) throw std::runtime_error("timeout");
    double revert = bench::secondsSince(t2);
    entries = count(server, "SELECT COUNT(*) FROM entries WHERE import_id = ?", {id});
    // Every run reverts what it published: no tag may outlive its entry.
    int64_t payload = count(server, "SELECT COUNT(*) FROM transaction_tags");
    if (entries != 0 || payload != 0)
        throw std::runtime_error("revert left " + std::to_string(entries) + " entries, " +
                                 std::to_string(payload) + " tags");

    const std::string csvPath = b.dir + "/rows.csv";
    std::ofstream(csvPath, std::ios::binary) << csv;
    double anchor = psqlCopySeconds(b.url, csv, csvPath, run);
    std::printf("  %s run %d: upload %.2f s, publish %.3f s, revert %.3f s, psql \\copy %.3f s\n",
                label.c_str(), run + 1, upload, publish, revert, anchor);
    std::fflush(stdout);
    out.upload.push_back(upload);
    out.publish.push_back(publish);
    out.revert.push_back(revert);
    if (anchor > 0) out.anchor.push_back(anchor);
}

void report(const char* label, int rows, const Figures& f) {
    double p = bench::median(f.publish), r = bench::median(f.revert), a = bench::median(f.anchor);
    std::printf("publish_pg_bench: %s, %d rows: publish median %.3f s = %.0f rows/s | anchor psql "
                "\\copy %.0f rows/s | ratio %.1fx slower | target >= %.0f rows/s: %s\n",
                label, rows, p, rows / p, a > 0 ? rows / a : 0.0, a > 0 ? p / a : 0.0,
                kTargetRowsPerSecond, rows / p >= kTargetRowsPerSecond ? "met" : "NOT met");
    std::printf("publish_pg_bench: %s, %d rows: revert median %.3f s = %.0f rows/s | target >= "
                "%.0f rows/s: %s\n",
                label, rows, r, rows / r, kTargetRowsPerSecond,
                rows / r >= kTargetRowsPerSecond ? "met" : "NOT met");
}

} // namespace

int main(int argc, char** argv) {
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    if (rows <= 0 || runs <= 0) {
        std::fprintf(stderr, "usage: publish_pg_bench [rows>0] [runs>0]\n");
        return 2;
    }
    const std::string dir = Poco::TemporaryFile::tempName();
    std::filesystem::create_directories(dir);
    int rc = 0;
    try {
        bench::PgBenchDatabase database(FINIMPORT_SOURCE_DIR);
        server::Config c;
        c.database = database.url();
        c.listen = "127.0.0.1:0";
        c.pluginDirs = {FINIMPORT_PLUGIN_BUILD_DIR};
        c.workers = 1;
        c.rowCap = rows; // docs/decisions.md D36: benchmarks raise the caps through configuration
        server::Server server(c);
        server.start();
        auto key =
            app::ApiKeys(server.database()).create("Bench", "owner", "bench", "read_write", {});
        const std::string plain = bench::plainCsv(rows);
        Figures plainFigures, bankFigures;
        const Bench b{server, database.url(), key.familyId, key.key, dir, rows};
        for (int run = 0; run < runs; ++run) {
            runOnce(b, plain, "statement", run, plainFigures);
            runOnce(b, bench::bankCsv(rows, run), "bank", run, bankFigures);
        }
        server.stop();
        report("statement (date,name,amount)", rows, plainFigures);
        report("bank file (categories, tags)", rows, bankFigures);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "publish_pg_bench: %s\n", e.what());
        rc = 1;
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return rc;
}
