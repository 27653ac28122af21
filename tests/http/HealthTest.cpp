// /health checks what an instance needs to serve (docs/operations.md "Health checks"): the
// database answers, its schema is this binary's, plugins are loaded; 503 names each failure.
// /health/live stays 200.
#include "ApiSupport.h"

#include "store/Migrations.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>

using namespace finimport;
using namespace finimport::test;

class HealthTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HealthTest);
    CPPUNIT_TEST(testHealthyAndHead);
    CPPUNIT_TEST(testSchemaAndDatabaseFailures);
    CPPUNIT_TEST(testNoPlugins);
    CPPUNIT_TEST_SUITE_END();

public:
    void testHealthyAndHead() {
        AppHarness app;
        auto r = app.get("/health", "");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"status":"ok"})"), r.body);
        const std::string head =
            rawSend(app.port(), "HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        CPPUNIT_ASSERT_MESSAGE(head, head.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(200, app.get("/health/live", "").status);
    }

    void testSchemaAndDatabaseFailures() {
        AppHarness app;
        app.server().database().write([](store::Tx& s) {
            store::sqlExec(s, "INSERT INTO schema_migrations (version, name, applied_at) "
                              "VALUES (999, 'from the future', 0)");
        });
        auto r = app.get("/health", "");
        CPPUNIT_ASSERT_EQUAL(503, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"status":"unavailable","failed":[{"check":"schema","message":"the )"
                        R"(database has schema version 999, expected )") +
                std::to_string(store::latestSchemaVersion()) + R"("}]})",
            r.body);
        const std::string head =
            rawSend(app.port(), "HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        CPPUNIT_ASSERT_MESSAGE(head, head.rfind("HTTP/1.1 503 ", 0) == 0);
        // The version table gone: the database check fails with the database's reason.
        app.server().database().write([](store::Tx& s) {
            store::sqlExec(s, "ALTER TABLE schema_migrations RENAME TO schema_gone");
        });
        r = app.get("/health", "");
        CPPUNIT_ASSERT_EQUAL(503, r.status);
        CPPUNIT_ASSERT_MESSAGE(r.body, r.body.rfind(R"({"status":"unavailable","failed":[)"
                                                    R"({"check":"database","message":")",
                                                    0) == 0);
        CPPUNIT_ASSERT_EQUAL(200, app.get("/health/live", "").status);
    }

    void testNoPlugins() {
        const std::string empty = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(empty);
        {
            HarnessOptions options;
            options.pluginDirs = {empty};
            AppHarness app(options);
            auto r = app.get("/health", "");
            CPPUNIT_ASSERT_EQUAL(503, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string(R"({"status":"unavailable","failed":[{"check":)"
                                             R"("plugins","message":"no importer plugin is )"
                                             R"(loaded"}]})"),
                                 r.body);
        }
        std::filesystem::remove_all(empty);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HealthTest);
