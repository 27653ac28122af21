// Read throughput (item 4): wrk at 32 connections on GET /api/v1/balances (default
// page and per_page=100) and GET /api/v1/trades over 1M balance rows, beside GET /health of the
// same in-process server in the same run. The data (100 accounts × 10,000 days of balance rows,
// 20,000 trades) is written straight into a fresh SQLite file (or, with `pg`, a fresh
// PostgreSQL database: BenchPg.h) before the server starts.
// Usage: reads_bench [seconds per wrk run] [runs] [sqlite|pg]
//        (defaults 5 3 sqlite; needs wrk: make bench-deps)
#include "BenchHttp.h"
#include "BenchPg.h"

#include "app/auth/ApiKeys.h"
#include "server/Config.h"
#include "server/Server.h"
#include "store/Database.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>

using namespace finimport;

namespace {

constexpr double kTargetRatio = 0.25;   // balances req/s ≥ 25 % of /health
constexpr double kTargetP99Millis = 20; // p99 ≤ 20 ms
constexpr int kAccounts = 100, kDays = 10000, kTrades = 20000;

// The same rows as seed(), in PostgreSQL's SQL (generate_series, lpad, date arithmetic).
void seedPostgres(const std::string& url, const std::string& familyId) {
    store::Database db(url);
    db.write([&](finimport::store::Tx& s) {
        store::sqlExec(s,
                       "INSERT INTO accounts (id, family_id, name, account_type, currency, "
                       "balance, created_at, updated_at) SELECT '00000000-0000-4000-8000-' || "
                       "lpad(i::text, 12, '0'), ?, 'Account ' || i, CASE WHEN i < 10 THEN "
                       "'investment' ELSE 'depository' END, 'USD', 0, 1700000000000000, "
                       "1700000000000000 FROM generate_series(0::bigint, ?::bigint - 1) i",
                       {familyId, int64_t(kAccounts)});
        store::sqlExec(
            s,
            "INSERT INTO balances (id, account_id, date, currency, balance, cash_balance, "
            "start_cash_balance, start_non_cash_balance, cash_inflows, cash_outflows, "
            "non_cash_inflows, non_cash_outflows, net_market_flows, cash_adjustments, "
            "non_cash_adjustments, end_cash_balance, end_non_cash_balance, flows_factor, "
            "created_at, updated_at) SELECT lpad(right(a.id, 8), 8, '0') || '-0000-4000-8000-' || "
            "lpad(d.i::text, 12, '0'), a.id, to_char(date '1999-01-01' + d.i::int, 'YYYY-MM-DD'), "
            "'USD', d.i * 1234567, d.i * 1234567, d.i * 1000000, 0, 250000000, 120000000, 0, 0, "
            "0, 0, 0, d.i * 1234567, 0, 1, 1700000000000000 + d.i, 1700000000000000 + d.i FROM "
            "accounts a, generate_series(0::bigint, ?::bigint - 1) d(i)",
            {int64_t(kDays)});
        store::sqlExec(s, "INSERT INTO securities (id, ticker, name, exchange_operating_mic, "
                          "created_at, updated_at) VALUES ('00000000-0000-4000-8000-5ec000000001', "
                          "'AAPL', 'Apple Inc.', 'XNAS', 1700000000000000, 1700000000000000)");
        store::sqlExec(
            s,
            "INSERT INTO entries (id, account_id, entryable_type, date, amount, currency, name, "
            "import_locked, created_at, updated_at) SELECT '00000000-0000-4000-9000-' || "
            "lpad(i::text, 12, '0'), '00000000-0000-4000-8000-' || lpad((i % 10)::text, 12, '0'), "
            "'Trade', to_char(date '2000-01-01' + (i % 9000)::int, 'YYYY-MM-DD'), 10000000000, "
            "'USD', "
            "'Buy AAPL', 1, 1700000000000000 + i, 1700000000000000 + i FROM generate_series(0, "
            "?::bigint - 1) i",
            {int64_t(kTrades)});
        store::sqlExec(s, "INSERT INTO trades (id, entry_id, security_id, qty, price, currency, "
                          "investment_activity_label, created_at, updated_at) SELECT "
                          "replace(e.id, '-9000-', '-7000-'), e.id, "
                          "'00000000-0000-4000-8000-5ec000000001', 100000000, 10000000000, "
                          "'USD', 'Buy', e.created_at, e.updated_at FROM entries e WHERE "
                          "e.entryable_type = 'Trade'");
    });
    db.read([&](finimport::store::Tx& s) { store::sqlExec(s, "ANALYZE"); });
}

void seed(const std::string& url, const std::string& familyId) {
    store::Database db(url);
    db.write([&](finimport::store::Tx& s) {
        // Accounts, then 10,000 days of rows each, then trades on the first ten accounts.
        store::sqlExec(s,
                       "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < "
                       "? - 1) INSERT INTO accounts (id, family_id, name, account_type, currency, "
                       "balance, created_at, updated_at) SELECT printf('00000000-0000-4000-8000-%"
                       "012d', i), ?, 'Account ' || i, CASE WHEN i < 10 THEN 'investment' ELSE "
                       "'depository' END, 'USD', 0, 1700000000000000, 1700000000000000 FROM n",
                       {int64_t(kAccounts), familyId});
        store::sqlExec(
            s,
            "WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < ? - 1) "
            "INSERT INTO balances (id, account_id, date, currency, balance, cash_balance, "
            "start_cash_balance, start_non_cash_balance, cash_inflows, cash_outflows, "
            "non_cash_inflows, non_cash_outflows, net_market_flows, cash_adjustments, "
            "non_cash_adjustments, end_cash_balance, end_non_cash_balance, flows_factor, "
            "created_at, updated_at) SELECT printf('%08x-0000-4000-8000-%012d', a.rowid, d.i), "
            "a.id, date('1999-01-01', '+' || d.i || ' days'), 'USD', d.i * 1234567, d.i * 1234567, "
            "d.i * 1000000, 0, 250000000, 120000000, 0, 0, 0, 0, 0, d.i * 1234567, 0, 1, "
            "1700000000000000 + d.i, 1700000000000000 + d.i FROM accounts a, d",
            {int64_t(kDays)});
        store::sqlExec(s, "INSERT INTO securities (id, ticker, name, exchange_operating_mic, "
                          "created_at, updated_at) VALUES ('00000000-0000-4000-8000-5ec000000001', "
                          "'AAPL', 'Apple Inc.', 'XNAS', 1700000000000000, 1700000000000000)");
        store::sqlExec(
            s,
            "WITH RECURSIVE t(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM t WHERE i < ? - 1) "
            "INSERT INTO entries (id, account_id, entryable_type, date, amount, currency, name, "
            "import_locked, created_at, updated_at) SELECT printf('00000000-0000-4000-9000-%012d', "
            "i), printf('00000000-0000-4000-8000-%012d', i % 10), 'Trade', date('2000-01-01', '+' "
            "|| (i % 9000) || ' days'), 10000000000, 'USD', 'Buy AAPL', 1, 1700000000000000 + i, "
            "1700000000000000 + i FROM t",
            {int64_t(kTrades)});
        store::sqlExec(s, "INSERT INTO trades (id, entry_id, security_id, qty, price, currency, "
                          "investment_activity_label, created_at, updated_at) SELECT "
                          "replace(e.id, '-9000-', '-7000-'), e.id, "
                          "'00000000-0000-4000-8000-5ec000000001', 100000000, 10000000000, "
                          "'USD', 'Buy', e.created_at, e.updated_at FROM entries e WHERE "
                          "e.entryable_type = 'Trade'");
    });
}

double loadAverage() {
    double load[1] = {0};
    return getloadavg(load, 1) == 1 ? load[0] : -1;
}

} // namespace

int run(int argc, char** argv) {
    const int seconds = argc > 1 ? std::atoi(argv[1]) : 5;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    const std::string backend = argc > 3 ? argv[3] : "sqlite";
    if (seconds <= 0 || runs <= 0 || (backend != "sqlite" && backend != "pg")) {
        std::fprintf(stderr, "usage: reads_bench [seconds>0] [runs>0] [sqlite|pg]\n");
        return 2;
    }
    if (std::system("command -v wrk > /dev/null 2>&1") != 0) {
        std::fprintf(stderr, "reads_bench: wrk is not installed (make bench-deps)\n");
        return 1;
    }
    std::string dir = Poco::TemporaryFile::tempName();
    std::filesystem::create_directories(dir);
    std::unique_ptr<bench::PgBenchDatabase> pg;
    if (backend == "pg") pg = std::make_unique<bench::PgBenchDatabase>(FINIMPORT_SOURCE_DIR);
    const std::string url = pg ? pg->url() : "sqlite:" + dir + "/reads.db";
    std::string familyId, key;
    {
        store::Database db(url);
        store::migrate(db);
        auto created =
            app::ApiKeys(db).create("bench", "owner", "bench", "read_write", std::nullopt);
        familyId = created.familyId;
        key = created.key;
    }
    auto seedStart = std::chrono::steady_clock::now();
    if (pg)
        seedPostgres(url, familyId);
    else
        seed(url, familyId);
    std::printf("  seeded %d balance rows and %d trades in %.1f s\n", kAccounts * kDays, kTrades,
                bench::secondsSince(seedStart));

    server::Config config;
    config.listen = "127.0.0.1:0";
    config.database = url;
    config.pluginDirs = server::defaultPluginDirs();
    config.workers = 1;
    server::Server server(config);
    server.start();
    const uint16_t port = server.port();
    auto check = bench::request(port, "GET", "/api/v1/balances", key);
    if (check.status != 200 || check.body.find("\"total_count\":1000000") == std::string::npos) {
        std::fprintf(stderr, "balances check failed: %d %s\n", check.status,
                     check.body.substr(0, 300).c_str());
    }

    const std::vector<std::pair<std::string, std::string>> paths = {
        {"health", "/health"},
        {"balances", "/api/v1/balances"},
        {"balances?per_page=100", "/api/v1/balances?per_page=100"},
        {"trades", "/api/v1/trades"},
        // The same page built afresh each time (Cache-Control: no-cache bypasses the page
        // cache): the cost of the query and the rendering.
        {"balances (no-cache)", "/api/v1/balances"}};
    std::map<std::string, std::vector<double>> rps, p99, cpu;
    std::map<std::string, std::vector<double>> ratio;
    for (int run = 0; run < runs; ++run) {
        std::map<std::string, bench::WrkResult> results;
        for (const auto& [name, path] : paths) {
            auto r = bench::runWrk(
                port, path, name == "health" ? "" : key, seconds,
                name.find("no-cache") != std::string::npos ? "-H 'Cache-Control: no-cache'" : "");
            results[name] = r;
            rps[name].push_back(r.requestsPerSecond);
            p99[name].push_back(r.p99Millis);
            cpu[name].push_back(r.cpuMicrosPerRequest);
            if (r.non2xx > 0)
                std::printf("  run %d %s: %ld non-2xx answers\n", run + 1, name.c_str(), r.non2xx);
        }
        for (const auto& [name, path] : paths)
            if (name != "health")
                ratio[name].push_back(results[name].requestsPerSecond /
                                      results["health"].requestsPerSecond);
        std::printf("  run %d (load %.1f): health %.0f req/s p99 %.1f ms %.0f us CPU", run + 1,
                    loadAverage(), results["health"].requestsPerSecond, results["health"].p99Millis,
                    results["health"].cpuMicrosPerRequest);
        for (const auto& [name, path] : paths)
            if (name != "health")
                std::printf(", %s %.0f req/s p99 %.1f ms %.0f us CPU", name.c_str(),
                            results[name].requestsPerSecond, results[name].p99Millis,
                            results[name].cpuMicrosPerRequest);
        std::printf("\n");
        std::fflush(stdout);
    }
    server.stop();
    std::error_code ec;
    if (std::getenv("FINIMPORT_BENCH_KEEP"))
        std::printf("  kept %s\n", dir.c_str());
    else
        std::filesystem::remove_all(dir, ec);

    for (const auto& [name, path] : paths) {
        if (name == "health") continue;
        double r = bench::median(ratio[name]), latency = bench::median(p99[name]);
        bool pass = r >= kTargetRatio && latency <= kTargetP99Millis;
        const std::string shown =
            path + (name.find("no-cache") != std::string::npos ? " (Cache-Control: no-cache)" : "");
        std::printf(
            "reads (%s): GET %s over 1M balance rows, wrk 32 conns: median %.0f req/s, p99 %.1f "
            "ms, server CPU %.0f us/request | anchor /health %.0f req/s, %.0f us/request | ratio "
            "%.0f %% (CPU %.0f %%) | target >= %.0f %% and p99 <= %.0f ms: %s\n",
            backend.c_str(), shown.c_str(), bench::median(rps[name]), latency,
            bench::median(cpu[name]), bench::median(rps["health"]), bench::median(cpu["health"]),
            r * 100, 100 * bench::median(cpu["health"]) / std::max(bench::median(cpu[name]), 1e-9),
            kTargetRatio * 100, kTargetP99Millis, pass ? "PASS" : "MISS");
    }
    return 0;
}

int main(int argc, char** argv) {
    return bench::runReporting("reads_bench", run, argc, argv);
}
