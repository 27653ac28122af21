// The keys of the ledger's entries on both databases: SQLite's foreign keys (schema v1) and
// PostgreSQL's per-statement checks that replaced them (schema v12, docs/decisions.md D71). An
// entry needs its account, a payload row its entry; deleting entries deletes their payload;
// an account that entries use cannot be deleted; a changed key is checked; and the migrations
// keep the rows of a database at version 11 (v13 moves a transaction's columns into its entry,
// D73: `transactions` is a view since, and its rows cannot name a missing entry).
#include "TestDatabase.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/EntryBatch.h"
#include "store/EntryStore.h"
#include "store/FamilyStore.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <Poco/Exception.h>
#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>

using namespace finimport;
using namespace finimport::store;

class EntryKeysTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(EntryKeysTest);
    CPPUNIT_TEST(testWrittenKeysAreChecked);
    CPPUNIT_TEST(testDeletesCascadeOrAreRefused);
    CPPUNIT_TEST(testMigrationKeepsTheRowsOfVersion11);
    CPPUNIT_TEST(testBatchIntoTablesAnalyzedEmpty);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<test::ScratchDatabase> _db;
    std::string _account;

    // The message of the write's failure, lower case ("" when it succeeded).
    std::string failureOf(const std::function<void(Tx&)>& work) {
        std::string m;
        try {
            _db->write(work);
            return "";
        } catch (const Poco::Exception& e) {
            m = e.displayText(); // what() is the exception's class name
        } catch (const std::exception& e) {
            m = e.what();
        }
        std::transform(m.begin(), m.end(), m.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return m.empty() ? "(empty message)" : m;
    }

    // The write fails as a foreign key violation does (PostgreSQL: SQLSTATE 23503).
    void assertKeyViolation(const std::string& sql, const std::vector<SqlValue>& params = {}) {
        const std::string failure = failureOf([&](Tx& s) { sqlExec(s, sql, params); });
        CPPUNIT_ASSERT_MESSAGE(sql + ": " + failure,
                               failure.find("foreign key") != std::string::npos);
        if (!_db->isPostgres()) return;
        // The same statement inside PL/pgSQL: only a foreign_key_violation is caught.
        std::string literal = sql;
        for (const auto& p : params) {
            auto at = literal.find('?');
            literal.replace(at, 1, "'" + std::get<std::string>(p) + "'");
        }
        _db->write([&](Tx& s) {
            sqlExec(s, "CREATE TEMP TABLE IF NOT EXISTS caught (n INTEGER)");
            sqlExec(s, "DELETE FROM caught");
            sqlExec(s, "DO $$ BEGIN " + literal +
                           "; EXCEPTION WHEN foreign_key_violation THEN "
                           "INSERT INTO caught VALUES (1); END $$");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(sql, int64_t(1),
                                         sqlCount(s, "SELECT COUNT(*) FROM caught"));
        });
    }

    static EntryRow entryOn(const std::string& accountId, const std::string& name) {
        EntryRow e;
        e.accountId = accountId;
        e.date = "2024-05-01";
        e.amount = 100'000'000;
        e.currency = "USD";
        e.name = name;
        return e;
    }

    int64_t count(const std::string& sql, const std::vector<SqlValue>& params = {}) {
        int64_t n = 0;
        _db->read([&](Tx& s) { n = sqlCount(s, sql, params); });
        return n;
    }

    // An entry of each payload kind on the account; returns their ids.
    std::vector<std::string> entriesWithPayload(const std::string& accountId) {
        std::vector<std::string> ids;
        _db->write([&](Tx& s) {
            EntryStore entries(s);
            EntryRow t = entryOn(accountId, "Coffee");
            TransactionDetail d;
            d.tagIds = {"tag-1", "tag-2"};
            entries.insertTransaction(t, d);
            EntryRow trade = entryOn(accountId, "Buy");
            TradeDetail td;
            td.qty = 1;
            td.price = 100'000'000;
            td.currency = "USD";
            entries.insertTrade(trade, td);
            EntryRow v = entryOn(accountId, "Balance");
            entries.insertValuation(v, "reconciliation");
            ids = {t.id, trade.id, v.id};
        });
        return ids;
    }

    std::string createAccount(Tx& s) {
        auto family = FamilyStore(s).createFamily("F", "USD");
        AccountRow account;
        account.familyId = family.id;
        account.name = "Checking";
        account.currency = "USD";
        AccountStore(s).insert(account);
        return account.id;
    }

    int64_t payloadRows() {
        return count("SELECT (SELECT COUNT(*) FROM transactions) + (SELECT COUNT(*) FROM "
                     "transaction_tags) + (SELECT COUNT(*) FROM trades) + (SELECT COUNT(*) FROM "
                     "valuations)");
    }

public:
    void setUp() override {
        _db = std::make_unique<test::ScratchDatabase>(3);
        migrate(*_db);
        _db->write([&](Tx& s) { _account = createAccount(s); });
    }
    void tearDown() override { _db.reset(); }

    // One database for several checks: each PostgreSQL database takes seconds to migrate.
    void testWrittenKeysAreChecked() {
        entryOfMissingAccountIsRefused();
        batchOfMissingAccountIsRefused();
        payloadOfMissingEntryIsRefused();
        changedKeysAreChecked();
    }

    void testDeletesCascadeOrAreRefused() {
        deletingEntriesDeletesTheirPayload();
        accountWithEntriesIsNotDeleted();
    }

    void entryOfMissingAccountIsRefused() {
        assertKeyViolation("INSERT INTO entries (id, account_id, entryable_type, date, amount, "
                           "currency, name, created_at, updated_at) VALUES ('e1', ?, "
                           "'Transaction', '2024-05-01', 1, 'USD', 'x', 0, 0)",
                           {std::string("no-such-account")});
        CPPUNIT_ASSERT_EQUAL(int64_t(0), count("SELECT COUNT(*) FROM entries"));
    }

    // The publish path (PostgreSQL: COPY) is checked too, and nothing of the batch stays.
    void batchOfMissingAccountIsRefused() {
        const std::string failure = failureOf([&](Tx& s) {
            TransactionBatch batch(s);
            EntryRow good = entryOn(_account, "Good");
            EntryRow bad = entryOn("no-such-account", "Bad");
            batch.add(good, {});
            batch.add(bad, {});
            batch.flush();
        });
        CPPUNIT_ASSERT_MESSAGE(failure, failure.find("foreign key") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), count("SELECT COUNT(*) FROM entries"));
    }

    void payloadOfMissingEntryIsRefused() {
        const std::string missing = "no-such-entry";
        assertKeyViolation("INSERT INTO transaction_tags (entry_id, tag_id) VALUES (?, 't')",
                           {missing});
        assertKeyViolation("INSERT INTO trades (id, entry_id, qty, price, currency, created_at, "
                           "updated_at) VALUES ('t1', ?, 1, 1, 'USD', 0, 0)",
                           {missing});
        assertKeyViolation("INSERT INTO valuations (entry_id) VALUES (?)", {missing});
        // One missing entry among existing ones fails the whole statement.
        auto ids = entriesWithPayload(_account);
        assertKeyViolation("INSERT INTO transaction_tags (entry_id, tag_id) VALUES (?, 'new'), "
                           "(?, 'new')",
                           {ids[0], missing});
        CPPUNIT_ASSERT_EQUAL(int64_t(2), count("SELECT COUNT(*) FROM transaction_tags"));
        // A payload row for an entry written before this transaction is accepted.
        _db->write([&](Tx& s) {
            sqlExec(s, "INSERT INTO transaction_tags (entry_id, tag_id) VALUES (?, 'new')",
                    {ids[0]});
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(3), count("SELECT COUNT(*) FROM transaction_tags"));
    }

    void deletingEntriesDeletesTheirPayload() {
        auto ids = entriesWithPayload(_account);
        auto kept = entriesWithPayload(_account);
        CPPUNIT_ASSERT_EQUAL(int64_t(10), payloadRows());
        // One entry, then two in one statement.
        _db->write([&](Tx& s) { sqlExec(s, "DELETE FROM entries WHERE id = ?", {ids[0]}); });
        CPPUNIT_ASSERT_EQUAL(int64_t(7), payloadRows());
        _db->write([&](Tx& s) {
            sqlExec(s, "DELETE FROM entries WHERE id IN (?, ?)", {ids[1], ids[2]});
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(5), payloadRows());
        CPPUNIT_ASSERT_EQUAL(
            int64_t(1), count("SELECT COUNT(*) FROM transactions WHERE entry_id = ?", {kept[0]}));
    }

    void accountWithEntriesIsNotDeleted() {
        entriesWithPayload(_account);
        assertKeyViolation("DELETE FROM accounts WHERE id = ?", {_account});
        CPPUNIT_ASSERT_EQUAL(int64_t(1), count("SELECT COUNT(*) FROM accounts"));
        // Its entries first (AccountStore::deleteCascade), then the account.
        _db->write([&](Tx& s) { AccountStore(s).deleteCascade(_account); });
        CPPUNIT_ASSERT_EQUAL(int64_t(0), count("SELECT COUNT(*) FROM accounts"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), payloadRows());
    }

    void changedKeysAreChecked() {
        auto ids = entriesWithPayload(_account);
        assertKeyViolation("UPDATE entries SET account_id = 'no-such-account' WHERE id = ?",
                           {ids[0]});
        assertKeyViolation(
            "UPDATE transaction_tags SET entry_id = 'no-such-entry' WHERE entry_id = ?", {ids[0]});
        assertKeyViolation("UPDATE entries SET id = 'renamed' WHERE id = ?", {ids[0]});
        assertKeyViolation("UPDATE accounts SET id = 'renamed' WHERE id = ?", {_account});
        // Other columns change freely.
        _db->write([&](Tx& s) {
            sqlExec(s, "UPDATE entries SET name = 'Tea', account_id = account_id WHERE id = ?",
                    {ids[0]});
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(1), count("SELECT COUNT(*) FROM entries WHERE name = 'Tea'"));
    }

    // Statistics that call the entries table empty (analyzed before any row) must not turn the
    // per-statement checks into a scan of all entries per new row: with such a plan this batch
    // ran for minutes on PostgreSQL (schema v12's functions keep to index lookups).
    void testBatchIntoTablesAnalyzedEmpty() {
        if (_db->isPostgres())
            _db->write([](Tx& s) {
                sqlExec(s, "ANALYZE entries");
                sqlExec(s, "ANALYZE transaction_tags");
            });
        const int rows = 20000;
        _db->write([&](Tx& s) {
            TransactionBatch batch(s);
            for (int i = 0; i < rows; ++i) {
                EntryRow e = entryOn(_account, "Row " + std::to_string(i));
                TransactionDetail d;
                if (i % 100 == 0) d.tagIds = {"tag"};
                batch.add(e, d);
            }
            batch.flush();
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), count("SELECT COUNT(*) FROM transactions"));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows / 100), count("SELECT COUNT(*) FROM transaction_tags"));
        _db->write(
            [&](Tx& s) { sqlExec(s, "DELETE FROM entries WHERE account_id = ?", {_account}); });
        CPPUNIT_ASSERT_EQUAL(int64_t(0), payloadRows());
    }

    // Versions 12 and 13 applied to a database at version 11 that holds entries: its rows
    // stay, a transaction's category, merchant and kind move into its entry, and the new checks
    // hold for them. The rows are written in version 11's own terms.
    void testMigrationKeepsTheRowsOfVersion11() {
        _db.reset();
        _db = std::make_unique<test::ScratchDatabase>(3);
        CPPUNIT_ASSERT_EQUAL(11, migrate(*_db, 11));
        _db->write([&](Tx& s) {
            _account = createAccount(s);
            sqlExec(s,
                    "INSERT INTO entries (id, account_id, entryable_type, date, amount, currency, "
                    "name, created_at, updated_at) VALUES ('t', ?, 'Transaction', '2024-05-01', "
                    "1, 'USD', 'Coffee', 0, 0), ('b', ?, 'Trade', '2024-05-01', 1, 'USD', 'Buy', "
                    "0, 0), ('v', ?, 'Valuation', '2024-05-01', 1, 'USD', 'Balance', 0, 0)",
                    {_account, _account, _account});
            sqlExec(s, "INSERT INTO transactions (entry_id, category_id, merchant_id, kind) "
                       "VALUES ('t', 'cat-1', 'shop-1', 'funds_movement')");
            sqlExec(s, "INSERT INTO transaction_tags (entry_id, tag_id) VALUES ('t', 'tag-1'), "
                       "('t', 'tag-2')");
            sqlExec(s, "INSERT INTO trades (id, entry_id, qty, price, currency, created_at, "
                       "updated_at) VALUES ('tr', 'b', 1, 1, 'USD', 0, 0)");
            sqlExec(s, "INSERT INTO valuations (entry_id, kind) VALUES ('v', 'reconciliation')");
        });
        CPPUNIT_ASSERT_EQUAL(2, migrate(*_db, 13));
        CPPUNIT_ASSERT_EQUAL(13, schemaVersion(*_db));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), count("SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(5), payloadRows());
        _db->read([](Tx& s) {
            CPPUNIT_ASSERT_EQUAL(std::string("cat-1 shop-1 funds_movement"),
                                 sqlQueryOne(s, "SELECT category_id || ' ' || merchant_id || ' ' "
                                                "|| kind FROM entries WHERE id = 't'")
                                     ->str(0));
            CPPUNIT_ASSERT_EQUAL(std::string("t cat-1"),
                                 sqlQueryOne(s, "SELECT entry_id || ' ' || category_id FROM "
                                                "transactions")
                                     ->str(0));
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(2), count("SELECT COUNT(*) FROM entries WHERE kind IS NULL"));
        if (_db->isPostgres())
            CPPUNIT_ASSERT_EQUAL(int64_t(0),
                                 count("SELECT COUNT(*) FROM pg_constraint WHERE contype = 'f' "
                                       "AND conrelid::regclass::text IN ('entries', "
                                       "'transaction_tags', 'trades', 'valuations')"));
        assertKeyViolation("DELETE FROM accounts WHERE id = ?", {_account});
        _db->write([&](Tx& s) { sqlExec(s, "DELETE FROM entries WHERE id = 't'"); });
        CPPUNIT_ASSERT_EQUAL(int64_t(2), payloadRows());
        assertKeyViolation("UPDATE entries SET id = 'renamed' WHERE id = 'b'");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(EntryKeysTest);
