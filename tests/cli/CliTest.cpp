// Runs the real `finimport` binary: migrate, keys, plugins, and serve stopped by SIGTERM.
#include "HttpClient.h"
#include "store/Migrations.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <Poco/StreamCopier.h>
#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sys/wait.h>
#include <thread>

namespace {

struct Run {
    int exitCode;
    std::string out;
};

Run run(const std::vector<std::string>& args) {
    Poco::Pipe outPipe;
    auto handle = Poco::Process::launch(FINIMPORT_EXE, args, nullptr, &outPipe, nullptr);
    Poco::PipeInputStream in(outPipe);
    std::string out;
    Poco::StreamCopier::copyToString(in, out);
    return {handle.wait(), out};
}

std::string lastLine(const std::string& text) {
    std::string t = text;
    while (!t.empty() && t.back() == '\n')
        t.pop_back();
    return t.substr(t.rfind('\n') == std::string::npos ? 0 : t.rfind('\n') + 1);
}

} // namespace

class CliTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CliTest);
    CPPUNIT_TEST(testMigrateTwice);
    CPPUNIT_TEST(testKeysCreateListRevoke);
    CPPUNIT_TEST(testPluginsListsTheCsvTypes);
    CPPUNIT_TEST(testServeStopsOnSigterm);
    CPPUNIT_TEST(testSystemdUnitIsBounded);
    CPPUNIT_TEST_SUITE_END();

    std::string _dir, _db;

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
        _db = "sqlite:" + _dir + "/cli.db";
    }
    void tearDown() override { std::filesystem::remove_all(_dir); }

    void testMigrateTwice() {
        auto first = run({"migrate", "--database", _db});
        CPPUNIT_ASSERT_EQUAL(0, first.exitCode);
        // v1 schema, v2 securities per family, v3 read indexes, v4 import rows, v5 job request
        // ids, v6 (main), v7 excluded import rows, v8 partial entry
        // indexes, … v12 entry keys checked per statement on PostgreSQL.
        // Every migration of the build, up to the last version (versions may leave gaps).
        const auto& all = finimport::store::allMigrations();
        const std::string version = "schema version " + std::to_string(all.back().version);
        CPPUNIT_ASSERT_MESSAGE(first.out, first.out.find(std::to_string(all.size()) +
                                                         " migration(s) applied, " + version) !=
                                              std::string::npos);
        auto second = run({"migrate", "--database", _db});
        CPPUNIT_ASSERT_MESSAGE(second.out, second.out.find("0 migration(s) applied, " + version) !=
                                               std::string::npos);
    }

    void testKeysCreateListRevoke() {
        auto created = run({"keys", "create", "--database", _db, "--family", "Demo", "--name", "ci",
                            "--scope", "read"});
        CPPUNIT_ASSERT_EQUAL(0, created.exitCode);
        std::string key = lastLine(created.out);
        CPPUNIT_ASSERT(std::regex_match(key, std::regex("[0-9a-f]{64}")));
        auto list = run({"keys", "list", "--database", _db});
        CPPUNIT_ASSERT(list.out.find(key.substr(0, 8)) != std::string::npos);
        CPPUNIT_ASSERT(list.out.find(key) == std::string::npos); // never the key itself
        CPPUNIT_ASSERT(list.out.find("active") != std::string::npos);
        auto revoked = run({"keys", "revoke", key.substr(0, 8), "--database", _db});
        CPPUNIT_ASSERT_EQUAL(0, revoked.exitCode);
        CPPUNIT_ASSERT(run({"keys", "list", "--database", _db}).out.find("revoked") !=
                       std::string::npos);
        // An unknown scope is refused with a non-zero exit code.
        CPPUNIT_ASSERT(run({"keys", "create", "--database", _db, "--family", "Demo", "--name", "x",
                            "--scope", "admin"})
                           .exitCode != 0);
    }

    void testPluginsListsTheCsvTypes() {
        auto r = run({"plugins"});
        CPPUNIT_ASSERT_EQUAL(0, r.exitCode);
        CPPUNIT_ASSERT(r.out.find("TransactionImport  csv") != std::string::npos);
        CPPUNIT_ASSERT(r.out.find("AccountImport  csv") != std::string::npos);
    }

    void testServeStopsOnSigterm() {
        Poco::Pipe outPipe;
        auto handle = Poco::Process::launch(FINIMPORT_EXE,
                                            {"serve", "--listen", "127.0.0.1:0", "--database", _db},
                                            nullptr, &outPipe, nullptr);
        Poco::PipeInputStream in(outPipe);
        std::string line;
        std::getline(in, line);
        std::smatch m;
        CPPUNIT_ASSERT_MESSAGE(
            line, std::regex_search(line, m, std::regex("listening on 127\\.0\\.0\\.1:(\\d+)")));
        uint16_t port = static_cast<uint16_t>(std::stoi(m[1]));
        auto health = finimport::test::httpSend(port, "GET", "/health");
        CPPUNIT_ASSERT_EQUAL(200, health.status);
        auto start = std::chrono::steady_clock::now();
        ::kill(handle.id(), SIGTERM);
        int code = handle.wait();
        auto elapsed = std::chrono::steady_clock::now() - start;
        CPPUNIT_ASSERT_EQUAL(0, code);
        CPPUNIT_ASSERT(elapsed < std::chrono::seconds(10));
    }

    // The packaged unit keeps written files private and bounds memory and
    // tasks, each directive exactly once in [Service].
    void testSystemdUnitIsBounded() {
        std::ifstream in(std::string(FINIMPORT_SOURCE_DIR) + "/packaging/finimport.service");
        CPPUNIT_ASSERT(in.good());
        std::string line, section;
        std::map<std::string, std::string> service;
        while (std::getline(in, line)) {
            if (line.rfind("[", 0) == 0) section = line;
            auto eq = line.find('=');
            if (section == "[Service]" && eq != std::string::npos && line[0] != '#')
                CPPUNIT_ASSERT(service.emplace(line.substr(0, eq), line.substr(eq + 1)).second);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("0077"), service["UMask"]);
        CPPUNIT_ASSERT_EQUAL(std::string("2G"), service["MemoryMax"]);
        CPPUNIT_ASSERT_EQUAL(std::string("512"), service["TasksMax"]);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CliTest);
