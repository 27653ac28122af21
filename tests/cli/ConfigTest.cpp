// Configuration precedence: flags > FINIMPORT_* environment variables > config file > defaults.
#include "server/Config.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using finimport::server::Config;

namespace {

std::string docsRow(const finimport::server::Setting& s) {
    return std::string("| `") + s.key + "` | `--" + finimport::server::flagFor(s.key) + " " +
           s.metavar + "` | `" + finimport::server::environmentVariableFor(s.key) + "` | " +
           s.defaultText + " | " + s.meaning + " |";
}

} // namespace

class ConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ConfigTest);
    CPPUNIT_TEST(testDefaults);
    CPPUNIT_TEST(testPrecedence);
    CPPUNIT_TEST(testRejects);
    CPPUNIT_TEST(testDocsTableIsTheSettingsTable);
    CPPUNIT_TEST(testUnknownKeyInTheFile);
    CPPUNIT_TEST(testScaleOutSettings);
    CPPUNIT_TEST(testRequestConcurrency);
    CPPUNIT_TEST_SUITE_END();

    std::string _file;

public:
    void setUp() override {
        _file = Poco::TemporaryFile::tempName();
        std::ofstream out(_file);
        out << "# comment\nlisten = 10.0.0.1:1\ndatabase = sqlite:/file.db\nworkers = 3\n"
               "rate_limit.mode = managed\nplugins = /a:/b\n";
        ::unsetenv("FINIMPORT_LISTEN");
        ::unsetenv("FINIMPORT_WORKERS");
        ::unsetenv("FINIMPORT_CONFIG");
    }
    void tearDown() override {
        std::remove(_file.c_str());
        ::unsetenv("FINIMPORT_LISTEN");
        ::unsetenv("FINIMPORT_WORKERS");
        ::unsetenv("FINIMPORT_CONFIG");
    }

    void testDefaults() {
        Config c = Config::load({}, {});
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:3000"), c.listen);
        CPPUNIT_ASSERT_EQUAL(std::string("sqlite:var/finimport.db"), c.database);
        CPPUNIT_ASSERT_EQUAL(std::string("self_hosted"), c.rateLimitMode);
        CPPUNIT_ASSERT_EQUAL(int64_t(10000), c.rowCap);
        CPPUNIT_ASSERT_EQUAL(int64_t(50), c.accountRowCap);
        CPPUNIT_ASSERT_EQUAL(std::string("windows-1250"), c.fallbackCharset);
    }

    void testPrecedence() {
        // File only.
        Config file = Config::load({{"config", _file}}, {});
        CPPUNIT_ASSERT_EQUAL(std::string("10.0.0.1:1"), file.listen);
        CPPUNIT_ASSERT_EQUAL(3, file.workers);
        CPPUNIT_ASSERT_EQUAL(std::string("managed"), file.rateLimitMode);
        CPPUNIT_ASSERT_EQUAL(size_t(2), file.pluginDirs.size());
        // The environment beats the file (and names the file itself).
        ::setenv("FINIMPORT_CONFIG", _file.c_str(), 1);
        ::setenv("FINIMPORT_LISTEN", "10.0.0.2:2", 1);
        ::setenv("FINIMPORT_WORKERS", "5", 1);
        Config env = Config::load({}, {});
        CPPUNIT_ASSERT_EQUAL(std::string("10.0.0.2:2"), env.listen);
        CPPUNIT_ASSERT_EQUAL(5, env.workers);
        CPPUNIT_ASSERT_EQUAL(std::string("sqlite:/file.db"), env.database);
        // Flags beat both.
        Config flags = Config::load({{"listen", "10.0.0.3:3"}}, {"/flag/plugins"});
        CPPUNIT_ASSERT_EQUAL(std::string("10.0.0.3:3"), flags.listen);
        CPPUNIT_ASSERT_EQUAL(5, flags.workers);
        CPPUNIT_ASSERT_EQUAL(size_t(1), flags.pluginDirs.size());
        CPPUNIT_ASSERT_EQUAL(std::string("/flag/plugins"), flags.pluginDirs[0]);
    }

    void testScaleOutSettings() {
        Config d = Config::load({}, {});
        CPPUNIT_ASSERT_EQUAL(30, d.jobLeaseSeconds);
        CPPUNIT_ASSERT_EQUAL(3, d.jobMaxAttempts);
        CPPUNIT_ASSERT_EQUAL(30, d.drainSeconds);
        CPPUNIT_ASSERT_EQUAL(0, d.databasePoolSize);
        CPPUNIT_ASSERT_EQUAL(std::string(""), d.metricsListen);
        ::setenv("FINIMPORT_JOBS_LEASE_SECONDS", "2", 1);
        Config c = Config::load({{"database.pool_size", "12"},
                                 {"database.timeout_ms", "5000"},
                                 {"jobs.max_attempts", "5"},
                                 {"jobs.drain_seconds", "7"},
                                 {"metrics.listen", "127.0.0.1:9300"}},
                                {});
        ::unsetenv("FINIMPORT_JOBS_LEASE_SECONDS");
        CPPUNIT_ASSERT_EQUAL(2, c.jobLeaseSeconds);
        CPPUNIT_ASSERT_EQUAL(12, c.databasePoolSize);
        CPPUNIT_ASSERT_EQUAL(5000, c.statementTimeoutMs);
        CPPUNIT_ASSERT_EQUAL(5, c.jobMaxAttempts);
        CPPUNIT_ASSERT_EQUAL(7, c.drainSeconds);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:9300"), c.metricsListen);
        // Out of range is clamped, like the other bounded settings: a day of lease is plenty.
        CPPUNIT_ASSERT_EQUAL(
            86400, Config::load({{"jobs.lease_seconds", "99999999999"}}, {}).jobLeaseSeconds);
        CPPUNIT_ASSERT_EQUAL(0,
                             Config::load({{"database.timeout_ms", "0"}}, {}).statementTimeoutMs);
        CPPUNIT_ASSERT_THROW(Config::load({{"database.pool_size", "0"}}, {}),
                             std::invalid_argument);
    }

    // docs/decisions.md D69: 2 per core on SQLite; on PostgreSQL 8 per core, at most the pool.
    void testRequestConcurrency() {
        using finimport::server::Config;
        const int cores = std::max(1, int(std::thread::hardware_concurrency()));
        CPPUNIT_ASSERT_EQUAL(2 * cores, Config::load({}, {}).requestConcurrency());
        const std::string pg = "postgresql://u@127.0.0.1:5432/db";
        CPPUNIT_ASSERT_EQUAL(
            3,
            Config::load({{"database", pg}, {"database.pool_size", "3"}}, {}).requestConcurrency());
        CPPUNIT_ASSERT_EQUAL(std::min(8 * cores, 64 / 4 + 2 + 4),
                             Config::load({{"database", pg}}, {}).requestConcurrency());
        CPPUNIT_ASSERT_EQUAL(
            std::min(8 * cores, 64 / 4 + 2 + 4),
            Config::load({{"database", "postgres://u@127.0.0.1/db"}}, {}).requestConcurrency());
        CPPUNIT_ASSERT_EQUAL(5,
                             Config::load({{"database", pg}, {"http.request_concurrency", "5"}}, {})
                                 .requestConcurrency());
        CPPUNIT_ASSERT_THROW(Config::load({{"http.request_concurrency", "0"}}, {}),
                             std::invalid_argument);
    }

    void testRejects() {
        CPPUNIT_ASSERT_THROW(Config::load({{"workers", "0"}}, {}), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(Config::load({{"rate_limit.mode", "free"}}, {}),
                             std::invalid_argument);
        CPPUNIT_ASSERT_THROW(Config::load({{"config", "/nonexistent/finimport.conf"}}, {}),
                             std::invalid_argument);
    }

    void testDocsTableIsTheSettingsTable() {
        // docs/configuration.md's table is the code's table, row for row, in the same order.
        std::ifstream in(std::string(FINIMPORT_SOURCE_DIR) + "/docs/configuration.md");
        CPPUNIT_ASSERT(in.good());
        std::vector<std::string> rows;
        for (std::string line; std::getline(in, line);)
            if (line.rfind("| `", 0) == 0) rows.push_back(line);
        const auto& table = finimport::server::settings();
        CPPUNIT_ASSERT_EQUAL(table.size(), rows.size());
        for (size_t i = 0; i < table.size(); ++i)
            CPPUNIT_ASSERT_EQUAL(docsRow(table[i]), rows[i]);
    }

    void testUnknownKeyInTheFile() {
        std::ofstream(_file) << "limits.rowz = 5\n";
        try {
            Config::load({{"config", _file}}, {});
            CPPUNIT_FAIL("an unknown key must be refused");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("unknown setting limits.rowz"), std::string(e.what()));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ConfigTest);
