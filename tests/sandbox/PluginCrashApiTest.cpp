// A third-party plugin that crashes, loops or eats memory fails its upload with a clear 422,
// stores nothing, and the server keeps answering (/health, other imports).
#include "AppHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>

using namespace finimport;
using namespace finimport::test;

class PluginCrashApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PluginCrashApiTest);
    CPPUNIT_TEST(crashingPluginAnswers422AndServerKeepsServing);
    CPPUNIT_TEST(loopingAndHungryPluginsHitTheirLimits);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        HarnessOptions options;
        // The hostile directory is third-party: isolated by default (no plugins.isolation set).
        options.pluginDirs = {SANDBOX_FIXTURE_DIR, FINIMPORT_PLUGIN_BUILD_DIR};
        options.configure = [](server::Config& c) {
            c.pluginRunTimeoutSeconds = 2;
            c.pluginMemoryLimitMb = 256;
        };
        _app = std::make_unique<AppHarness>(options);
        _key = _app->createKey("Family");
    }
    void tearDown() override { _app.reset(); }

    HttpResult upload(const std::string& content) {
        return _app->postJson(
            "/api/v1/imports",
            R"({"type":"TransactionImport","raw_file_content":")" + content + R"("})", _key);
    }

    void checkRefused(const HttpResult& r, const std::string& message) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
        auto body = jsonObject(r);
        CPPUNIT_ASSERT_EQUAL(std::string("plugin_failed"), body->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(message, body->getValue<std::string>("message"));
    }

    void checkStillServing() {
        auto health = _app->get("/health", "");
        CPPUNIT_ASSERT_EQUAL(200, health.status);
        auto list = _app->get("/api/v1/imports", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(list.body, 200, list.status);
        CPPUNIT_ASSERT_EQUAL(size_t{0}, jsonObject(list)->getArray("data")->size());
    }

    void crashingPluginAnswers422AndServerKeepsServing() {
        checkRefused(upload("date,amount\\ncrash,1\\n"), "The import plugin crashed (signal 11)");
        checkStillServing();
        checkRefused(_app->postJson("/api/v1/imports/preflight",
                                    R"({"type":"QifImport","raw_file_content":"crash"})", _key),
                     "The import plugin crashed (signal 11)");
        // The plugin's own fatal errors keep their usual handling (not plugin_failed).
        auto ordinary = upload("date,amount\\n");
        CPPUNIT_ASSERT(ordinary.body.find("plugin_failed") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/health", "").status);
    }

    void loopingAndHungryPluginsHitTheirLimits() {
        const auto start = std::chrono::steady_clock::now();
        checkRefused(upload("loop"), "The import plugin exceeded its time limit of 2 s");
        CPPUNIT_ASSERT(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
#ifndef FINIMPORT_SANITIZED // no RLIMIT_AS under ASan
        checkRefused(upload("hungry"), "The import plugin exceeded its memory limit of 256 MB");
#endif
        checkStillServing();
    }

private:
    std::unique_ptr<AppHarness> _app;
    std::string _key;
};

CPPUNIT_TEST_SUITE_REGISTRATION(PluginCrashApiTest);
