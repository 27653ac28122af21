// Migrations on a fresh SQLite file: every table of the logical schema, idempotent re-runs,
// exact 64-bit money round trips, and all-or-nothing write transactions.
#include "store/Migrations.h"
#include "TempDirFixture.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <algorithm>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <limits>
#include <stdexcept>

using namespace finimport::store;

class MigrationsTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(MigrationsTest);
    CPPUNIT_TEST(testFreshFileGetsEverySchemaTable);
    CPPUNIT_TEST(testMigrateIsIdempotent);
    CPPUNIT_TEST(testMoneyRoundTripsExactly);
    CPPUNIT_TEST(testFailedWriteLeavesNothing);
    CPPUNIT_TEST(testSharedSecuritySplitPerFamily);
    CPPUNIT_TEST(testRowsMoveIntoChunksKeepingTheirIds);
    CPPUNIT_TEST_SUITE_END();

public:
    std::string url() const { return "sqlite:" + _dir + "/sub/dir/test.db"; }

    void testFreshFileGetsEverySchemaTable() {
        Database db(url());
        CPPUNIT_ASSERT_EQUAL(0, schemaVersion(db));
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(allMigrations().size()), migrate(db));
        CPPUNIT_ASSERT_EQUAL(allMigrations().back().version, schemaVersion(db));
        const char* tables[] = {"families",
                                "users",
                                "api_keys",
                                "accounts",
                                "securities",
                                "categories",
                                "tags",
                                "merchants",
                                "entries",
                                "transaction_tags",
                                "trades",
                                "valuations",
                                "holdings",
                                "balances",
                                "recurring_transactions",
                                "imports",
                                "import_row_chunks",
                                "import_contents",
                                "import_mappings",
                                "import_records",
                                "jobs",
                                "exchange_rates",
                                "transfers",
                                "rejected_transfers",
                                "budgets",
                                "budget_categories",
                                "rules",
                                "rate_limit_counters"};
        db.read([&](finimport::store::Tx& s) {
            for (const char* t : tables)
                CPPUNIT_ASSERT_EQUAL_MESSAGE(t, int64_t(1),
                                             sqlCount(s,
                                                      "SELECT COUNT(*) FROM sqlite_master WHERE "
                                                      "type = 'table' AND name = ?",
                                                      {std::string(t)}));
            // Schema v13: a transaction's columns are in its entry; `transactions` is a view.
            CPPUNIT_ASSERT_EQUAL(int64_t(1),
                                 sqlCount(s, "SELECT COUNT(*) FROM sqlite_master WHERE type = "
                                             "'view' AND name = 'transactions'"));
            CPPUNIT_ASSERT_EQUAL(std::string("wal"), sqlQueryOne(s, "PRAGMA journal_mode")->str(0));
        });
    }

    void testMigrateIsIdempotent() {
        {
            Database db(url());
            CPPUNIT_ASSERT_EQUAL(static_cast<int>(allMigrations().size()), migrate(db));
            CPPUNIT_ASSERT_EQUAL(0, migrate(db));
        }
        Database reopened(url());
        CPPUNIT_ASSERT_EQUAL(0, migrate(reopened));
        CPPUNIT_ASSERT_EQUAL(allMigrations().back().version, schemaVersion(reopened));
    }

    void testMoneyRoundTripsExactly() {
        Database db(url());
        migrate(db);
        const int64_t extremes[] = {std::numeric_limits<int64_t>::max(),
                                    std::numeric_limits<int64_t>::min(), 9007199254740993LL, -1};
        db.write([&](finimport::store::Tx& s) {
            auto family = FamilyStore(s).createFamily("F", "USD");
            AccountStore accounts(s);
            for (int64_t v : extremes) {
                AccountRow a;
                a.familyId = family.id;
                a.name = "A" + std::to_string(v);
                a.currency = "USD";
                a.balance = v;
                accounts.insert(a);
                CPPUNIT_ASSERT_EQUAL(v, accounts.byId(family.id, a.id)->balance);
            }
        });
    }

    void testFailedWriteLeavesNothing() {
        Database db(url());
        migrate(db);
        CPPUNIT_ASSERT_THROW(db.write([](finimport::store::Tx& s) {
            FamilyStore(s).createFamily("Half", "USD");
            throw std::runtime_error("injected");
        }),
                             std::runtime_error);
        db.read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(s, "SELECT COUNT(*) FROM families"));
        });
    }

    // Version 2: a security two families traded under version 1 becomes one
    // row per family, each family's trades and holdings pointing at its own.
    void testSharedSecuritySplitPerFamily() {
        Database db(url());
        const Migration& v1 = allMigrations().at(0);
        db.write([&](finimport::store::Tx& s) {
            sqlExec(s, "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT "
                       "NULL, applied_at BIGINT NOT NULL)");
            for (const auto& stmt : v1.statements)
                sqlExec(s, stmt);
            sqlExec(s, "INSERT INTO schema_migrations VALUES (1, 'initial schema', 0)");
            sqlExec(s, "INSERT INTO families VALUES ('fa', 'A', 'USD', 0, 0), "
                       "('fb', 'B', 'USD', 0, 0)");
            sqlExec(s, "INSERT INTO accounts (id, family_id, name, currency, created_at, "
                       "updated_at) VALUES ('aa', 'fa', 'Broker', 'USD', 0, 0), "
                       "('ab', 'fb', 'Broker', 'USD', 0, 0)");
            sqlExec(s, "INSERT INTO securities (id, ticker, name, website_url, created_at, "
                       "updated_at) VALUES ('s1', 'ZZZ', 'Set by A', 'a.example', 0, 0)");
            sqlExec(s, "INSERT INTO entries (id, account_id, entryable_type, date, amount, "
                       "currency, name, created_at, updated_at) VALUES "
                       "('ea', 'aa', 'Trade', '2024-01-02', 100, 'USD', 'Buy', 0, 0), "
                       "('eb', 'ab', 'Trade', '2024-01-02', 100, 'USD', 'Buy', 0, 0)");
            sqlExec(s, "INSERT INTO trades (id, entry_id, security_id, qty, price, currency, "
                       "created_at, updated_at) VALUES ('ta', 'ea', 's1', 1, 100, 'USD', 0, 0), "
                       "('tb', 'eb', 's1', 1, 100, 'USD', 0, 0)");
            sqlExec(s, "INSERT INTO holdings (id, account_id, security_id, date, qty, price, "
                       "amount, currency, created_at, updated_at) VALUES "
                       "('hb', 'ab', 's1', '2024-01-02', 1, 100, 100, 'USD', 0, 0)");
        });
        // Every migration after version 1 runs (v3 read indexes and v4 import rows change no
        // securities).
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(allMigrations().size()) - 1, migrate(db));
        db.read([](finimport::store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(std::string("fa"),
                                 sqlQueryOne(s, "SELECT family_id FROM securities WHERE id = "
                                                "'s1'")
                                     ->str(0));
            auto b = sqlQueryOne(s, "SELECT id, family_id, ticker, name FROM securities WHERE "
                                    "id <> 's1'");
            CPPUNIT_ASSERT(b);
            CPPUNIT_ASSERT_EQUAL(std::string("fb|ZZZ|Set by A"),
                                 b->str(1) + "|" + b->str(2) + "|" + b->str(3));
            CPPUNIT_ASSERT_EQUAL(std::string("s1"),
                                 sqlQueryOne(s, "SELECT security_id FROM trades WHERE id = "
                                                "'ta'")
                                     ->str(0));
            CPPUNIT_ASSERT_EQUAL(b->str(0), sqlQueryOne(s, "SELECT security_id FROM trades "
                                                           "WHERE id = 'tb'")
                                                ->str(0));
            CPPUNIT_ASSERT_EQUAL(b->str(0), sqlQueryOne(s, "SELECT security_id FROM holdings "
                                                           "WHERE id = 'hb'")
                                                ->str(0));
        });
    }

    // Schema v9: rows stored a database row each move into chunks of their import, with their
    // own ids, fields (JSON), errors, validity and exclusion; the old table is gone. Schema
    // v10: the content moves into import_contents.
    void testRowsMoveIntoChunksKeepingTheirIds() {
        Database db(url());
        db.write([&](finimport::store::Tx& s) {
            sqlExec(s, "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT "
                       "NULL, applied_at BIGINT NOT NULL)");
            for (const auto& m : allMigrations()) {
                if (m.version > 8) break;
                for (const auto& stmt : m.statements)
                    sqlExec(s, stmt);
                if (m.code) m.code(s);
                sqlExec(s, "INSERT INTO schema_migrations VALUES (?, ?, 0)",
                        {int64_t(m.version), m.name});
            }
            sqlExec(s, "INSERT INTO families VALUES ('fa', 'A', 'USD', 0, 0)");
            for (const char* id : {"ia", "ib"})
                sqlExec(s,
                        "INSERT INTO imports (id, family_id, type, status, configuration, "
                        "created_at, updated_at) VALUES (?, 'fa', 'TransactionImport', "
                        "'pending', '{}', 0, 0)",
                        {std::string(id)});
            for (int64_t n = 1; n <= 300; ++n)
                sqlExec(s,
                        "INSERT INTO import_rows (import_id, row_number, id, kind, fields, "
                        "errors, sort_key, valid, excluded) VALUES ('ia', ?, ?, "
                        "'transaction', ?, ?, ?, ?, ?)",
                        {n,
                         "00000000-0000-4000-8000-" + std::string(9, '0') + std::to_string(100 + n),
                         "{\"name\":\"row " + std::to_string(n) + "\"}",
                         n == 2 ? std::string("[{\"code\":\"required\"}]") : std::string("[]"),
                         n == 3 ? SqlValue(nullptr) : SqlValue(std::string("2024-01-01")),
                         int64_t(n == 2 ? 0 : 1), int64_t(n == 4 ? 1 : 0)});
        });
        db.write([](finimport::store::Tx& s) {
            sqlExec(s, "UPDATE imports SET content = 'date,amount\n' WHERE id = 'ia'");
        });
        // v9 onwards (versions may leave gaps)
        const auto fromNine = std::count_if(allMigrations().begin(), allMigrations().end(),
                                            [](const Migration& m) { return m.version >= 9; });
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(fromNine), migrate(db));
        db.read([](finimport::store::Tx& s) {
            ImportStore contents(s);
            CPPUNIT_ASSERT_EQUAL(std::string("date,amount\n"),
                                 *contents.byIdAnyFamily("ia", true)->content);
            CPPUNIT_ASSERT(!contents.byIdAnyFamily("ib", true)->content);
            CPPUNIT_ASSERT(!contents.byIdAnyFamily("ia")->content);
            CPPUNIT_ASSERT_EQUAL(int64_t(1), sqlCount(s, "SELECT COUNT(*) FROM import_contents"));
            CPPUNIT_ASSERT_EQUAL(int64_t(0),
                                 sqlCount(s, "SELECT COUNT(*) FROM sqlite_master WHERE name = "
                                             "'import_rows'"));
            CPPUNIT_ASSERT_EQUAL(int64_t(2), sqlCount(s, "SELECT COUNT(*) FROM import_row_chunks"));
            ImportStore imports(s);
            RowPageQuery all;
            all.limit = 1000;
            const auto rows = imports.rowsPage("ia", all);
            CPPUNIT_ASSERT_EQUAL(size_t(300), rows.size());
            CPPUNIT_ASSERT_EQUAL(std::string("00000000-0000-4000-8000-000000000400"), rows[299].id);
            CPPUNIT_ASSERT_EQUAL(std::string("{\"name\":\"row 300\"}"), rows[299].fields);
            CPPUNIT_ASSERT_EQUAL(std::string("[{\"code\":\"required\"}]"), rows[1].errors);
            CPPUNIT_ASSERT(!rows[1].valid && rows[0].valid);
            CPPUNIT_ASSERT_EQUAL(std::string(""), *rows[2].sortKey);
            CPPUNIT_ASSERT_EQUAL(std::string("2024-01-01"), *rows[3].sortKey);
            CPPUNIT_ASSERT(rows[3].excluded && !rows[4].excluded);
            CPPUNIT_ASSERT(imports.rowsPage("ib", all).empty());
        });
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MigrationsTest);
