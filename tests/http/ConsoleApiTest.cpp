// The web console's files and headers (docs/console.md), console.enabled, the served types of
// GET /api/v1/import_types, an import's progress while its publish runs and its
// not_publishable_reasons (docs/decisions.md D101, D103), and the row cap naming its setting
// (D100).
#include "ApiSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <condition_variable>
#include <future>
#include <mutex>

using namespace finimport::test;

namespace {

const std::string kCsp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' "
                         "data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; "
                         "base-uri 'none'";

void assertConsoleHeaders(const HttpResult& r) {
    CPPUNIT_ASSERT_EQUAL(kCsp, r.header("Content-Security-Policy"));
    CPPUNIT_ASSERT_EQUAL(std::string("DENY"), r.header("X-Frame-Options"));
    CPPUNIT_ASSERT_EQUAL(std::string("no-referrer"), r.header("Referrer-Policy"));
    CPPUNIT_ASSERT_EQUAL(std::string("nosniff"), r.header("X-Content-Type-Options"));
}

} // namespace

class ConsoleApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ConsoleApiTest);
    CPPUNIT_TEST(testPageAndFilesWithoutKey);
    CPPUNIT_TEST(testDisabledConsoleIsNotFound);
    CPPUNIT_TEST(testImportTypesListsOptions);
    CPPUNIT_TEST(testProgressWhilePublishing);
    CPPUNIT_TEST(testRowCapNamesItsSetting);
    CPPUNIT_TEST_SUITE_END();

public:
    void testPageAndFilesWithoutKey() {
        AppHarness app;
        auto page = httpSend(app.port(), "GET", "/");
        CPPUNIT_ASSERT_EQUAL(200, page.status);
        CPPUNIT_ASSERT_EQUAL(std::string("text/html; charset=utf-8"), page.header("Content-Type"));
        CPPUNIT_ASSERT(page.body.rfind("<!doctype html>", 0) == 0);
        CPPUNIT_ASSERT(page.body.find("<script src=\"/console/app.js\" defer></script>") !=
                       std::string::npos);
        // No inline script: every <script> names a file.
        CPPUNIT_ASSERT(page.body.find("<script>") == std::string::npos);
        assertConsoleHeaders(page);
        auto js = httpSend(app.port(), "GET", "/console/app.js");
        CPPUNIT_ASSERT_EQUAL(200, js.status);
        CPPUNIT_ASSERT_EQUAL(std::string("text/javascript; charset=utf-8"),
                             js.header("Content-Type"));
        assertConsoleHeaders(js);
        auto css = httpSend(app.port(), "GET", "/console/app.css");
        CPPUNIT_ASSERT_EQUAL(std::string("text/css; charset=utf-8"), css.header("Content-Type"));
        // A deep link is the page again; an unknown file is 404.
        CPPUNIT_ASSERT_EQUAL(page.body, httpSend(app.port(), "GET", "/console/imports").body);
        CPPUNIT_ASSERT_EQUAL(page.body, httpSend(app.port(), "GET", "/console").body);
        auto missing = httpSend(app.port(), "GET", "/console/nope.js");
        CPPUNIT_ASSERT_EQUAL(404, missing.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"not_found","message":"Route not found"})"),
                             missing.body);
        CPPUNIT_ASSERT_EQUAL(405, httpSend(app.port(), "POST", "/").status);
    }

    void testDisabledConsoleIsNotFound() {
        HarnessOptions options;
        options.configure = [](finimport::server::Config& c) { c.consoleEnabled = false; };
        AppHarness app(options);
        CPPUNIT_ASSERT_EQUAL(404, httpSend(app.port(), "GET", "/").status);
        CPPUNIT_ASSERT_EQUAL(404, httpSend(app.port(), "GET", "/console/app.js").status);
        CPPUNIT_ASSERT_EQUAL(200, httpSend(app.port(), "GET", "/health").status);
    }

    void testImportTypesListsOptions() {
        AppHarness app;
        const std::string key = app.createKey("Family");
        CPPUNIT_ASSERT_EQUAL(401, app.get("/api/v1/import_types", "").status);
        auto r = app.get("/api/v1/import_types", key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        auto types = jsonObject(r)->getArray("data");
        Poco::JSON::Object::Ptr tx;
        for (size_t i = 0; i < types->size(); ++i)
            if (types->getObject(static_cast<unsigned>(i))->getValue<std::string>("type") ==
                "TransactionImport")
                tx = types->getObject(static_cast<unsigned>(i));
        CPPUNIT_ASSERT(tx);
        CPPUNIT_ASSERT_EQUAL(std::string("csv"), tx->getValue<std::string>("plugin"));
        CPPUNIT_ASSERT_EQUAL(std::string("a CSV file"), tx->getValue<std::string>("file_noun"));
        CPPUNIT_ASSERT_EQUAL(std::string(".csv"),
                             tx->getArray("extensions")->getElement<std::string>(0));
        CPPUNIT_ASSERT(tx->getValue<bool>("needs_account"));
        auto options = tx->getArray("options");
        Poco::JSON::Object::Ptr sep;
        for (size_t i = 0; i < options->size(); ++i)
            if (options->getObject(static_cast<unsigned>(i))->getValue<std::string>("name") ==
                "col_sep")
                sep = options->getObject(static_cast<unsigned>(i));
        CPPUNIT_ASSERT(sep);
        CPPUNIT_ASSERT_EQUAL(std::string("Column separator"), sep->getValue<std::string>("label"));
        CPPUNIT_ASSERT_EQUAL(std::string("enum"), sep->getValue<std::string>("type"));
    }

    void testProgressWhilePublishing() {
        AppHarness app;
        const std::string key = app.createKey("Family");
        auto account = seedAccount(app, "Family", "Checking");
        std::mutex m;
        std::condition_variable cv;
        bool inside = false, release = false;
        app.server().importJobs().afterRecordsHook = [&] {
            std::unique_lock lock(m);
            inside = true;
            cv.notify_all();
            cv.wait(lock, [&] { return release; });
        };
        auto created = app.postJson(
            "/api/v1/imports",
            R"({"publish":"true","date_format":"%Y-%m-%d","account_id":")" + account.id +
                R"(","raw_file_content":"date,name,amount\n2024-01-02,A,1\n2024-01-03,B,2\n2024-01-04,C,3\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        const std::string id = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        {
            std::unique_lock lock(m);
            CPPUNIT_ASSERT(cv.wait_for(lock, std::chrono::seconds(30), [&] { return inside; }));
        }
        auto running = jsonObject(app.get("/api/v1/imports/" + id, key))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("importing"), running->getValue<std::string>("status"));
        auto progress = running->getObject("progress");
        CPPUNIT_ASSERT(progress);
        CPPUNIT_ASSERT_EQUAL(std::string("publishing"), progress->getValue<std::string>("phase"));
        // The hook runs once every row's records exist: all 3 transactions are published.
        CPPUNIT_ASSERT_EQUAL(3, progress->getValue<int>("rows_done"));
        CPPUNIT_ASSERT_EQUAL(3, progress->getValue<int>("rows_total"));
        {
            std::lock_guard lock(m);
            release = true;
        }
        cv.notify_all();
        app.waitForJobs();
        app.server().importJobs().afterRecordsHook = nullptr;
        auto done = jsonObject(app.get("/api/v1/imports/" + id, key))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), done->getValue<std::string>("status"));
        CPPUNIT_ASSERT(!done->has("progress"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), done->getArray("not_publishable_reasons")->size());
    }

    void testRowCapNamesItsSetting() {
        HarnessOptions options;
        options.configure = [](finimport::server::Config& c) { c.rowCap = 2; };
        AppHarness app(options);
        const std::string key = app.createKey("Family");
        auto r = app.postJson(
            "/api/v1/imports",
            R"({"publish":"true","raw_file_content":"date,amount\n01/02/2024,1\n01/03/2024,2\n01/04/2024,3\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        auto body = jsonObject(r);
        CPPUNIT_ASSERT_EQUAL(std::string("max_row_count_exceeded"),
                             body->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("Import was uploaded but has too many rows to publish "
                                         "automatically: 3 rows, the limit is 2 (setting "
                                         "limits.rows)."),
                             body->getValue<std::string>("message"));
        // Not publishable either: no account. Its reasons are in the import itself.
        auto shown =
            jsonObject(app.get("/api/v1/imports/" + body->getValue<std::string>("import_id"), key))
                ->getObject("data");
        CPPUNIT_ASSERT_EQUAL(
            std::string("No account for rows 1, 2, 3: send account_id or an account column"),
            shown->getArray("not_publishable_reasons")->getElement<std::string>(0));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ConsoleApiTest);
