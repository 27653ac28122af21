// Repository functions that took over statements from app/: the LIKE pre-filter of
// row edits matches pattern characters literally, named-record lookups stay inside the family,
// a Balance line is inserted once and then updated, security metadata fills only what is
// missing. On both databases.
#include "LedgerSeed.h"
#include "TestDatabase.h"
#include "store/AccountStore.h"
#include "store/BackupLedgerWrites.h"
#include "store/Database.h"
#include "store/FamilyStore.h"
#include "store/ImportRowQueries.h"
#include "store/ImportStore.h"
#include "store/Migrations.h"
#include "store/NamedRecords.h"
#include "store/SecurityStore.h"
#include "store/Sql.h"
#include "store/TaxonomyStore.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <stdexcept>

using namespace finimport;
using namespace finimport::store;

class StoreQueriesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StoreQueriesTest);
    CPPUNIT_TEST(testRowFilterMatchesPatternCharactersLiterally);
    CPPUNIT_TEST(testNamedRecordsStayInTheirFamily);
    CPPUNIT_TEST(testImportedBalanceInsertedThenUpdated);
    CPPUNIT_TEST(testSecurityMetadataFillsOnlyMissingColumns);
    CPPUNIT_TEST(testCachedCountSurvivesBookkeepingWrites);
    CPPUNIT_TEST(testTextComparesBytes);
    CPPUNIT_TEST(testListIndexesCoverTheEntriesOfEarlierVersions);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<test::ScratchDatabase> _db;

    static ImportRowRecord row(int64_t number, const std::string& fields, bool valid = true,
                               bool excluded = false) {
        ImportRowRecord r;
        r.rowNumber = number;
        r.kind = "transaction";
        r.fields = fields;
        r.valid = valid;
        r.excluded = excluded;
        return r;
    }

public:
    void setUp() override {
        _db = std::make_unique<test::ScratchDatabase>(3);
        migrate(*_db);
    }
    void tearDown() override { _db.reset(); }

    // Schema v18 (docs/decisions.md D145, D146) on a ledger written before it: the counts and
    // the search index cover the rows that were already there, and the triggers keep them
    // from then on.
    void testListIndexesCoverTheEntriesOfEarlierVersions() {
        test::ScratchDatabase db(3);
        migrate(db, 16);
        auto entry = [](Tx& s, const std::string& id, const std::string& account,
                        const std::string& type, const std::string& name) {
            sqlExec(s,
                    "INSERT INTO entries (id, account_id, entryable_type, date, amount, currency, "
                    "name, created_at, updated_at) VALUES (?, ?, ?, '2024-01-01', 100, 'USD', ?, "
                    "1, 1)",
                    {id, account, type, name});
        };
        auto balance = [](Tx& s, const std::string& id, const std::string& account,
                          const std::string& date) {
            sqlExec(s,
                    "INSERT INTO balances (id, account_id, date, currency, balance, "
                    "start_cash_balance, start_non_cash_balance, cash_inflows, cash_outflows, "
                    "non_cash_inflows, non_cash_outflows, net_market_flows, cash_adjustments, "
                    "non_cash_adjustments, end_cash_balance, end_non_cash_balance, flows_factor, "
                    "created_at, updated_at) VALUES (?, ?, ?, 'USD', 0, 0, 0, 0, 0, 0, 0, 0, 0, "
                    "0, 0, 0, 1, 1, 1)",
                    {id, account, date});
        };
        db.write([&](Tx& s) {
            test::insertFamilyWithAccounts(s, {"a1", "a2"});
            entry(s, "e1", "a1", "Transaction", "Corner Bakery");
            entry(s, "e2", "a1", "Transaction", "Fuel");
            entry(s, "e3", "a2", "Trade", "Buy ACME");
            balance(s, "b1", "a1", "2024-01-01");
            balance(s, "b2", "a1", "2024-01-02");
        });
        migrate(db);
        auto counts = [&] {
            std::string out;
            db.read([&](Tx& s) {
                for (const auto& r :
                     sqlQuery(s, "SELECT account_id, entryable_type, n FROM entry_counts UNION "
                                 "ALL SELECT account_id, currency, n FROM balance_counts ORDER "
                                 "BY 1, 2"))
                    out += r.str(0) + " " + r.str(1) + " " + std::to_string(r.i64(2)) + ";";
            });
            return out;
        };
        CPPUNIT_ASSERT_EQUAL(std::string("a1 Transaction 2;a1 USD 2;a2 Trade 1;"), counts());
        db.write([&](Tx& s) {
            entry(s, "e4", "a2", "Transaction", "Bakery two");
            sqlExec(s, "DELETE FROM entries WHERE id = 'e2'");
            sqlExec(s, "UPDATE entries SET account_id = 'a2' WHERE id = 'e1'");
            sqlExec(s, "DELETE FROM balances WHERE id = 'b1'");
        });
        CPPUNIT_ASSERT_EQUAL(std::string("a1 Transaction 0;a1 USD 1;a2 Trade 1;a2 Transaction 2;"),
                             counts());
        db.read([&](Tx& s) {
            const bool pg = sqlIsPostgres(s);
            if (pg)
                CPPUNIT_ASSERT_EQUAL(int64_t(2),
                                     sqlCount(s, "SELECT COUNT(*) FROM pg_indexes WHERE "
                                                 "indexname IN ('entry_names_trgm', "
                                                 "'entries_notes_trgm')"));
            // Schema v21 (SQLite), v22 (PostgreSQL): the names' dictionary and its trigram
            // index follow the same writes.
            std::string found;
            for (const auto& r :
                 sqlQuery(s, pg ? "SELECT d.account_id, d.name, d.merchant_id, d.n FROM "
                                  "entry_names d WHERE d.name ILIKE '%akery%' ORDER BY d.name"
                                : "SELECT d.account_id, d.name, d.merchant_id, d.n FROM "
                                  "entry_names_search f JOIN entry_names d ON d.rowid = f.rowid "
                                  "WHERE entry_names_search MATCH '\"akery\"' ORDER BY d.name"))
                found += r.str(0) + " " + r.str(1) + " '" + r.str(2) + "' " +
                         std::to_string(r.i64(3)) + ";";
            CPPUNIT_ASSERT_EQUAL(std::string("a2 Bakery two '' 1;a2 Corner Bakery '' 1;"), found);
            CPPUNIT_ASSERT_EQUAL(int64_t(2), sqlCount(s, "SELECT COUNT(*) FROM entry_names"));
            if (pg) return;
            sqlExec(s, "INSERT INTO entry_names_search (entry_names_search) VALUES "
                       "('integrity-check')");
            sqlExec(s, "INSERT INTO entries_notes_search (entries_notes_search) VALUES "
                       "('integrity-check')");
        });
    }

    // Schema v11: text sorts and compares by bytes on both stores (SQLite's BINARY, PostgreSQL's
    // "C" on every text column), so an upper-case name sorts before a lower-case one and a
    // non-ASCII one last.
    void testTextComparesBytes() {
        _db->write([&](finimport::store::Tx& s) {
            FamilyStore families(s);
            for (const char* name : {"b", "\xC3\xA9", "B", "a"})
                families.createFamily(name, "USD");
        });
        std::vector<std::string> names;
        _db->read([&](finimport::store::Tx& s) {
            for (const auto& r : sqlQuery(s, "SELECT name FROM families ORDER BY name"))
                names.push_back(r.str(0));
            if (_db->isPostgres())
                CPPUNIT_ASSERT_EQUAL(
                    int64_t(0),
                    sqlCount(s, "SELECT COUNT(*) FROM information_schema.columns WHERE "
                                "table_schema = current_schema() AND data_type = 'text' AND "
                                "collation_name IS DISTINCT FROM 'C'"));
        });
        const std::vector<std::string> expected = {"B", "a", "b", "\xC3\xA9"};
        CPPUNIT_ASSERT(names == expected);
    }

    // Database::cachedCount answers from its cache until a write() changed rows; a
    // writeBookkeeping() (job leases, keys' last-used times) that changed rows keeps it.
    void testCachedCountSurvivesBookkeepingWrites() {
        std::string familyId;
        _db->write([&](finimport::store::Tx& s) {
            familyId = FamilyStore(s).createFamily("F", "USD").id;
        });
        int counted = 0;
        auto countFamilies = [&] {
            return _db->cachedCount("families", [&](finimport::store::Tx& s) {
                ++counted;
                return sqlCount(s, "SELECT COUNT(*) FROM families");
            });
        };
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countFamilies());
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countFamilies());
        CPPUNIT_ASSERT_EQUAL(1, counted);
        // A bookkeeping write that changes a row (here: a family's name stands in for a lease).
        _db->writeBookkeeping([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(
                size_t(1), sqlExec(s, "UPDATE families SET name = 'G' WHERE id = ?", {familyId}));
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countFamilies());
        CPPUNIT_ASSERT_EQUAL(1, counted);
        // A write that changes rows drops it: the new family is counted.
        _db->write([&](finimport::store::Tx& s) { FamilyStore(s).createFamily("H", "EUR"); });
        CPPUNIT_ASSERT_EQUAL(int64_t(2), countFamilies());
        CPPUNIT_ASSERT_EQUAL(2, counted);
    }

    void testRowFilterMatchesPatternCharactersLiterally() {
        _db->write([](finimport::store::Tx& s) {
            auto family = FamilyStore(s).createFamily("F", "USD");
            ImportStore imports(s);
            ImportRecord import;
            import.familyId = family.id;
            import.type = "TransactionImport";
            imports.insert(import);
            std::vector<ImportRowRecord> rows = {row(1, R"({"category":"50%_off!"})"),
                                                 row(2, R"({"category":"50xxoff!"})"),
                                                 row(3, R"({"category":"50%_off!"})", false),
                                                 row(4, R"({"category":"50%_off!"})", true, true),
                                                 row(5, R"({"category":"5!0%_off"})")};
            for (auto& r : rows)
                r.importId = import.id;
            imports.insertRows(rows);
            imports.updateRow(rows[3]); // uploads write no exclusion: a row edit sets it
            // Row 2 would match if % and _ were wildcards; row 4 is excluded; row 3 invalid.
            auto valid = rowFieldsContaining(s, import.id, 0, false, "50%_off!", 10);
            CPPUNIT_ASSERT_EQUAL(size_t(1), valid.size());
            CPPUNIT_ASSERT_EQUAL(std::string(R"({"category":"50%_off!"})"), valid[0]);
            CPPUNIT_ASSERT_EQUAL(size_t(2),
                                 rowFieldsContaining(s, import.id, 0, true, "50%_off!", 10).size());
            // The row being edited is left out; the limit bounds the answer.
            CPPUNIT_ASSERT_EQUAL(size_t(1),
                                 rowFieldsContaining(s, import.id, 1, true, "50%_off!", 10).size());
            CPPUNIT_ASSERT_EQUAL(size_t(1),
                                 rowFieldsContaining(s, import.id, 0, true, "50%_off!", 1).size());
            CPPUNIT_ASSERT_EQUAL(size_t(1),
                                 rowFieldsContaining(s, import.id, 0, false, "5!0%", 10).size());
            CPPUNIT_ASSERT_EQUAL(int64_t(1), invalidRowCount(s, import.id));
            CPPUNIT_ASSERT(firstInvalidRowNumbers(s, import.id, 5) == std::vector<int64_t>{3});
        });
    }

    void testNamedRecordsStayInTheirFamily() {
        _db->write([](finimport::store::Tx& s) {
            auto mine = FamilyStore(s).createFamily("Mine", "USD");
            auto other = FamilyStore(s).createFamily("Other", "USD");
            TaxonomyStore taxonomy(s);
            CategoryRow food;
            food.familyId = mine.id;
            food.name = "Food";
            taxonomy.insertCategory(food);
            CategoryRow foreign;
            foreign.familyId = other.id;
            foreign.name = "Rent";
            taxonomy.insertCategory(foreign);
            TagRow imported;
            imported.familyId = mine.id;
            imported.name = "Trip";
            imported.importId = "import-1";
            taxonomy.insertTag(imported);
            TagRow manual;
            manual.familyId = mine.id;
            manual.name = "Work";
            taxonomy.insertTag(manual);

            CPPUNIT_ASSERT_EQUAL(std::string("Food"),
                                 *nameInFamily(s, NamedTable::Categories, food.id, mine.id));
            CPPUNIT_ASSERT(!nameInFamily(s, NamedTable::Categories, foreign.id, mine.id));
            CPPUNIT_ASSERT(idInFamily(s, NamedTable::Categories, food.id, mine.id));
            CPPUNIT_ASSERT(!idInFamily(s, NamedTable::Categories, food.id, other.id));
            CPPUNIT_ASSERT(!idInFamily(s, NamedTable::Tags, food.id, mine.id));
            CPPUNIT_ASSERT_EQUAL(food.id, *idByName(s, NamedTable::Categories, mine.id, "Food"));
            CPPUNIT_ASSERT(!idByName(s, NamedTable::Categories, mine.id, "food"));
            CPPUNIT_ASSERT(!idByName(s, NamedTable::Categories, mine.id, "Rent"));
            CPPUNIT_ASSERT(namesNotOfImport(s, NamedTable::Tags, mine.id, "import-1") ==
                           std::set<std::string>{"Work"});
            // '' stands for "no import": records of no import are then left out as well.
            CPPUNIT_ASSERT(namesNotOfImport(s, NamedTable::Tags, mine.id, "") ==
                           std::set<std::string>{"Trip"});
        });
    }

    void testImportedBalanceInsertedThenUpdated() {
        _db->write([](finimport::store::Tx& s) {
            auto family = FamilyStore(s).createFamily("F", "USD");
            AccountRow account;
            account.familyId = family.id;
            account.name = "Checking";
            account.currency = "USD";
            AccountStore(s).insert(account);
            ImportedBalance b;
            b.accountId = account.id;
            b.date = "2024-03-01";
            b.currency = "USD";
            b.importId = "import-1";
            b.balance = 12'345'000'000; // 123.45
            b.cashBalance = b.endCashBalance = 10'000'000'000;
            b.endNonCashBalance = 2'345'000'000;
            b.flowsFactor = -1;
            auto id = upsertImportedBalance(s, b);
            CPPUNIT_ASSERT(id.has_value());
            b.balance = 50'000'000; // 0.50
            b.importId = "import-2";
            CPPUNIT_ASSERT(!upsertImportedBalance(s, b)); // same account, date, currency
            auto rows = sqlQuery(s,
                                 "SELECT id, balance, cash_balance, end_non_cash_balance, "
                                 "flows_factor, import_id FROM balances WHERE account_id = ?",
                                 {account.id});
            CPPUNIT_ASSERT_EQUAL(size_t(1), rows.size());
            CPPUNIT_ASSERT_EQUAL(*id, rows[0].str(0));
            CPPUNIT_ASSERT_EQUAL(int64_t(50'000'000), rows[0].i64(1));
            CPPUNIT_ASSERT_EQUAL(int64_t(10'000'000'000), rows[0].i64(2));
            CPPUNIT_ASSERT_EQUAL(int64_t(2'345'000'000), rows[0].i64(3));
            CPPUNIT_ASSERT_EQUAL(int64_t(-1), rows[0].i64(4));
            CPPUNIT_ASSERT_EQUAL(std::string("import-1"), rows[0].str(5)); // the owner stays
            b.currency = "EUR";
            CPPUNIT_ASSERT(upsertImportedBalance(s, b).has_value());
        });
    }

    void testSecurityMetadataFillsOnlyMissingColumns() {
        _db->write([](finimport::store::Tx& s) {
            auto family = FamilyStore(s).createFamily("F", "USD");
            std::string id = SecurityStore(s).findOrCreate(family.id, "AAPL", "XNAS", "Apple");
            fillSecurityColumn(s, id, "country_code", "US");
            fillSecurityColumn(s, id, "country_code", "DE"); // already set: kept
            fillSecurityColumn(s, id, "website_url", "");
            fillSecurityColumn(s, id, "website_url", "apple.com"); // '' counts as missing
            fillSecurityColumn(s, id, "kind", "etf"); // findOrCreate's "standard" is kept
            auto r = sqlQueryOne(
                s, "SELECT country_code, website_url, kind FROM securities WHERE id = ?", {id});
            CPPUNIT_ASSERT_EQUAL(std::string("US"), r->str(0));
            CPPUNIT_ASSERT_EQUAL(std::string("apple.com"), r->str(1));
            CPPUNIT_ASSERT_EQUAL(std::string("standard"), r->str(2));
            CPPUNIT_ASSERT_THROW(fillSecurityColumn(s, id, "ticker", "MSFT"),
                                 std::invalid_argument);
        });
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StoreQueriesTest);
