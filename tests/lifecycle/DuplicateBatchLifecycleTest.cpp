// Duplicate rules (docs/decisions.md D18, docs/imports.md §7.1) under the set-based publish (issue
// 11): candidates are read once per account and rows claim them in file order, entries are written
// in multi-row batches. A row repeated inside one file is not a duplicate of itself; re-publishing
// creates nothing; each existing entry absorbs at most one row; batch boundaries change nothing.
#include "LifecycleSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

using namespace finimport::test;

namespace {

const std::string kIso = R"("date_format":"%Y-%m-%d")";

int64_t duplicates(AppHarness& app, const std::string& key, const std::string& id) {
    return importDetail(app, key, id)
        ->getObject("stats")
        ->getValue<int64_t>("duplicate_rows_count");
}

// What the import created or matched. The entries a publish creates are not listed in
// import_records: they name the import in entries.import_id (docs/architecture.md, "What an
// import owns"), so `created` counts both.
int64_t records(AppHarness& app, const std::string& id, const std::string& relation) {
    const int64_t listed =
        storeCount(app, "SELECT COUNT(*) FROM import_records WHERE import_id = ? AND relation = ?",
                   {id, relation});
    if (relation != "created") return listed;
    return listed + storeCount(app, "SELECT COUNT(*) FROM entries WHERE import_id = ?", {id});
}

// `rows` distinct transactions over several days, more than one insert batch (500 rows).
std::string manyRows(int rows) {
    std::string csv = "date,name,amount,account,category,tags\n";
    for (int i = 0; i < rows; ++i)
        csv += "2024-0" + std::to_string(1 + i % 9) + "-1" + std::to_string(i % 10) + ",Shop " +
               std::to_string(i) + ",-" + std::to_string(1 + i % 97) + "." +
               std::to_string(10 + i % 89) + ",Main,Cat " + std::to_string(i % 7) + ",t" +
               std::to_string(i % 3) + "\n";
    return csv;
}

} // namespace

class DuplicateBatchLifecycleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DuplicateBatchLifecycleTest);
    CPPUNIT_TEST(sameRowTwiceInOneFileIsNotItsOwnDuplicate);
    CPPUNIT_TEST(eachExistingEntryAbsorbsOneRow);
    CPPUNIT_TEST(republishAcrossBatchesCreatesNothing);
    CPPUNIT_TEST_SUITE_END();

public:
    void sameRowTwiceInOneFileIsNotItsOwnDuplicate() {
        AppHarness app;
        auto key = app.createKey("Fam");
        const std::string csv = "date,name,amount,account\n"
                                "2024-03-01,Coffee,-4.50,Main\n"
                                "2024-03-01,Coffee,-4.50,Main\n"
                                "2024-03-02,Tea,-3.00,Main\n";
        auto first = createImport(app, key, importBody("TransactionImport", csv, kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, first));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), duplicates(app, key, first));
        CPPUNIT_ASSERT_EQUAL(int64_t(2),
                             storeCount(app, "SELECT COUNT(*) FROM entries WHERE name = 'Coffee' "
                                             "AND amount = 450000000 AND date = '2024-03-01'"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3 + 1), records(app, first, "created")); // + account Main
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storeCount(app,
                                                    "SELECT COUNT(*) FROM import_records WHERE "
                                                    "import_id = ? AND record_type = 'Account'",
                                                    {first}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app,
                                                    "SELECT COUNT(*) FROM import_records WHERE "
                                                    "import_id = ? AND record_type = 'Entry'",
                                                    {first}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), records(app, first, "matched"));
        // Balance after both coffees and the tea: 4.50 + 4.50 + 3.00 spent.
        CPPUNIT_ASSERT_EQUAL(int64_t(-1200000000),
                             storeCount(app, "SELECT balance FROM balances WHERE date = "
                                             "'2024-03-02'"));

        // The same file again: both coffees and the tea match, nothing is created.
        auto second = createImport(app, key, importBody("TransactionImport", csv, kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), duplicates(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), records(app, second, "created"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), records(app, second, "matched"));
    }

    void eachExistingEntryAbsorbsOneRow() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto seed = createImport(app, key,
                                 importBody("TransactionImport",
                                            "date,name,amount,account\n"
                                            "2024-03-01,Coffee Shop,-4.50,Main\n"
                                            "2024-03-01,Coffee Shop,-4.50,Main\n",
                                            kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, seed));
        // Three equal rows (names differ in case and spacing only) against two existing
        // entries: two match, the third is created; the other amount is new.
        auto id = createImport(app, key,
                               importBody("TransactionImport",
                                          "date,name,amount,account\n"
                                          "2024-03-01,  COFFEE   shop ,-4.50,Main\n"
                                          "2024-03-01,coffee shop,-4.50,Main\n"
                                          "2024-03-01,Coffee Shop,-4.50,Main\n"
                                          "2024-03-01,Coffee Shop,-4.51,Main\n",
                                          kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), duplicates(app, key, id));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), records(app, id, "matched"));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), records(app, id, "created"));
        CPPUNIT_ASSERT_EQUAL(int64_t(4), storeCount(app, "SELECT COUNT(*) FROM entries"));
        // The matched entries are the seed's, oldest first, each claimed once.
        CPPUNIT_ASSERT_EQUAL(
            int64_t(2),
            storeCount(app,
                       "SELECT COUNT(DISTINCT r.record_id) FROM import_records r JOIN entries e ON "
                       "e.id = r.record_id WHERE r.import_id = ? AND r.relation = 'matched' AND "
                       "e.import_id = ?",
                       {id, seed}));
        // Spent on the day: 3 × 4.50 + 4.51.
        CPPUNIT_ASSERT_EQUAL(int64_t(-1801000000),
                             storeCount(app, "SELECT balance FROM balances WHERE date = "
                                             "'2024-03-01'"));
    }

    void republishAcrossBatchesCreatesNothing() {
        AppHarness app;
        auto key = app.createKey("Fam");
        const int rows = 1234; // 2 full batches of 500 and a partial one
        const std::string csv = manyRows(rows);
        auto first = createImport(app, key, importBody("TransactionImport", csv, kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, first));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), storeCount(app, "SELECT COUNT(*) FROM transactions"));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows),
                             storeCount(app, "SELECT COUNT(*) FROM transaction_tags"));
        CPPUNIT_ASSERT_EQUAL(int64_t(7), storeCount(app, "SELECT COUNT(*) FROM categories"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), storeCount(app, "SELECT COUNT(*) FROM tags"));
        // Every row's amount, exactly (money out is positive in the engine sign).
        int64_t expected = 0;
        for (int i = 0; i < rows; ++i)
            expected += (int64_t(1 + i % 97) * 100 + (10 + i % 89)) * 1000000;
        CPPUNIT_ASSERT_EQUAL(expected, storeCount(app, "SELECT SUM(amount) FROM entries"));
        const int64_t balance = storeCount(app, "SELECT balance FROM accounts WHERE name = 'Main'");
        CPPUNIT_ASSERT_EQUAL(-expected, balance);

        auto second = createImport(app, key, importBody("TransactionImport", csv, kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), duplicates(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), records(app, second, "created"));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), records(app, second, "matched"));
        CPPUNIT_ASSERT_EQUAL(balance,
                             storeCount(app, "SELECT balance FROM accounts WHERE name = 'Main'"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DuplicateBatchLifecycleTest);
