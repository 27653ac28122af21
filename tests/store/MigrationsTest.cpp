// Migrations on a fresh SQLite file: every table of the logical schema, idempotent re-runs,
// exact 64-bit money round trips, and all-or-nothing write transactions.
#include "store/Migrations.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/FamilyStore.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <limits>
#include <stdexcept>

using namespace finimport::store;

class MigrationsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MigrationsTest);
    CPPUNIT_TEST(testFreshFileGetsEverySchemaTable);
    CPPUNIT_TEST(testMigrateIsIdempotent);
    CPPUNIT_TEST(testMoneyRoundTripsExactly);
    CPPUNIT_TEST(testFailedWriteLeavesNothing);
    CPPUNIT_TEST_SUITE_END();

    std::string _dir;

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
    }
    void tearDown() override { std::filesystem::remove_all(_dir); }

    std::string url() const { return "sqlite:" + _dir + "/sub/dir/test.db"; }

    void testFreshFileGetsEverySchemaTable() {
        Database db(url());
        CPPUNIT_ASSERT_EQUAL(0, schemaVersion(db));
        // v1: the logical schema; v2: job request ids (issue 13).
        CPPUNIT_ASSERT_EQUAL(2, migrate(db));
        CPPUNIT_ASSERT_EQUAL(2, schemaVersion(db));
        const char* tables[] = {"families",
                                "users",
                                "api_keys",
                                "accounts",
                                "securities",
                                "categories",
                                "tags",
                                "merchants",
                                "entries",
                                "transactions",
                                "transaction_tags",
                                "trades",
                                "valuations",
                                "holdings",
                                "balances",
                                "recurring_transactions",
                                "imports",
                                "import_rows",
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
        db.read([&](Poco::Data::Session& s) {
            for (const char* t : tables)
                CPPUNIT_ASSERT_EQUAL_MESSAGE(t, int64_t(1),
                                             sqlCount(s,
                                                      "SELECT COUNT(*) FROM sqlite_master WHERE "
                                                      "type = 'table' AND name = ?",
                                                      {std::string(t)}));
            CPPUNIT_ASSERT_EQUAL(std::string("wal"), sqlQueryOne(s, "PRAGMA journal_mode")->str(0));
        });
    }

    void testMigrateIsIdempotent() {
        {
            Database db(url());
            CPPUNIT_ASSERT_EQUAL(2, migrate(db));
            CPPUNIT_ASSERT_EQUAL(0, migrate(db));
        }
        Database reopened(url());
        CPPUNIT_ASSERT_EQUAL(0, migrate(reopened));
        CPPUNIT_ASSERT_EQUAL(2, schemaVersion(reopened));
    }

    void testMoneyRoundTripsExactly() {
        Database db(url());
        migrate(db);
        const int64_t extremes[] = {std::numeric_limits<int64_t>::max(),
                                    std::numeric_limits<int64_t>::min(), 9007199254740993LL, -1};
        db.write([&](Poco::Data::Session& s) {
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
        CPPUNIT_ASSERT_THROW(db.write([](Poco::Data::Session& s) {
            FamilyStore(s).createFamily("Half", "USD");
            throw std::runtime_error("injected");
        }),
                             std::runtime_error);
        db.read([](Poco::Data::Session& s) {
            CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(s, "SELECT COUNT(*) FROM families"));
        });
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MigrationsTest);
