// Bulk writes on both databases (run again as store_native_pg on the PostgreSQL cluster, where
// BatchInsert writes with COPY): hostile text comes back byte for byte, NULL stays NULL, a
// failed batch rolls back everything and says why.
#include "TestDatabase.h"
#include "store/BatchInsert.h"
#include "store/Database.h"
#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

#include <limits>
#include <memory>
#include <stdexcept>

using namespace finimport;
using namespace finimport::store;

class NativeWritesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NativeWritesTest);
    CPPUNIT_TEST(testHostileTextRoundTripsExactly);
    CPPUNIT_TEST(testChunksAreWrittenAsTheyFill);
    CPPUNIT_TEST(testFailedBatchRollsBackAndSaysWhy);
    CPPUNIT_TEST(testStreamedCopyWritesEverythingOrNothing);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<test::ScratchDatabase> _db;

    static std::string hostile(int64_t i) {
        static const char* parts[] = {"tab\there", "line\nbreak", "cr\rlf\r\n", "back\\slash",
                                      "\\N",       "\\.",         "",           "Zürich € ✓",
                                      "quote'\"",  "\\t literal", "end\\"};
        return std::string(parts[i % 11]) + "#" + std::to_string(i);
    }

public:
    void setUp() override {
        _db = std::make_unique<test::ScratchDatabase>();
        _db->write([](finimport::store::Tx& s) {
            sqlExec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT, amount BIGINT)");
        });
    }
    void tearDown() override { _db.reset(); }

    void testHostileTextRoundTripsExactly() {
        _db->write([](finimport::store::Tx& s) {
            BatchInsert batch(s, "t", {"id", "name", "amount"}, 1000);
            for (int64_t i = 0; i < 2500; ++i)
                batch.add({i, i % 7 == 0 ? SqlValue(nullptr) : SqlValue(hostile(i)),
                           i == 3   ? std::numeric_limits<int64_t>::max()
                           : i == 4 ? std::numeric_limits<int64_t>::min()
                                    : -i * 100000001});
            batch.flush();
            CPPUNIT_ASSERT_EQUAL(size_t(2500), batch.written());
        });
        _db->read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(2500), sqlCount(s, "SELECT COUNT(*) FROM t"));
            CPPUNIT_ASSERT_EQUAL(int64_t(358),
                                 sqlCount(s, "SELECT COUNT(*) FROM t WHERE name IS NULL"));
            auto rows = sqlQuery(s, "SELECT id, name, amount FROM t ORDER BY id");
            for (const auto& r : rows) {
                const int64_t i = r.i64(0);
                if (i % 7 == 0)
                    CPPUNIT_ASSERT(r.isNull(1));
                else
                    CPPUNIT_ASSERT_EQUAL(hostile(i), r.str(1));
            }
            CPPUNIT_ASSERT_EQUAL(std::string("\\N#4"), rows[4].str(1));
            CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::max(), rows[3].i64(2));
            CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::min(), rows[4].i64(2));
            CPPUNIT_ASSERT_EQUAL(int64_t(-2499 * int64_t(100000001)), rows[2499].i64(2));
        });
    }

    void testChunksAreWrittenAsTheyFill() {
        _db->write([](finimport::store::Tx& s) {
            BatchInsert batch(s, "t", {"id", "name", "amount"}, 100);
            // SQLite: 100 rows per statement; PostgreSQL: at least kMinCopyRows per COPY.
            const size_t chunk = batch.rowsPerFlush();
            CPPUNIT_ASSERT_EQUAL(sqlIsPostgres(s) ? BatchInsert::kMinCopyRows : size_t(100), chunk);
            const int64_t total = static_cast<int64_t>(chunk * 5 / 2);
            for (int64_t i = 0; i < total; ++i)
                batch.add({i, std::string("x"), i});
            // Two full chunks are in the table, the last half chunk waits for flush().
            CPPUNIT_ASSERT_EQUAL(static_cast<int64_t>(chunk * 2),
                                 sqlCount(s, "SELECT COUNT(*) FROM t"));
            CPPUNIT_ASSERT_EQUAL(chunk / 2, batch.pending());
            batch.flush();
            CPPUNIT_ASSERT_EQUAL(total, sqlCount(s, "SELECT COUNT(*) FROM t"));
            // The session is usable for ordinary statements after a COPY.
            CPPUNIT_ASSERT_EQUAL(total * (total - 1) / 2,
                                 sqlCount(s, "SELECT SUM(amount) FROM t WHERE id < ?", {total}));
        });
    }

    void testFailedBatchRollsBackAndSaysWhy() {
        std::string message;
        try {
            _db->write([](finimport::store::Tx& s) {
                BatchInsert batch(s, "t", {"id", "name", "amount"}, 10);
                for (int64_t i = 0; i < 15; ++i) // id 0 again in the second chunk
                    batch.add({i % 12, std::string("x"), i});
                batch.flush();
            });
        } catch (const std::exception& e) {
            message = e.what();
        }
        const bool named = message.find("duplicate key") != std::string::npos ||
                           message.find("UNIQUE") != std::string::npos;
        CPPUNIT_ASSERT_MESSAGE(message, named);
        _db->read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(s, "SELECT COUNT(*) FROM t"));
        });
        // The pooled connection that failed is healthy again.
        _db->write([](finimport::store::Tx& s) {
            BatchInsert batch(s, "t", {"id", "name", "amount"}, 10);
            batch.add({int64_t(1), std::string("ok"), int64_t(1)});
            batch.flush();
        });
        _db->read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(std::string("ok"),
                                 sqlQueryOne(s, "SELECT name FROM t WHERE id = 1")->str(0));
        });
    }

    // PostgreSQL, streamOnPostgres: rows go to one COPY in pieces as they are added, flush()
    // ends it; a batch abandoned mid-COPY (an exception before flush) writes nothing and leaves
    // the connection healthy. On SQLite the batch writes as before.
    void testStreamedCopyWritesEverythingOrNothing() {
        const int64_t rows = 20000; // a few pieces of kStreamPiece bytes
        _db->write([&](finimport::store::Tx& s) {
            BatchInsert batch(s, "t", {"id", "name", "amount"}, 100, false);
            CPPUNIT_ASSERT_EQUAL(sqlIsPostgres(s), batch.streamOnPostgres());
            for (int64_t i = 0; i < rows; ++i)
                batch.add({i, hostile(i), i});
            batch.flush();
            CPPUNIT_ASSERT_EQUAL(size_t(rows), batch.written());
            CPPUNIT_ASSERT_EQUAL(rows, sqlCount(s, "SELECT COUNT(*) FROM t"));
        });
        _db->read([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(
                hostile(rows - 1),
                sqlQueryOne(s, "SELECT name FROM t WHERE id = ?", {rows - 1})->str(0));
        });
        bool thrown = false;
        try {
            _db->write([&](finimport::store::Tx& s) {
                BatchInsert batch(s, "t", {"id", "name", "amount"}, 100, false);
                batch.streamOnPostgres();
                for (int64_t i = rows; i < 2 * rows; ++i)
                    batch.add({i, std::string("abandoned"), i});
                throw std::runtime_error("the caller fails before flush()");
            });
        } catch (const std::runtime_error&) {
            thrown = true;
        }
        CPPUNIT_ASSERT(thrown);
        _db->write([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(rows, sqlCount(s, "SELECT COUNT(*) FROM t"));
            sqlExec(s, "INSERT INTO t (id, name, amount) VALUES (?, 'after', 0)", {int64_t(-1)});
        });
        _db->read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(std::string("after"),
                                 sqlQueryOne(s, "SELECT name FROM t WHERE id = -1")->str(0));
        });
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NativeWritesTest);
