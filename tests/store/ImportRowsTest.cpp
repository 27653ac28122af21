// An import's rows stored in chunks (store/RowChunk.h, schema v9), on both databases: pages by
// position across chunk edges, pages of invalid rows found through the chunks' counts, the
// newest-first order of QIF, a row edit that rewrites its chunk and keeps every id, row
// numbers that do not ascend.
#include "TestDatabase.h"
#include "store/Database.h"
#include "store/FamilyStore.h"
#include "store/ImportRowQueries.h"
#include "store/ImportStore.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport;
using namespace finimport::store;

class ImportRowsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ImportRowsTest);
    CPPUNIT_TEST(testPagesCrossChunkEdges);
    CPPUNIT_TEST(testInvalidRowPages);
    CPPUNIT_TEST(testNewestFirstOrder);
    CPPUNIT_TEST(testRowEditRewritesItsChunkOnly);
    CPPUNIT_TEST(testRowNumbersInFileOrder);
    CPPUNIT_TEST(testManyChunksAreReadInPages);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<test::ScratchDatabase> _db;
    std::string _importId;

    // Rows with these numbers, in this order: every 7th invalid, fields {"n":"<number>"}, sort
    // keys that repeat every 10 rows.
    void storeRows(const std::vector<int64_t>& numbers) {
        _db->write([&](finimport::store::Tx& s) {
            auto family = FamilyStore(s).createFamily("F", "USD");
            ImportStore imports(s);
            ImportRecord import;
            import.familyId = family.id;
            import.type = "TransactionImport";
            imports.insert(import);
            _importId = import.id;
            std::vector<ImportRowRecord> rows;
            for (int64_t n : numbers) {
                ImportRowRecord r;
                r.importId = import.id;
                r.rowNumber = n;
                r.kind = "transaction";
                r.fields = "{\"n\":\"" + std::to_string(n) + "\"}";
                r.valid = n % 7 != 0;
                r.sortKey = "2024-01-" + std::to_string(10 + n % 10);
                rows.push_back(r);
            }
            imports.insertRows(rows);
        });
    }
    std::vector<ImportRowRecord> page(int64_t offset, int64_t limit, bool invalid = false,
                                      bool newest = false) {
        std::vector<ImportRowRecord> out;
        _db->read([&](finimport::store::Tx& s) {
            RowPageQuery q;
            q.onlyInvalid = invalid;
            q.newestFirst = newest;
            q.offset = offset;
            q.limit = limit;
            out = ImportStore(s).rowsPage(_importId, q);
        });
        return out;
    }
    static std::vector<int64_t> numbers(const std::vector<ImportRowRecord>& rows) {
        std::vector<int64_t> out;
        for (const auto& r : rows)
            out.push_back(r.rowNumber);
        return out;
    }
    static std::vector<int64_t> range(int64_t from, int64_t to, int64_t step = 1) {
        std::vector<int64_t> out;
        for (int64_t n = from; n <= to; n += step)
            out.push_back(n);
        return out;
    }

public:
    void setUp() override {
        _db = std::make_unique<test::ScratchDatabase>(3);
        migrate(*_db);
    }
    void tearDown() override { _db.reset(); }

    void testPagesCrossChunkEdges() {
        storeRows(range(1, 600));
        CPPUNIT_ASSERT(numbers(page(0, 25)) == range(1, 25));
        CPPUNIT_ASSERT(numbers(page(250, 25)) == range(251, 275)); // chunks 1 and 2
        CPPUNIT_ASSERT(numbers(page(500, 25)) == range(501, 525)); // chunks 2 and 3
        CPPUNIT_ASSERT(numbers(page(590, 25)) == range(591, 600));
        CPPUNIT_ASSERT(page(600, 25).empty());
        CPPUNIT_ASSERT(numbers(page(0, 600)) == range(1, 600));
        const auto row = page(299, 1).at(0);
        CPPUNIT_ASSERT_EQUAL(std::string("{\"n\":\"300\"}"), row.fields);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-10"), *row.sortKey);
        CPPUNIT_ASSERT_EQUAL(_importId, row.importId);
        CPPUNIT_ASSERT(row.valid);
        CPPUNIT_ASSERT(!page(6, 1).at(0).valid); // row 7
    }

    void testInvalidRowPages() {
        storeRows(range(1, 600));
        // 85 invalid rows: 7, 14, ..., 595.
        CPPUNIT_ASSERT(numbers(page(0, 100, true)) == range(7, 595, 7));
        CPPUNIT_ASSERT(numbers(page(30, 5, true)) == range(217, 245, 7)); // the 31st is 217
        CPPUNIT_ASSERT(numbers(page(84, 5, true)) == std::vector<int64_t>{595});
        CPPUNIT_ASSERT(page(85, 5, true).empty());
        _db->read([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(85), invalidRowCount(s, _importId));
            CPPUNIT_ASSERT(firstInvalidRowNumbers(s, _importId, 3) == range(7, 21, 7));
            // The text pre-filter: valid rows only unless asked, never the edited row.
            const std::vector<std::string> valid14 = {
                "{\"n\":\"141\"}", "{\"n\":\"142\"}", "{\"n\":\"143\"}", "{\"n\":\"144\"}",
                "{\"n\":\"145\"}", "{\"n\":\"146\"}", "{\"n\":\"148\"}", "{\"n\":\"149\"}"};
            CPPUNIT_ASSERT(rowFieldsContaining(s, _importId, 0, false, "\"14", 10) == valid14);
            CPPUNIT_ASSERT_EQUAL(size_t(3),
                                 rowFieldsContaining(s, _importId, 140, true, "\"14", 3).size());
        });
    }

    void testNewestFirstOrder() {
        storeRows(range(1, 30));
        // Sort key desc (2024-01-19 first: rows 9, 19, 29), then id desc (later rows first).
        CPPUNIT_ASSERT(numbers(page(0, 7, false, true)) ==
                       std::vector<int64_t>({29, 19, 9, 28, 18, 8, 27}));
        CPPUNIT_ASSERT(numbers(page(27, 5, false, true)) == std::vector<int64_t>({30, 20, 10}));
        CPPUNIT_ASSERT(numbers(page(0, 5, true, true)) == std::vector<int64_t>({28, 7, 14, 21}));
    }

    void testRowEditRewritesItsChunkOnly() {
        storeRows(range(1, 600));
        const auto before = page(0, 600);
        _db->write([&](finimport::store::Tx& s) {
            ImportStore imports(s);
            auto row = imports.rowByNumber(_importId, 300);
            CPPUNIT_ASSERT(row);
            CPPUNIT_ASSERT_EQUAL(before[299].id, row->id);
            row->fields = "{\"n\":\"edited\"}";
            row->errors = "[{\"code\":\"x\"}]";
            row->valid = false;
            imports.updateRow(*row);
            auto excluded = imports.rowByNumber(_importId, 302); // a valid row: no count moves
            excluded->excluded = true;
            imports.updateRow(*excluded);
        });
        const auto after = page(0, 600);
        CPPUNIT_ASSERT_EQUAL(size_t(600), after.size());
        for (size_t i = 0; i < after.size(); ++i) {
            CPPUNIT_ASSERT_EQUAL(before[i].id, after[i].id);
            if (i != 299) CPPUNIT_ASSERT_EQUAL(before[i].fields, after[i].fields);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("{\"n\":\"edited\"}"), after[299].fields);
        CPPUNIT_ASSERT_EQUAL(std::string("[{\"code\":\"x\"}]"), after[299].errors);
        CPPUNIT_ASSERT(after[301].excluded);
        CPPUNIT_ASSERT(!after[300].excluded);
        _db->read([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(86), invalidRowCount(s, _importId));
            CPPUNIT_ASSERT_EQUAL(int64_t(86),
                                 sqlCount(s, "SELECT CAST(SUM(invalid_count) AS BIGINT) FROM "
                                             "import_row_chunks"));
        });
        CPPUNIT_ASSERT(numbers(page(39, 4, true)) == std::vector<int64_t>({280, 287, 294, 300}));
    }

    void testRowNumbersInFileOrder() {
        storeRows({5, 3, 9, 1});
        CPPUNIT_ASSERT(numbers(page(0, 10)) == std::vector<int64_t>({5, 3, 9, 1}));
        _db->read([&](finimport::store::Tx& s) {
            ImportStore imports(s);
            CPPUNIT_ASSERT_EQUAL(std::string("{\"n\":\"3\"}"),
                                 imports.rowByNumber(_importId, 3)->fields);
            CPPUNIT_ASSERT(!imports.rowByNumber(_importId, 4));
        });
    }

    // 17,000 rows are 67 chunks: more than one query's worth (store/RowChunk.cpp reads 64
    // chunks per query), so every read crosses a page of chunks.
    void testManyChunksAreReadInPages() {
        storeRows(range(1, 17000));
        int64_t seen = 0, last = 0;
        bool ordered = true;
        _db->read([&](finimport::store::Tx& s) {
            ImportStore(s).forEachRowView(_importId, [&](const ImportRowView& row) {
                ordered &= row.rowNumber == last + 1;
                last = row.rowNumber;
                ++seen;
            });
            CPPUNIT_ASSERT_EQUAL(int64_t(2428), invalidRowCount(s, _importId));
            CPPUNIT_ASSERT(rowFieldsContaining(s, _importId, 0, false, "\"16999\"", 5) ==
                           std::vector<std::string>{"{\"n\":\"16999\"}"});
            CPPUNIT_ASSERT(firstInvalidRowNumbers(s, _importId, 2500) == range(7, 16996, 7));
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(17000), seen);
        CPPUNIT_ASSERT(ordered);
        CPPUNIT_ASSERT(numbers(page(16990, 20)) == range(16991, 17000));
        CPPUNIT_ASSERT(numbers(page(2420, 20, true)) == range(16947, 16996, 7));
        CPPUNIT_ASSERT(numbers(page(0, 2500, true)) == range(7, 16996, 7));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ImportRowsTest);
