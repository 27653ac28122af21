// Row edits on a large import (docs/decisions.md D44): the median time of
// PATCH /api/v1/imports/{id}/rows/{number} (an edit counts the import's rows again: one pass)
// and of GET /api/v1/imports/{id} after it (stored counts: independent of the row count).
// Usage: row_edit_bench [rows] [edits]   (defaults 100000 7)
#include "BenchHttp.h"

#include "app/auth/ApiKeys.h"
#include "server/Config.h"
#include "server/Server.h"
#include "store/Database.h"
#include "store/Migrations.h"

#include <Poco/TemporaryFile.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>

using namespace finimport;

namespace {

constexpr double kTargetEditMillisPer100k = 2000; // PATCH ≤ 2 s per 100,000 rows
constexpr double kTargetShowMillis = 50;          // show stays a read of stored counts

double millisOf(const std::function<void()>& fn) {
    auto start = std::chrono::steady_clock::now();
    fn();
    return bench::secondsSince(start) * 1000;
}

} // namespace

int main(int argc, char** argv) {
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int edits = argc > 2 ? std::atoi(argv[2]) : 7;
    if (rows <= 1 || edits <= 0) {
        std::fprintf(stderr, "usage: row_edit_bench [rows>1] [edits>0]\n");
        return 2;
    }
    std::string dir = Poco::TemporaryFile::tempName();
    std::filesystem::create_directories(dir);
    const std::string url = "sqlite:" + dir + "/edits.db";
    std::string key;
    {
        store::Database db(url);
        store::migrate(db);
        key = app::ApiKeys(db).create("bench", "owner", "bench", "read_write", std::nullopt).key;
    }
    server::Config config;
    config.listen = "127.0.0.1:0";
    config.database = url;
    config.pluginDirs = server::defaultPluginDirs();
    config.workers = 1;
    server::Server server(config);
    server.start();
    const uint16_t port = server.port();

    // Every tenth row has a category (mappings to keep), the last row is invalid.
    std::string csv = "date,amount,name,category,account\\n";
    for (int i = 1; i < rows; ++i)
        csv += "01/02/2024," + std::to_string(i % 997) + ".25,Row " + std::to_string(i) + "," +
               (i % 10 == 0 ? "Cat " + std::to_string(i % 50) : "") + ",Checking\\n";
    csv += "13/45/2024,1.00,Bad,,Checking\\n";
    double uploadMillis = 0;
    bench::Reply created;
    uploadMillis = millisOf([&] {
        created = bench::request(port, "POST", "/api/v1/imports", key,
                                 "{\"raw_file_content\":\"" + csv + "\"}");
    });
    const auto at = created.body.find("\"id\":\"");
    if (created.status != 201 || at == std::string::npos) {
        std::fprintf(stderr, "upload failed: %d %s\n", created.status,
                     created.body.substr(0, 300).c_str());
        return 1;
    }
    const std::string id = created.body.substr(at + 6, 36);
    std::printf("  uploaded %d rows in %.0f ms\n", rows, uploadMillis);

    std::vector<double> editMillis, showMillis;
    const std::string path = "/api/v1/imports/" + id + "/rows/" + std::to_string(rows);
    for (int i = 0; i < edits; ++i) {
        // Alternately fix and break the last row: validity, stats and mappings change.
        const std::string body = i % 2 == 0 ? R"({"fields":{"date":"2024-01-02"}})"
                                            : R"({"fields":{"date":"13/45/2024"}})";
        bench::Reply r;
        editMillis.push_back(millisOf([&] { r = bench::request(port, "PATCH", path, key, body); }));
        if (r.status != 200) {
            std::fprintf(stderr, "edit failed: %d %s\n", r.status, r.body.substr(0, 300).c_str());
            return 1;
        }
        showMillis.push_back(
            millisOf([&] { r = bench::request(port, "GET", "/api/v1/imports/" + id, key); }));
    }
    server.stop();
    std::filesystem::remove_all(dir);
    std::printf("  edits (ms):");
    for (double ms : editMillis)
        std::printf(" %.1f", ms);
    std::printf("\n");

    const double edit = bench::median(editMillis), show = bench::median(showMillis);
    const double editTarget = kTargetEditMillisPer100k * rows / 100000.0;
    std::printf("row edit on %d rows: median %.1f ms (target <= %.0f ms) %s\n", rows, edit,
                editTarget, edit <= editTarget ? "PASS" : "FAIL");
    std::printf("show after an edit: median %.1f ms (target <= %.0f ms) %s\n", show,
                kTargetShowMillis, show <= kTargetShowMillis ? "PASS" : "FAIL");
    return edit <= editTarget && show <= kTargetShowMillis ? 0 : 1;
}
