// Upload row storage (store/RowInserter): SQLite rows go through the C API in batches of 256
// and a tail; every value round-trips exactly and ids are UUIDv7 text in creation order.
#include "store/RowInserter.h"
#include "store/Database.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <regex>

using namespace finimport::store;

class RowInserterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RowInserterTest);
    CPPUNIT_TEST(testBatchesAndTailRoundTripExactly);
    CPPUNIT_TEST_SUITE_END();

    std::string _dir;

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
    }
    void tearDown() override { std::filesystem::remove_all(_dir); }

    void testBatchesAndTailRoundTripExactly() {
        Database db("sqlite:" + _dir + "/rows.db");
        db.write([](finimport::store::Tx& s) {
            sqlExec(s, "CREATE TABLE import_rows (id TEXT PRIMARY KEY, import_id TEXT, "
                       "row_number BIGINT, kind TEXT, fields TEXT, errors TEXT, sort_key TEXT, "
                       "valid BIGINT)");
            RowInserter inserter(s);
            for (int64_t i = 1; i <= 600; ++i) { // 2 full batches and a tail of 88
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
            CPPUNIT_ASSERT_EQUAL(int64_t(512), sqlCount(s, "SELECT COUNT(*) FROM import_rows"));
            inserter.flush();
            CPPUNIT_ASSERT_EQUAL(int64_t(600), inserter.written());
        });
        db.read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(600), sqlCount(s, "SELECT COUNT(*) FROM import_rows"));
            CPPUNIT_ASSERT_EQUAL(int64_t(200),
                                 sqlCount(s, "SELECT COUNT(*) FROM import_rows WHERE valid = 0"));
            auto row = sqlQueryOne(s, "SELECT fields, errors, sort_key, kind, import_id FROM "
                                      "import_rows WHERE row_number = 599");
            CPPUNIT_ASSERT_EQUAL(std::string("{\"name\":\"caf\xC3\xA9 \\\"599\\\"\"}"),
                                 row->str(0));
            CPPUNIT_ASSERT_EQUAL(std::string("[]"), row->str(1));
            CPPUNIT_ASSERT_EQUAL(std::string(""), row->str(2)); // '' rather than NULL
            CPPUNIT_ASSERT_EQUAL(std::string("transaction"), row->str(3));
            CPPUNIT_ASSERT_EQUAL(std::string("imp"), row->str(4));
            CPPUNIT_ASSERT_EQUAL(std::string("2024-01-10"),
                                 sqlQueryOne(s, "SELECT sort_key FROM import_rows "
                                                "WHERE row_number = 600")
                                     ->str(0));
            // UUIDv7 text, and id order is insertion order.
            const std::regex uuid("[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-"
                                  "[0-9a-f]{12}");
            std::string previous;
            for (int64_t n : {1, 2, 255, 256, 257, 512, 513, 600}) {
                const std::string id =
                    sqlQueryOne(s, "SELECT id FROM import_rows WHERE row_number = " +
                                       std::to_string(n))
                        ->str(0);
                CPPUNIT_ASSERT_MESSAGE(id, std::regex_match(id, uuid));
                CPPUNIT_ASSERT_MESSAGE(previous + " < " + id, previous < id);
                previous = id;
            }
        });
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RowInserterTest);
