// Revert undoes exactly one import (docs/decisions.md D20/D64): when another
// import, an API call or a match depends on what it would delete, 409 revert_blocked naming
// them and nothing changes; taxonomy imports never delete what something outside them uses.
#include "LifecycleSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

namespace {

const std::string kIso = R"("date_format":"%Y-%m-%d")";

HttpResult postRevert(AppHarness& app, const std::string& key, const std::string& id) {
    return app.postJson("/api/v1/imports/" + id + "/revert", "", key);
}

std::string blockedBody(const std::string& importId, const std::string& dependants) {
    return R"({"error":"revert_blocked","message":"Import cannot be reverted because other )"
           R"(data depends on it: )" +
           dependants + R"(.","import_id":")" + importId + R"("})";
}

std::string status(AppHarness& app, const std::string& key, const std::string& id) {
    return importDetail(app, key, id)->getValue<std::string>("status");
}

std::string names(AppHarness& app, const std::string& table) {
    std::string out;
    for (const auto& r : storeQuery(app, "SELECT name FROM " + table + " ORDER BY name"))
        out += r.str(0) + "\n";
    return out;
}

} // namespace

class RevertIntegrityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RevertIntegrityTest);
    CPPUNIT_TEST(accountRevertBlockedByImportAndApi);
    CPPUNIT_TEST(matchedEntryBlocksRevert);
    CPPUNIT_TEST(jobRechecksDependants);
    CPPUNIT_TEST(categoryUsedByRuleSurvivesRevert);
    CPPUNIT_TEST(merchantUsedByRecurringSurvivesRevert);
    CPPUNIT_TEST_SUITE_END();

public:
    // The issue's scenario: AccountImport → TransactionImport into the account → recurring
    // transaction on it over the API → revert the AccountImport.
    void accountRevertBlockedByImportAndApi() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto accountImport = createImport(
            app, key, importBody("AccountImport", "type,name,balance\nChecking,A,100\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, accountImport));
        auto account = accountIdByName(app, "A");
        auto txImport =
            createImport(app, key,
                         importBody("TransactionImport",
                                    "date,name,amount,account\n2024-03-01,Coffee,-4.50,A\n", kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, txImport));
        auto recurring = app.postJson(
            "/api/v1/recurring_transactions",
            R"({"recurring_transaction":{"account_id":")" + account +
                R"(","name":"Gym","amount":"49.99","currency":"USD","expected_day_of_month":1,)"
                R"("last_occurrence_date":"2026-04-01","next_expected_date":"2026-05-01"}})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, recurring.status);

        auto r = postRevert(app, key, accountImport);
        CPPUNIT_ASSERT_EQUAL(409, r.status);
        CPPUNIT_ASSERT_EQUAL(
            blockedBody(accountImport, "import " + txImport + ", records created through the API"),
            r.body);
        app.waitForJobs();
        // Nothing changed: both imports complete and revertable, every record still there.
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), status(app, key, accountImport));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), status(app, key, txImport));
        CPPUNIT_ASSERT(importDetail(app, key, txImport)
                           ->getObject("status_detail")
                           ->getValue<bool>("revertable"));
        CPPUNIT_ASSERT_EQUAL(account, accountIdByName(app, "A"));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), storeCount(app,
                                                    "SELECT COUNT(*) FROM entries "
                                                    "WHERE account_id = ?",
                                                    {account}));
        CPPUNIT_ASSERT_EQUAL(int64_t(1),
                             storeCount(app, "SELECT COUNT(*) FROM recurring_transactions"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storeCount(app,
                                                    "SELECT COUNT(*) FROM import_records "
                                                    "WHERE import_id = ?",
                                                    {accountImport}));

        // With the other import reverted, only the API's record still holds the account.
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, txImport));
        r = postRevert(app, key, accountImport);
        CPPUNIT_ASSERT_EQUAL(409, r.status);
        CPPUNIT_ASSERT_EQUAL(blockedBody(accountImport, "records created through the API"), r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), status(app, key, accountImport));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storeCount(app, "SELECT COUNT(*) FROM accounts"));
    }

    // A dependant created after the revert was accepted (the request saw none) stops the job:
    // the revert fails with the same message and deletes nothing.
    void jobRechecksDependants() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto accountImport = createImport(
            app, key, importBody("AccountImport", "type,name,balance\nChecking,A,5\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, accountImport));
        auto account = accountIdByName(app, "A");
        CPPUNIT_ASSERT_EQUAL(
            201,
            app.postJson(
                   "/api/v1/recurring_transactions",
                   R"({"recurring_transaction":{"account_id":")" + account +
                       R"(","name":"Gym","amount":"10","currency":"USD","expected_day_of_month":1,)"
                       R"("last_occurrence_date":"2026-04-01","next_expected_date":"2026-05-01"}})",
                   key)
                .status);
        // As if the revert had been accepted just before the recurring transaction was made.
        app.server().database().write([&](finimport::store::Tx& s) {
            finimport::store::sqlExec(s, "UPDATE imports SET status = 'reverting' WHERE id = ?",
                                      {accountImport});
        });
        app.server().importJobs().revert(accountImport);
        auto detail = importDetail(app, key, accountImport);
        CPPUNIT_ASSERT_EQUAL(std::string("revert_failed"), detail->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("Import cannot be reverted because other data depends "
                                         "on it: records created through the API."),
                             detail->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(account, accountIdByName(app, "A"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1),
                             storeCount(app, "SELECT COUNT(*) FROM recurring_transactions"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storeCount(app, "SELECT COUNT(*) FROM entries"));
    }

    // A later import that matched an entry as a duplicate depends on it (docs/imports.md §12.3,
    // docs/decisions.md D63).
    void matchedEntryBlocksRevert() {
        AppHarness app;
        auto key = app.createKey("Fam");
        const std::string csv = "date,name,amount,account\n2024-03-01,Coffee,-4.50,Main\n";
        auto seed = createImport(app, key, importBody("TransactionImport", csv, kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, seed));
        auto again = createImport(app, key, importBody("TransactionImport", csv, kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, again));

        auto r = postRevert(app, key, seed);
        CPPUNIT_ASSERT_EQUAL(409, r.status);
        CPPUNIT_ASSERT_EQUAL(blockedBody(seed, "import " + again), r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), status(app, key, seed));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storeCount(app, "SELECT COUNT(*) FROM accounts"));

        // Reverted in the opposite order, both go and leave nothing behind.
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, again));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, seed));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM accounts"));
    }

    // A rule of another import names the category: the CategoryImport revert keeps it.
    void categoryUsedByRuleSurvivesRevert() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto categories =
            createImport(app, key, importBody("CategoryImport", "name\nGroceries\nTravel\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, categories));
        auto rules =
            createImport(app, key,
                         importBody("RuleImport", readFile(std::string(FINIMPORT_FIXTURES_DIR) +
                                                           "/csv/rules.csv")));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, rules));

        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, categories));
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries\n"), names(app, "categories"));
        // The rule still points at a category that exists.
        CPPUNIT_ASSERT_EQUAL(int64_t(1),
                             storeCount(app, "SELECT COUNT(*) FROM rules r JOIN categories c ON "
                                             "r.actions LIKE '%' || c.id || '%'"));
    }

    // A recurring transaction created over the API names the merchant: the MerchantImport
    // revert keeps it.
    void merchantUsedByRecurringSurvivesRevert() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto merchants = createImport(app, key, importBody("MerchantImport", "name\nAcme\nBolt\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, merchants));
        auto acme = storeQuery(app, "SELECT id FROM merchants WHERE name = 'Acme'").at(0).str(0);
        auto recurring = app.postJson(
            "/api/v1/recurring_transactions",
            R"({"recurring_transaction":{"merchant_id":")" + acme +
                R"(","amount":"9.99","currency":"USD","expected_day_of_month":3,)"
                R"("last_occurrence_date":"2026-04-03","next_expected_date":"2026-05-03"}})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, recurring.status);

        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, merchants));
        CPPUNIT_ASSERT_EQUAL(std::string("Acme\n"), names(app, "merchants"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1),
                             storeCount(app, "SELECT COUNT(*) FROM recurring_transactions r "
                                             "JOIN merchants m ON m.id = r.merchant_id"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RevertIntegrityTest);
