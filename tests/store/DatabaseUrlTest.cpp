// Database URLs: `sqlite:PATH` and libpq's connection URIs.
#include "store/DatabaseUrl.h"
#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

#include <stdexcept>

using finimport::store::DatabaseUrl;

class DatabaseUrlTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DatabaseUrlTest);
    CPPUNIT_TEST(testSqlite);
    CPPUNIT_TEST(testPostgres);
    CPPUNIT_TEST(testUriForms);
    CPPUNIT_TEST(testRejects);
    CPPUNIT_TEST(testPlaceholders);
    CPPUNIT_TEST_SUITE_END();

public:
    void testSqlite() {
        auto u = DatabaseUrl::parse("sqlite:var/finimport.db");
        CPPUNIT_ASSERT(u.kind == DatabaseUrl::Kind::Sqlite);
        CPPUNIT_ASSERT_EQUAL(std::string("var/finimport.db"), u.path);
        CPPUNIT_ASSERT_EQUAL(std::string("SQLite"), u.connector());
        CPPUNIT_ASSERT_EQUAL(std::string("/tmp/x.db"),
                             DatabaseUrl::parse("sqlite:///tmp/x.db").path);
    }

    void testPostgres() {
        auto u = DatabaseUrl::parse("postgresql://fin:s%40cret@db.local:5433/finimport");
        CPPUNIT_ASSERT(u.kind == DatabaseUrl::Kind::PostgreSql);
        CPPUNIT_ASSERT_EQUAL(std::string("fin"), u.user);
        CPPUNIT_ASSERT_EQUAL(std::string("s@cret"), u.password);
        CPPUNIT_ASSERT_EQUAL(5433, u.port);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                "user='fin' password='s@cret' dbname='finimport' host='db.local' port='5433'"),
            u.connectionString());
        CPPUNIT_ASSERT_EQUAL(std::string("postgresql://fin:***@db.local:5433/finimport"),
                             u.redacted());
        CPPUNIT_ASSERT_EQUAL(5432, DatabaseUrl::parse("postgresql://u@h/d").port);
    }

    // Every libpq URI form (docs/configuration.md "database").
    void testUriForms() {
        // A password with a space goes through a password file: Poco splits on spaces.
        auto spaced = DatabaseUrl::parse("postgres://fi:p%40ss%20w@127.0.0.1/fi?sslmode=require");
        CPPUNIT_ASSERT_EQUAL(std::string("p@ss w"), spaced.password);
        CPPUNIT_ASSERT(spaced.passwordNeedsFile());
        CPPUNIT_ASSERT_THROW(spaced.connectionString(), std::invalid_argument);
        CPPUNIT_ASSERT_EQUAL(std::string("user='fi' dbname='fi' host='127.0.0.1' "
                                         "sslmode='require' passfile='/proc/self/fd/7'"),
                             spaced.connectionString("/proc/self/fd/7"));
        CPPUNIT_ASSERT_EQUAL(std::string("postgresql://fi:***@127.0.0.1/fi?sslmode=require"),
                             spaced.redacted());
        // Quotes and backslashes are escaped for libpq.
        CPPUNIT_ASSERT_EQUAL(std::string("user='u' password='a\\'b\\\\' dbname='d' host='h'"),
                             DatabaseUrl::parse("postgresql://u:a'b%5C@h/d").connectionString());
        auto list = DatabaseUrl::parse("postgresql://u:pw@db1:5433,db2:5434/fi?target_session_"
                                       "attrs=read-write&connect_timeout=5");
        CPPUNIT_ASSERT_EQUAL(std::string("db1"), list.host);
        CPPUNIT_ASSERT_EQUAL(5433, list.port);
        CPPUNIT_ASSERT_EQUAL(std::string("postgresql://u:***@db1:5433,db2:5434/fi?"
                                         "connect_timeout=5&target_session_attrs=read-write"),
                             list.redacted());
        auto socket = DatabaseUrl::parse("postgresql://%2Fvar%2Frun%2Fpostgresql/fi");
        CPPUNIT_ASSERT_EQUAL(std::string("/var/run/postgresql"), socket.host);
        CPPUNIT_ASSERT_EQUAL(std::string(""), socket.user);
        CPPUNIT_ASSERT_EQUAL(std::string("postgresql:///fi?host=%2Fvar%2Frun%2Fpostgresql"),
                             socket.redacted());
        auto query = DatabaseUrl::parse("postgresql:///fi?host=/run/pg&user=fi&port=6543");
        CPPUNIT_ASSERT_EQUAL(std::string("/run/pg"), query.host);
        CPPUNIT_ASSERT_EQUAL(6543, query.port);
    }

    void testRejects() {
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("mysql://u@h/d"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("sqlite:"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://u@h"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://u@h:x/d"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://u@h:70000/d"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://u@h/d?bogus=1"),
                             std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://u@h/d?application_name=a%20b"),
                             std::invalid_argument);
    }

    void testPlaceholders() {
        CPPUNIT_ASSERT_EQUAL(std::string("SELECT $1, '?', $2"),
                             finimport::store::numberPlaceholders("SELECT ?, '?', ?"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DatabaseUrlTest);
