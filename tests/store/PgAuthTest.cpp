// PostgreSQL connections as a production server has them (docs/configuration.md "database"):
// the test cluster accepts passwords only (scram-sha-256; md5 for md5_* roles,
// scripts/pg-test-cluster.sh). Runs only in the PostgreSQL pass (store_pg_auth_pg).
#include "TestDatabase.h"
#include "store/Database.h"
#include "store/DatabaseUrl.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>

using namespace finimport;
using namespace finimport::store;

namespace {

std::string percentEncode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (isalnum(c)) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string one(Database& db, const std::string& sql) {
    std::string value;
    db.read([&](Tx& s) { value = sqlQueryOne(s, sql)->str(0); });
    return value;
}

std::string connectError(const std::string& url) {
    try {
        Database db(url, 2);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "(connected)";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

class PgAuthTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PgAuthTest);
    CPPUNIT_TEST(testMd5RoleWithSpecialPasswordAndSettings);
    CPPUNIT_TEST(testWrongOrMissingPasswordNamesTheHost);
    CPPUNIT_TEST(testHostListAndUnixSocket);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<test::ScratchDatabase> _db;
    DatabaseUrl _url;

public:
    void setUp() override {
        _db = std::make_unique<test::ScratchDatabase>(2);
        _url = _db->url();
    }
    void tearDown() override { _db.reset(); }

    void testMd5RoleWithSpecialPasswordAndSettings() {
        std::string role = "md5_" + newUuid();
        role.erase(std::remove(role.begin(), role.end(), '-'), role.end());
        const std::string password = "p@ss w:\\'%/?#&=;";
        std::string quoted;
        for (char c : password)
            quoted += c == '\'' ? std::string("''") : std::string(1, c);
        // Members of md5_users authenticate with md5 (scripts/pg-test-cluster.sh, pg_hba.conf).
        _db->write([&](Tx& s) {
            sqlExec(s, "DO $$ BEGIN CREATE ROLE md5_users NOLOGIN; "
                       "EXCEPTION WHEN duplicate_object THEN NULL; END $$");
        });
        _db->write([&](Tx& s) {
            sqlExec(s, "SET LOCAL password_encryption = 'md5'");
            sqlExec(s,
                    "CREATE ROLE " + role + " LOGIN IN ROLE md5_users PASSWORD '" + quoted + "'");
        });
        const std::string url = "postgresql://" + role + ":" + percentEncode(password) + "@" +
                                _url.host + ":" + std::to_string(_url.port) + "/" + _url.database +
                                "?sslmode=disable&application_name=fi-auth";
        {
            DatabaseOptions options;
            options.maxSessions = 2;
            options.statementTimeoutMs = 1234;
            Database db(url, options);
            CPPUNIT_ASSERT_EQUAL(role, one(db, "SELECT current_user"));
            CPPUNIT_ASSERT_EQUAL(std::string("1234ms"), one(db, "SHOW statement_timeout"));
            CPPUNIT_ASSERT_EQUAL(std::string("force_custom_plan"), one(db, "SHOW plan_cache_mode"));
            CPPUNIT_ASSERT_EQUAL(std::string("fi-auth"), one(db, "SHOW application_name"));
        }
        // Stored as md5, it cannot have passed scram-sha-256: the md5 method did it.
        CPPUNIT_ASSERT_EQUAL(std::string("md5"),
                             one(*_db, "SELECT left(rolpassword, 3) FROM pg_authid WHERE "
                                       "rolname = '" +
                                           role + "'"));
        _db->write([&](Tx& s) { sqlExec(s, "DROP ROLE " + role); });
    }

    void testWrongOrMissingPasswordNamesTheHost() {
        const std::string where = "@" + _url.host + ":" + std::to_string(_url.port) + "/";
        const std::string wrong =
            connectError("postgresql://" + _url.user + ":wrong" + where + _url.database);
        CPPUNIT_ASSERT_MESSAGE(wrong, contains(wrong, "cannot connect to the database "
                                                      "postgresql://postgres:***@" +
                                                          _url.host));
        CPPUNIT_ASSERT_MESSAGE(wrong, contains(wrong, "password authentication failed"));
        CPPUNIT_ASSERT_MESSAGE(wrong, !contains(wrong, "wrong"));
        // No password at all: the cluster trusts no one (every _pg suite proves a password).
        // On the maintenance database: libpq gives up before the server does, and the server
        // side of that attempt waits out authentication_timeout (it would delay the DROP of
        // this test's database).
        const std::string none = connectError("postgresql://" + _url.user + where + "postgres");
        CPPUNIT_ASSERT_MESSAGE(none, contains(none, "cannot connect to the database"));
    }

    void testHostListAndUnixSocket() {
        const std::string auth = "postgresql://" + _url.user + ":" + percentEncode(_url.password);
        // The first host refuses: libpq tries the next.
        {
            Database db(auth + "@" + _url.host + ":1," + _url.host + ":" +
                            std::to_string(_url.port) + "/" + _url.database + "?connect_timeout=5",
                        2);
            CPPUNIT_ASSERT_EQUAL(std::string("1"), one(db, "SELECT 1"));
        }
        // The cluster's socket directory is recorded next to its URL.
        std::string urlFile = std::getenv("FINIMPORT_TEST_PG_URL_FILE");
        std::ifstream in(urlFile.substr(0, urlFile.rfind('/') + 1) + "dir");
        std::string dir;
        CPPUNIT_ASSERT(std::getline(in, dir));
        Database db(auth + "@" + percentEncode(dir) + ":" + std::to_string(_url.port) + "/" +
                        _url.database,
                    2);
        CPPUNIT_ASSERT_EQUAL(std::string(""),
                             one(db, "SELECT coalesce(inet_server_addr()::text, '')"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PgAuthTest);
