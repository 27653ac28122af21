// Database URLs: `sqlite:PATH` and `postgresql://USER[:PASS]@HOST[:PORT]/DB`.
#include "store/DatabaseUrl.h"
#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

#include <stdexcept>

using finimport::store::DatabaseUrl;

class DatabaseUrlTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DatabaseUrlTest);
    CPPUNIT_TEST(testSqlite);
    CPPUNIT_TEST(testPostgres);
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
                "host='db.local' port=5433 dbname='finimport' user='fin' password='s@cret'"),
            u.connectionString());
        CPPUNIT_ASSERT_EQUAL(std::string("postgresql://fin:***@db.local:5433/finimport"),
                             u.redacted());
        CPPUNIT_ASSERT_EQUAL(5432, DatabaseUrl::parse("postgresql://u@h/d").port);
    }

    void testRejects() {
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("mysql://u@h/d"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("sqlite:"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://h/d"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://u@h"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(DatabaseUrl::parse("postgresql://u@h:x/d"), std::invalid_argument);
    }

    void testPlaceholders() {
        CPPUNIT_ASSERT_EQUAL(std::string("SELECT $1, '?', $2"),
                             finimport::store::numberPlaceholders("SELECT ?, '?', ?"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DatabaseUrlTest);
