// Upload row storage (store/RowInserter): rows are stored in chunks of 256 (or 64 KB) and a
// tail; every value round-trips exactly and ids are UUIDv7 text in creation order.
#include "store/RowInserter.h"
#include "TempDirFixture.h"
#include "store/Database.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <regex>

using namespace finimport::store;

class RowInserterTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(RowInserterTest);
    CPPUNIT_TEST(testBatchesAndTailRoundTripExactly);
    CPPUNIT_TEST(testChunkClosesAtItsByteBound);
    CPPUNIT_TEST_SUITE_END();

    // Schema v9's table, without the foreign key to imports.
    static void createChunkTable(finimport::store::Tx& s) {
        sqlExec(s, "CREATE TABLE import_row_chunks (import_id TEXT NOT NULL, first_index BIGINT "
                   "NOT NULL, row_count INTEGER NOT NULL, first_row BIGINT NOT NULL, last_row "
                   "BIGINT NOT NULL, invalid_count INTEGER NOT NULL, first_id TEXT NOT NULL, "
                   "data TEXT NOT NULL, PRIMARY KEY (import_id, first_index))");
    }

public:
    void testBatchesAndTailRoundTripExactly() {
        Database db("sqlite:" + _dir + "/rows.db");
        db.write([](finimport::store::Tx& s) {
            createChunkTable(s);
            RowInserter inserter(s);
            for (int64_t i = 1; i <= 600; ++i) { // 2 full chunks and a tail of 88
                ImportRowRecord row;
                row.importId = "imp";
                row.rowNumber = i;
                row.kind = "transaction";
                row.fields = "{\"name\":\"caf\xC3\xA9 \\\"" + std::to_string(i) + "\\\"\"}";
                row.errors = i % 3 == 0 ? "[{\"code\":\"required\"}]" : "[]";
                if (i % 2 == 0) row.sortKey = "2024-01-" + std::to_string(10 + i % 20);
                row.valid = i % 3 != 0;
                inserter.add(row);
            }
            CPPUNIT_ASSERT_EQUAL(int64_t(512), inserter.written());
            CPPUNIT_ASSERT_EQUAL(int64_t(2), sqlCount(s, "SELECT COUNT(*) FROM import_row_chunks"));
            inserter.flush();
            CPPUNIT_ASSERT_EQUAL(int64_t(600), inserter.written());
        });
        db.read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(3), sqlCount(s, "SELECT COUNT(*) FROM import_row_chunks"));
            CPPUNIT_ASSERT_EQUAL(int64_t(600),
                                 sqlCount(s, "SELECT SUM(row_count) FROM import_row_chunks"));
            CPPUNIT_ASSERT_EQUAL(int64_t(200),
                                 sqlCount(s, "SELECT SUM(invalid_count) FROM import_row_chunks"));
            CPPUNIT_ASSERT_EQUAL(int64_t(513),
                                 sqlCount(s, "SELECT first_row FROM "
                                             "import_row_chunks WHERE first_index = 512"));
            CPPUNIT_ASSERT_EQUAL(int64_t(600),
                                 sqlCount(s, "SELECT last_row FROM "
                                             "import_row_chunks WHERE first_index = 512"));
            ImportStore imports(s);
            auto row = imports.rowByNumber("imp", 599);
            CPPUNIT_ASSERT(row);
            CPPUNIT_ASSERT_EQUAL(std::string("{\"name\":\"caf\xC3\xA9 \\\"599\\\"\"}"),
                                 row->fields);
            CPPUNIT_ASSERT_EQUAL(std::string("[]"), row->errors);
            CPPUNIT_ASSERT_EQUAL(std::string(""), *row->sortKey); // '' rather than NULL
            CPPUNIT_ASSERT_EQUAL(std::string("transaction"), row->kind);
            CPPUNIT_ASSERT_EQUAL(std::string("imp"), row->importId);
            CPPUNIT_ASSERT(row->valid);
            CPPUNIT_ASSERT(!imports.rowByNumber("imp", 600)->valid);
            CPPUNIT_ASSERT_EQUAL(std::string("2024-01-10"),
                                 *imports.rowByNumber("imp", 600)->sortKey);
            CPPUNIT_ASSERT(!imports.rowByNumber("imp", 601));
            CPPUNIT_ASSERT(!imports.rowByNumber("imp", 0));
            // UUIDv7 text, and id order is insertion order.
            const std::regex uuid("[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-"
                                  "[0-9a-f]{12}");
            std::string previous;
            for (int64_t n : {1, 2, 255, 256, 257, 512, 513, 600}) {
                const std::string id = imports.rowByNumber("imp", n)->id;
                CPPUNIT_ASSERT_MESSAGE(id, std::regex_match(id, uuid));
                CPPUNIT_ASSERT_MESSAGE(previous + " < " + id, previous < id);
                previous = id;
            }
        });
    }

    void testChunkClosesAtItsByteBound() {
        Database db("sqlite:" + _dir + "/big.db");
        db.write([](finimport::store::Tx& s) {
            createChunkTable(s);
            RowInserter inserter(s);
            for (int64_t i = 1; i <= 5; ++i) { // 30,000 bytes each: three fill a chunk
                ImportRowRecord row;
                row.importId = "imp";
                row.rowNumber = i;
                row.kind = "transaction";
                row.fields = std::string(30000, 'x');
                inserter.add(row);
            }
            inserter.flush();
            std::vector<int64_t> counts;
            for (const auto& r : sqlQuery(s, "SELECT row_count FROM import_row_chunks ORDER BY "
                                             "first_index"))
                counts.push_back(r.i64(0));
            CPPUNIT_ASSERT(counts == std::vector<int64_t>({3, 2}));
            CPPUNIT_ASSERT_EQUAL(std::string(30000, 'x'),
                                 ImportStore(s).rowByNumber("imp", 4)->fields);
        });
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RowInserterTest);
