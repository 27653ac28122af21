// Publish throughput on PostgreSQL (issue 13): one TransactionImport of N rows (default 100k)
// uploaded through the API of an in-process server, then published; the figure is the time
// from the publish request to `complete` (rows, records, balances, all in one transaction).
// The database: FINIMPORT_BENCH_PG_URL (a maintenance URL, e.g.
// postgresql://postgres@127.0.0.1:5432/postgres; a fresh database is created in that cluster
// and dropped), or else a throwaway cluster from scripts/pg-test-cluster.sh.
// Usage: publish_pg_bench [rows]
#include "app/auth/ApiKeys.h"
#include "server/Server.h"
#include "store/Sql.h"

#include <Poco/Data/Session.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace finimport;

namespace {

constexpr double kTargetRowsPerSecond = 100000;

std::pair<int, std::string> post(uint16_t port, const std::string& uri, const std::string& body,
                                 const std::string& key) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(600, 0));
    Poco::Net::HTTPRequest req(Poco::Net::HTTPRequest::HTTP_POST, uri, "HTTP/1.1");
    req.set("X-Api-Key", key);
    req.setContentType("application/json");
    req.setContentLength(static_cast<std::streamsize>(body.size()));
    session.sendRequest(req) << body;
    Poco::Net::HTTPResponse resp;
    std::ostringstream out;
    out << session.receiveResponse(resp).rdbuf();
    return {resp.getStatus(), out.str()};
}

std::string idOf(const std::string& body) {
    auto p = body.find("\"id\":\"");
    return p == std::string::npos ? "" : body.substr(p + 6, 36);
}

void runOn(const std::string& maintenanceUrl, const std::string& dbUrl, int rows) {
    server::Config c;
    c.database = dbUrl;
    c.listen = "127.0.0.1:0";
    c.pluginDirs = {FINIMPORT_PLUGIN_BUILD_DIR};
    c.workers = 1;
    c.httpThreads = 8;
    c.rowCap = rows; // docs/decisions.md D36: benchmarks raise the caps through configuration
    server::Server srv(c);
    srv.start();
    std::string key =
        app::ApiKeys(srv.database()).create("Bench", "owner", "bench", "read_write", {}).key;
    auto acct = post(
        srv.port(), "/api/v1/imports",
        R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
        R"("raw_file_content":"type,name,amount,currency,date\nChecking,Bench,1000.00,USD,2020-01-01\n"})",
        key);
    if (acct.first != 201) throw std::runtime_error("account import: " + acct.second);
    srv.jobs().waitIdle(std::chrono::seconds(60));
    std::string account;
    srv.database().read([&](finimport::store::Tx& s) {
        account = store::sqlQueryOne(s, "SELECT id FROM accounts WHERE name = 'Bench'")->str(0);
    });
    std::string csv = "date,name,amount\\n";
    for (int i = 0; i < rows; ++i) {
        int day = i % 1800; // ~5 years of dates
        int y = 2020 + day / 360, m = 1 + (day % 360) / 30, d = 1 + day % 28;
        char line[96];
        std::snprintf(line, sizeof line, "%04d-%02d-%02d,Row %d,%d.%02d\\n", y, m, d, i,
                      1 + i % 5000, i % 100);
        csv += line;
    }
    auto t0 = std::chrono::steady_clock::now();
    auto created = post(srv.port(), "/api/v1/imports",
                        R"({"type":"TransactionImport","account_id":")" + account +
                            R"(","date_format":"%Y-%m-%d","raw_file_content":")" + csv + "\"}",
                        key);
    auto t1 = std::chrono::steady_clock::now();
    if (created.first != 201) throw std::runtime_error("upload: " + created.second.substr(0, 300));
    std::string id = idOf(created.second);
    auto published = post(srv.port(), "/api/v1/imports/" + id + "/publish", "", key);
    if (published.first != 200) throw std::runtime_error("publish: " + published.second);
    if (!srv.jobs().waitIdle(std::chrono::seconds(900))) throw std::runtime_error("timeout");
    auto t2 = std::chrono::steady_clock::now();
    std::string status;
    int64_t entries = 0;
    srv.database().read([&](finimport::store::Tx& s) {
        status = store::sqlQueryOne(s, "SELECT status FROM imports WHERE id = ?", {id})->str(0);
        entries = store::sqlCount(s, "SELECT COUNT(*) FROM entries WHERE import_id = ?", {id});
    });
    srv.stop();
    if (status != "complete" || entries != rows)
        throw std::runtime_error("publish ended " + status + " with " + std::to_string(entries) +
                                 " entries");
    double up = std::chrono::duration<double>(t1 - t0).count();
    double pub = std::chrono::duration<double>(t2 - t1).count();
    std::printf("publish_pg_bench: upload of %d rows: %.2f s (%.0f rows/s)\n", rows, up, rows / up);
    std::printf("publish_pg_bench: publish of %d rows on PostgreSQL: %.2f s = %.0f rows/s "
                "(target >= %.0f rows/s): %s\n",
                rows, pub, rows / pub, kTargetRowsPerSecond,
                rows / pub >= kTargetRowsPerSecond ? "met" : "NOT met");
    (void)maintenanceUrl;
}

} // namespace

int main(int argc, char** argv) {
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100000;
    if (rows <= 0) {
        std::fprintf(stderr, "usage: publish_pg_bench [rows>0]\n");
        return 2;
    }
    std::string state, maintenance;
    if (const char* u = std::getenv("FINIMPORT_BENCH_PG_URL"); u && *u) {
        maintenance = u;
    } else {
        state = (std::filesystem::temp_directory_path() /
                 ("publish_pg_bench." + std::to_string(getpid())))
                    .string();
        std::string cmd = std::string(FINIMPORT_SOURCE_DIR) + "/scripts/pg-test-cluster.sh start " +
                          state + " >&2";
        if (std::system(cmd.c_str()) != 0) return 1;
        std::ifstream in(state + "/url");
        std::getline(in, maintenance);
    }
    int rc = 0;
    store::Database::registerConnectors();
    const std::string name = "fi_bench_" + std::to_string(getpid());
    auto url = store::DatabaseUrl::parse(maintenance);
    try {
        {
            Poco::Data::Session s(url.connector(), url.connectionString());
            store::sqlExec(s, "CREATE DATABASE " + name);
        }
        runOn(maintenance, maintenance.substr(0, maintenance.rfind('/') + 1) + name, rows);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "publish_pg_bench: %s\n", e.what());
        rc = 1;
    }
    try {
        Poco::Data::Session s(url.connector(), url.connectionString());
        store::sqlExec(s, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (...) {
    }
    if (!state.empty()) {
        std::string cmd = std::string(FINIMPORT_SOURCE_DIR) + "/scripts/pg-test-cluster.sh stop " +
                          state + " >&2";
        if (std::system(cmd.c_str()) != 0) rc = 1;
        std::filesystem::remove_all(state);
    }
    return rc;
}
