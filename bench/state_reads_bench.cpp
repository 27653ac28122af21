// The read API at state (docs/decisions.md D80, D145): every list endpoint on the 10M-entry
// family of BenchState.h, with wrk at 32 connections beside GET /health of the same server in the
// same run, and the same lists on a nearly empty database (20,000 entries, 12,000 in the big
// account: the empty-database figure, with full pages) in the same run. Each list is measured
// twice: as clients send it (the page cache of unchanged data answers, http/PageCache.h) and with
// `Cache-Control: no-cache` (every request counts and reads its page: what the first request
// after a write costs, the count aside). Then the first page of each count-bearing list after a
// write (a PATCH of one transaction), when the maintained counts (schema v18) answer
// total_count. Targets: SQLite, the plain figure at state >= 25 % of /health req/s and p99 <=
// 20 ms; PostgreSQL, both figures at state within 1.25 x the empty database's time per request
// (req/s at least empty / 1.25).
// Usage: state_reads_bench [sqlite|pg] [total entries] [entries of the big account]
//        [seconds per wrk run] [runs] [only the paths containing this]
//        (defaults sqlite 10000000 1000000 3 3, every path; needs wrk). States are cached
//        as state_bench's are (BenchStateCache.h).
#include "BenchAccount.h"
#include "BenchCsv.h"
#include "BenchHttp.h"
#include "BenchPg.h"
#include "BenchState.h"
#include "BenchStateCache.h"

#include "server/Config.h"
#include "server/Server.h"

#include <Poco/TemporaryFile.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <sstream>

using namespace finimport;

namespace {

double loadAverage() {
    double load[1] = {0};
    return getloadavg(load, 1) == 1 ? load[0] : -1;
}

// A few imports for GET /imports (the state itself is written without any): `count` files of
// 200 rows into one account, published.
std::string addImports(server::Server& server, const std::string& key, const std::string& familyId,
                       int count) {
    std::string id;
    const std::string accountId = bench::addAccount(server.database(), familyId, "Imports");
    for (int i = 0; i < count; ++i) {
        const std::string body =
            "{\"type\":\"TransactionImport\",\"date_format\":\"%Y-%m-%d\",\"account_id\":\"" +
            accountId + "\",\"publish\":true,\"raw_file_content\":" +
            bench::jsonQuote(bench::bankCsv(200, 1000 + i)) + "}";
        auto r = bench::request(server.port(), "POST", "/api/v1/imports", key, body);
        if (r.status != 201 && r.status != 200)
            throw std::runtime_error("upload failed: " + r.body.substr(0, 300));
        id = bench::jsonText(r.body, "id");
        server.jobs().waitIdle(std::chrono::minutes(5));
    }
    return id;
}

// GET `path` with `Cache-Control: no-cache`, waiting for the answer.
void getFresh(uint16_t port, const std::string& path, const std::string& key) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(600, 0));
    Poco::Net::HTTPRequest req("GET", path, Poco::Net::HTTPMessage::HTTP_1_1);
    req.set("X-Api-Key", key);
    req.set("Cache-Control", "no-cache");
    session.sendRequest(req);
    Poco::Net::HTTPResponse res;
    std::istream& in = session.receiveResponse(res);
    std::ostringstream out;
    out << in.rdbuf();
}

// The requests a wrk run left in flight (a no-cache page can take seconds) are served before
// the next measure starts: two requests of the same work, one after the other, finish after
// them (the server shares its cores among requests, and its execution gate queues them).
void drain(uint16_t port, const std::string& path, const std::string& key) {
    for (int i = 0; i < 2; ++i)
        getFresh(port, path, key);
}

} // namespace

namespace {

// The nearly empty database whose figures the state's are compared with: 500 times smaller than
// the state, yet every list's page is full on it too (26 rows of `ayee 399` and of March 2024;
// page 400 of the big account exists), so that both figures serve the same page and the ratio
// is the ledger's size alone, not pages of 1 row against pages of 26 (bench/RESULTS.md).
constexpr int64_t kEmptyTotal = 20000, kEmptyBig = 12000;

// One state's figures, by the path's label (the last import's id is "<import>" in it).
struct ReadFigures {
    double health = 0, healthP99 = 0;
    std::map<std::string, double> rps, p99, firstMs;
};

// Serves the state of `total` entries and measures every path of `labels` (filled) on it.
ReadFigures measure(const std::string& backend, int64_t total, int64_t big, int seconds, int runs,
                    const std::string& only, std::vector<std::string>& labels) {
    std::string dir = Poco::TemporaryFile::tempName();
    std::filesystem::create_directories(dir);
    std::unique_ptr<bench::PgBenchDatabase> pg;
    bench::StateInfo info;
    const std::string url = bench::openState(backend, dir, total, big, pg, info);
    std::fflush(stdout);
    ReadFigures out;
    server::Config config;
    config.listen = "127.0.0.1:0";
    config.database = url;
    config.pluginDirs = server::defaultPluginDirs();
    config.workers = 1;
    {
        server::Server server(config);
        server.start();
        const std::string lastImport = addImports(server, info.key, info.familyId, 30);
        const std::string main = bench::kMainAccountId;
        // The id of one transaction of the big account, for the write of the last phase.
        const std::string someEntry = "00000000-0000-4000-9000-000000000007";
        labels = {"/api/v1/balances",
                  "/api/v1/balances?account_id=" + main,
                  "/api/v1/trades",
                  "/api/v1/transactions",
                  "/api/v1/transactions?account_id=" + main,
                  "/api/v1/transactions?start_date=2024-03-01&end_date=2024-03-31",
                  "/api/v1/transactions?account_id=" + main + "&page=400",
                  "/api/v1/transactions?search=ayee%20399",
                  "/api/v1/transactions?import_id=<import>",
                  "/api/v1/accounts",
                  "/api/v1/categories",
                  "/api/v1/merchants",
                  "/api/v1/tags",
                  "/api/v1/imports"};
        if (!only.empty())
            std::erase_if(labels,
                          [&](const std::string& p) { return p.find(only) == std::string::npos; });
        auto pathOf = [&](std::string label) {
            const auto at = label.find("<import>");
            if (at != std::string::npos) label.replace(at, 8, lastImport);
            return label;
        };
        // Warm: every count once (the first, after the state's own writes).
        for (const auto& label : labels)
            bench::request(server.port(), "GET", pathOf(label), info.key);
        std::map<std::string, std::vector<double>> rps, p99;
        const std::string fresh = "-H 'Cache-Control: no-cache'";
        for (int run = 0; run < runs; ++run) {
            auto h = bench::runWrk(server.port(), "/health", "", seconds);
            rps["/health"].push_back(h.requestsPerSecond);
            p99["/health"].push_back(h.p99Millis);
            for (const auto& label : labels)
                for (const std::string& headers : {std::string(), fresh}) {
                    const std::string path = pathOf(label);
                    auto r = bench::runWrk(server.port(), path, info.key, seconds, headers);
                    if (!headers.empty()) drain(server.port(), path, info.key);
                    rps[headers + label].push_back(r.requestsPerSecond);
                    p99[headers + label].push_back(r.p99Millis);
                }
            std::printf("  %lld entries: run %d done (load %.1f)\n", static_cast<long long>(total),
                        run + 1, loadAverage());
            std::fflush(stdout);
        }
        out.health = bench::median(rps["/health"]);
        out.healthP99 = bench::median(p99["/health"]);
        for (const auto& [key, values] : rps) {
            out.rps[key] = bench::median(values);
            out.p99[key] = bench::median(p99[key]);
        }
        // The first page after a write: a PATCH of one transaction's notes changes no count,
        // but every cached count and page is dropped with it.
        for (const auto& label : labels) {
            std::vector<double> ms;
            for (int run = 0; run < runs; ++run) {
                auto patched = bench::request(
                    server.port(), "PATCH", "/api/v1/transactions/" + someEntry, info.key,
                    "{\"notes\":\"bench " + std::to_string(run) + label + "\"}");
                if (patched.status != 200)
                    throw std::runtime_error("PATCH refused: " + patched.body.substr(0, 300));
                auto start = std::chrono::steady_clock::now();
                auto r = bench::request(server.port(), "GET", pathOf(label), info.key);
                ms.push_back(1000 * bench::secondsSince(start));
                if (r.status != 200)
                    throw std::runtime_error(label + ": " + std::to_string(r.status));
            }
            out.firstMs[label] = bench::median(ms);
        }
        server.stop();
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return out;
}

} // namespace

int run(int argc, char** argv) {
    const std::string backend = argc > 1 ? argv[1] : "sqlite";
    const int64_t total = argc > 2 ? std::atoll(argv[2]) : 10000000;
    const int64_t big = argc > 3 ? std::atoll(argv[3]) : 1000000;
    const int seconds = argc > 4 ? std::atoi(argv[4]) : 3;
    const int runs = argc > 5 ? std::atoi(argv[5]) : 3;
    const std::string only = argc > 6 ? argv[6] : ""; // measure only the paths containing it
    if ((backend != "sqlite" && backend != "pg") || big <= 0 || total < big || seconds <= 0 ||
        runs <= 0) {
        std::fprintf(stderr, "usage: state_reads_bench [sqlite|pg] [total] [big<=total] "
                             "[seconds] [runs]\n");
        return 2;
    }
    if (std::system("command -v wrk > /dev/null 2>&1") != 0) {
        std::fprintf(stderr, "state_reads_bench needs wrk (make bench-deps)\n");
        return 2;
    }
    std::printf("state_reads_bench (%s): %lld entries, %lld in the big account, load %.1f\n",
                backend.c_str(), static_cast<long long>(total), static_cast<long long>(big),
                loadAverage());
    std::fflush(stdout);
    std::vector<std::string> labels;
    const ReadFigures empty = measure(backend, kEmptyTotal, kEmptyBig, seconds, runs, only, labels);
    const ReadFigures state = measure(backend, total, big, seconds, runs, only, labels);
    const bool pg = backend == "pg";
    std::printf("reads at state (%s, %lld entries; empty: %lld; medians of %d × %d s, wrk -c32): "
                "/health %.0f req/s, p99 %.1f ms (empty: %.0f req/s, p99 %.1f ms)\n",
                backend.c_str(), static_cast<long long>(total), static_cast<long long>(kEmptyTotal),
                runs, seconds, state.health, state.healthP99, empty.health, empty.healthP99);
    std::printf("  %-70s %-8s  %-22s  %-22s  %-6s  %-6s\n", "", "", "empty", "state", "/health",
                "x empty");
    const std::string fresh = "-H 'Cache-Control: no-cache'";
    for (const auto& label : labels)
        for (const std::string& headers : {std::string(), fresh}) {
            const std::string key = headers + label;
            const double r = state.rps.at(key), p = state.p99.at(key);
            const double ofHealth = state.health > 0 ? r / state.health : 0;
            // The state's time per request against the empty database's.
            const double slower = r > 0 ? empty.rps.at(key) / r : 0;
            std::string verdict;
            if (pg)
                verdict = slower <= 1.25 ? " | target <= 1.25 x empty: PASS"
                                         : " | target <= 1.25 x empty: MISS";
            else if (headers.empty())
                verdict = ofHealth >= 0.25 && p <= 20 ? " | target >= 25 %, <= 20 ms: PASS"
                                                      : " | target >= 25 %, <= 20 ms: MISS";
            std::printf("  GET %-66s %-8s  %6.0f req/s %6.1f ms  %6.0f req/s %6.1f ms  %4.0f %%  "
                        "%5.2f%s\n",
                        label.substr(0, 66).c_str(), headers.empty() ? "" : "no-cache",
                        empty.rps.at(key), empty.p99.at(key), r, p, 100 * ofHealth, slower,
                        verdict.c_str());
        }
    std::printf("first request after a write (PATCH of one transaction), median of %d: empty, "
                "state\n",
                runs);
    for (const auto& label : labels)
        std::printf("  GET %-66s %8.1f ms %8.1f ms\n", label.substr(0, 66).c_str(),
                    empty.firstMs.at(label), state.firstMs.at(label));
    std::fflush(stdout);
    return 0;
}

int main(int argc, char** argv) {
    return bench::runReporting("state_reads_bench", run, argc, argv);
}
