// Multi-row batch inserts (store/BatchInsert, store/EntryBatch) and time-ordered ids: exact
// round trips across chunk boundaries, nulls, nothing written before flush, bad widths refused.
#include "store/BatchInsert.h"
#include "TempDirFixture.h"
#include "store/Database.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <limits>
#include <stdexcept>

using namespace finimport::store;

class BatchInsertTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(BatchInsertTest);
    CPPUNIT_TEST(testRowsAcrossChunksRoundTripExactly);
    CPPUNIT_TEST(testNothingWrittenBeforeFlushWithoutAutoFlush);
    CPPUNIT_TEST(testWrongWidthIsRefused);
    CPPUNIT_TEST(testFailedBatchRollsBackEverything);
    CPPUNIT_TEST(testOrderedUuidsSortInCreationOrder);
    CPPUNIT_TEST_SUITE_END();

public:
    std::string url() const { return "sqlite:" + _dir + "/batch.db"; }

    static void createTable(finimport::store::Tx& s) {
        sqlExec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT, amount BIGINT)");
    }

    void testRowsAcrossChunksRoundTripExactly() {
        Database db(url());
        db.write([](finimport::store::Tx& s) {
            createTable(s);
            BatchInsert batch(s, "t", {"id", "name", "amount"}, 100);
            for (int64_t i = 0; i < 1234; ++i)
                batch.add({i, i % 5 == 0 ? SqlValue(nullptr) : SqlValue("n'" + std::to_string(i)),
                           i == 7 ? std::numeric_limits<int64_t>::max() : -i * 100000000});
            batch.flush();
            CPPUNIT_ASSERT_EQUAL(size_t(1234), batch.written());
        });
        db.read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(1234), sqlCount(s, "SELECT COUNT(*) FROM t"));
            CPPUNIT_ASSERT_EQUAL(int64_t(247),
                                 sqlCount(s, "SELECT COUNT(*) FROM t WHERE name IS NULL"));
            auto row = sqlQueryOne(s, "SELECT name, amount FROM t WHERE id = 1233");
            CPPUNIT_ASSERT_EQUAL(std::string("n'1233"), row->str(0));
            CPPUNIT_ASSERT_EQUAL(int64_t(-123300000000), row->i64(1));
            CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::max(),
                                 sqlCount(s, "SELECT amount FROM t WHERE id = 7"));
        });
    }

    void testNothingWrittenBeforeFlushWithoutAutoFlush() {
        Database db(url());
        db.write([](finimport::store::Tx& s) {
            createTable(s);
            BatchInsert batch(s, "t", {"id", "name", "amount"}, 10, false);
            for (int64_t i = 0; i < 25; ++i)
                batch.add({i, std::string("x"), i});
            CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(s, "SELECT COUNT(*) FROM t"));
            CPPUNIT_ASSERT_EQUAL(size_t(25), batch.pending());
            batch.flush();
            CPPUNIT_ASSERT_EQUAL(int64_t(25), sqlCount(s, "SELECT COUNT(*) FROM t"));
            CPPUNIT_ASSERT_EQUAL(size_t(0), batch.pending());
        });
    }

    void testWrongWidthIsRefused() {
        Database db(url());
        db.write([](finimport::store::Tx& s) {
            createTable(s);
            BatchInsert batch(s, "t", {"id", "name", "amount"});
            CPPUNIT_ASSERT_THROW(batch.add({int64_t(1), std::string("x")}), std::invalid_argument);
        });
    }

    void testFailedBatchRollsBackEverything() {
        Database db(url());
        db.write([](finimport::store::Tx& s) { createTable(s); });
        // A duplicate primary key in the second chunk: the first chunk is rolled back too.
        CPPUNIT_ASSERT_THROW(db.write([](finimport::store::Tx& s) {
            BatchInsert batch(s, "t", {"id", "name", "amount"}, 10);
            for (int64_t i = 0; i < 15; ++i)
                batch.add({i % 12, std::string("x"), i});
            batch.flush();
        }),
                             std::exception);
        db.read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(s, "SELECT COUNT(*) FROM t"));
        });
    }

    void testOrderedUuidsSortInCreationOrder() {
        std::string previous;
        for (int i = 0; i < 20000; ++i) {
            std::string id = newOrderedUuid();
            CPPUNIT_ASSERT_EQUAL(size_t(36), id.size());
            CPPUNIT_ASSERT_EQUAL('7', id[14]); // version 7
            CPPUNIT_ASSERT(id[19] == '8' || id[19] == '9' || id[19] == 'a' || id[19] == 'b');
            CPPUNIT_ASSERT(previous < id);
            previous = id;
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BatchInsertTest);
