// StatementCache (the hot reads' prepared statements per connection) on both databases: the
// same values as Poco's sqlQuery (NULLs, 64-bit extremes, text with separators), a statement
// reused across calls and sessions, errors reported, the per-connection bound.
#include "TestDatabase.h"
#include "store/Database.h"
#include "store/Sql.h"
#include "store/StatementCache.h"

#include <cppunit/extensions/HelperMacros.h>

#include <limits>
#include <memory>

using namespace finimport;
using namespace finimport::store;

class NativeReadsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NativeReadsTest);
    CPPUNIT_TEST(testValuesMatchPocoQueries);
    CPPUNIT_TEST(testRepeatedAndManyDistinctQueries);
    CPPUNIT_TEST(testErrorsAreReported);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<test::ScratchDatabase> _db;

public:
    void setUp() override {
        _db = std::make_unique<test::ScratchDatabase>(3);
        _db->write([](finimport::store::Tx& s) {
            sqlExec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT, amount BIGINT)");
            sqlExec(s, "INSERT INTO t VALUES (1, 'a\tb\\nc', ?), (2, NULL, ?), (3, '', NULL)",
                    {std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()});
        });
    }
    void tearDown() override { _db.reset(); }

    void testValuesMatchPocoQueries() {
        _db->read([&](finimport::store::Tx& s) {
            auto expected = sqlQuery(s, "SELECT id, name, amount FROM t WHERE id >= ? ORDER BY id",
                                     {int64_t(1)});
            size_t i = 0;
            _db->statements().query(s, "SELECT id, name, amount FROM t WHERE id >= ? ORDER BY id",
                                    {int64_t(1)}, [&](const NativeRow& r) {
                                        const auto& e = expected.at(i++);
                                        CPPUNIT_ASSERT_EQUAL(e.i64(0), r.i64(0));
                                        CPPUNIT_ASSERT_EQUAL(e.isNull(1), r.isNull(1));
                                        CPPUNIT_ASSERT(e.optStr(1) == r.optStr(1));
                                        CPPUNIT_ASSERT(e.optI64(2) == r.optI64(2));
                                    });
            CPPUNIT_ASSERT_EQUAL(size_t(3), i);
            CPPUNIT_ASSERT_EQUAL(std::string("a\tb\\nc"), *expected[0].optStr(1));
            CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::min(), *expected[1].optI64(2));
            CPPUNIT_ASSERT(!expected[2].optI64(2));
        });
    }

    void testRepeatedAndManyDistinctQueries() {
        // The same statement from several sessions and many times; then more distinct
        // statements than a connection keeps: every answer is still right.
        for (int round = 0; round < 50; ++round)
            _db->read([&](finimport::store::Tx& s) {
                CPPUNIT_ASSERT_EQUAL(int64_t(round % 3 == 0 ? 3 : 2),
                                     _db->statements().count(s,
                                                             "SELECT COUNT(*) FROM t WHERE id > ?",
                                                             {int64_t(round % 3 == 0 ? 0 : 1)}));
            });
        for (size_t n = 0; n < StatementCache::kPerConnection * 2 + 5; ++n)
            _db->read([&](finimport::store::Tx& s) {
                CPPUNIT_ASSERT_EQUAL(int64_t(n + 2), _db->statements().count(
                                                         s,
                                                         "SELECT COUNT(*) + " + std::to_string(n) +
                                                             " FROM t WHERE name IS NULL OR id = ?",
                                                         {int64_t(3)}));
            });
        // Written rows are seen by cached statements (no stale snapshot between calls).
        _db->write([](finimport::store::Tx& s) { sqlExec(s, "INSERT INTO t VALUES (4, 'd', 4)"); });
        _db->read([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(
                int64_t(3),
                _db->statements().count(s, "SELECT COUNT(*) FROM t WHERE id > ?", {int64_t(1)}));
        });
    }

    void testErrorsAreReported() {
        _db->read([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_THROW(_db->statements().count(s, "SELECT COUNT(*) FROM missing", {}),
                                 std::runtime_error);
            // The connection still answers afterwards.
            CPPUNIT_ASSERT_EQUAL(int64_t(3),
                                 _db->statements().count(s, "SELECT COUNT(*) FROM t", {}));
        });
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NativeReadsTest);
