// Corrections and the rest of the system (docs/read-api.md §3.4 effects, §3.5, §3.6): balances
// recomputed before the answer, and reverting an import after its transactions were corrected.
#include "LedgerSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <set>

using namespace finimport::test;

class LedgerRevertApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LedgerRevertApiTest);
    CPPUNIT_TEST(testBalancesFollowCorrections);
    CPPUNIT_TEST(testRevertAfterCorrections);
    CPPUNIT_TEST(testKeptSubcategoryKeepsItsParent);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key, _accountId;

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Family");
        _accountId =
            publishAccounts(*_app, _key, "Checking,Checking Account,1000.00,USD,2024-01-01\\n")
                .at(0);
    }
    void tearDown() override { _app.reset(); }

    std::string importRows(const std::string& csv) {
        auto r = _app->postJson("/api/v1/imports",
                                R"({"type":"TransactionImport","publish":"true","account_id":")" +
                                    _accountId +
                                    R"(","date_format":"%Y-%m-%d","signage_convention":)"
                                    R"("inflows_negative","raw_file_content":)" +
                                    jsonQuote(csv) + "}",
                                _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        _app->waitForJobs();
        std::string id = jsonObject(r)->getObject("data")->getValue<std::string>("id");
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), importStatus(id));
        return id;
    }
    std::string importStatus(const std::string& id) {
        return jsonObject(_app->get("/api/v1/imports/" + id, _key))
            ->getObject("data")
            ->getValue<std::string>("status");
    }
    std::string idOf(const std::string& name) {
        auto arr = jsonObject(_app->get("/api/v1/transactions?search=" + name, _key))
                       ->getArray("transactions");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(name, std::size_t(1), arr->size());
        return arr->getObject(0)->getValue<std::string>("id");
    }
    std::string balance() {
        return jsonObject(_app->get("/api/v1/accounts/" + _accountId, _key))
            ->getValue<std::string>("balance");
    }
    // "<date> <end_balance>;" of the account's balance rows, newest first.
    std::string series() {
        auto rows =
            jsonObject(_app->get("/api/v1/balances?per_page=100&account_id=" + _accountId, _key))
                ->getArray("balances");
        std::string out;
        for (size_t i = 0; i < rows->size(); ++i)
            out += rows->getObject(i)->getValue<std::string>("date") + " " +
                   rows->getObject(i)->getValue<std::string>("end_balance") + ";";
        return out;
    }

    void testBalancesFollowCorrections() {
        std::string importId = importRows("date,name,amount\n2024-01-02,Salary,-2500.00\n"
                                          "2024-01-02,Rent,1200.00\n2024-01-04,Groceries,84.10\n");
        CPPUNIT_ASSERT_EQUAL(std::string("$2,215.90"), balance());
        std::string groceries = idOf("Groceries");
        auto patched = patchJson(*_app, groceries, R"({"transaction":{"amount":"100"}})", _key);
        CPPUNIT_ASSERT_EQUAL(200, patched.status);
        CPPUNIT_ASSERT_EQUAL(std::string("$2,200.00"), balance());
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-04 $2,200.00;2024-01-03 $2,300.00;"
                                         "2024-01-02 $2,300.00;2024-01-01 $1,000.00;"),
                             series());
        // Moved past the last entry: the series extends.
        CPPUNIT_ASSERT_EQUAL(200,
                             patchJson(*_app, groceries, R"({"date":"2024-01-06"})", _key).status);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-06 $2,200.00;2024-01-05 $2,300.00;"
                                         "2024-01-04 $2,300.00;2024-01-03 $2,300.00;"
                                         "2024-01-02 $2,300.00;2024-01-01 $1,000.00;"),
                             series());
        // Excluded money still moved; names and notes never change balances.
        CPPUNIT_ASSERT_EQUAL(
            200, patchJson(*_app, groceries, R"({"excluded":true,"notes":"x"})", _key).status);
        CPPUNIT_ASSERT_EQUAL(std::string("$2,200.00"), balance());
        // Moved back: the series ends earlier; a deletion likewise.
        CPPUNIT_ASSERT_EQUAL(200,
                             patchJson(*_app, groceries, R"({"date":"2024-01-03"})", _key).status);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-03 $2,200.00;2024-01-02 $2,300.00;"
                                         "2024-01-01 $1,000.00;"),
                             series());
        auto deleted = sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + groceries, _key);
        CPPUNIT_ASSERT_EQUAL(200, deleted.status);
        CPPUNIT_ASSERT_EQUAL(std::string("$2,300.00"), balance());
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-02 $2,300.00;2024-01-01 $1,000.00;"), series());
        // The import that created it stays complete.
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), importStatus(importId));
    }

    void testRevertAfterCorrections() {
        std::string importId = importRows("date,name,amount,category\n"
                                          "2024-01-02,Coffee,4.50,Food\n"
                                          "2024-01-03,Lunch,12.00,\n");
        std::string coffee = idOf("Coffee"), lunch = idOf("Lunch");
        auto coffeeObj = jsonObject(_app->get("/api/v1/transactions/" + coffee, _key));
        CPPUNIT_ASSERT_EQUAL(importId, coffeeObj->getValue<std::string>("import_id"));
        std::string food = coffeeObj->getObject("category")->getValue<std::string>("id");
        // A transaction from outside the import, given the import's own category.
        TxSeed seed;
        seed.accountId = _accountId;
        seed.date = "2024-01-05";
        seed.name = "Outside";
        seed.amount = 7 * kUnit;
        std::string outside = seedTransaction(*_app, seed);
        CPPUNIT_ASSERT_EQUAL(
            200, patchJson(*_app, outside, R"({"category_id":")" + food + R"("})", _key).status);
        auto tag = seedTag(*_app, "Family", "checked");
        auto corrected =
            patchJson(*_app, coffee,
                      R"({"name":"Corrected","amount":"5","tag_ids":[")" + tag.id + R"("]})", _key);
        CPPUNIT_ASSERT_EQUAL(200, corrected.status);
        CPPUNIT_ASSERT_EQUAL(importId, jsonObject(corrected)->getValue<std::string>("import_id"));
        CPPUNIT_ASSERT_EQUAL(
            200, sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + lunch, _key).status);
        CPPUNIT_ASSERT_EQUAL(std::string("$988.00"), balance());
        // Filtered by its import, the corrected transaction is still there.
        CPPUNIT_ASSERT_EQUAL(
            std::string("Corrected;"),
            joinField(jsonObject(_app->get("/api/v1/transactions?import_id=" + importId, _key))
                          ->getArray("transactions"),
                      "name"));

        // Corrections never block a revert.
        auto revert = _app->postJson("/api/v1/imports/" + importId + "/revert", "", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(revert.body, 200, revert.status);
        _app->waitForJobs();
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), importStatus(importId));
        ASSERT_API_ERROR(_app->get("/api/v1/transactions/" + coffee, _key), 404, "not_found",
                         "Transaction not found", kNoErrors);
        // The import's category is used from outside now: it stays, and so does the API's tag.
        auto out = jsonObject(_app->get("/api/v1/transactions/" + outside, _key));
        CPPUNIT_ASSERT_EQUAL(food, out->getObject("category")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/api/v1/categories/" + food, _key).status);
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/api/v1/tags/" + tag.id, _key).status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("Outside;"),
            joinField(jsonObject(_app->get("/api/v1/transactions", _key))->getArray("transactions"),
                      "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("$993.00"), balance());

        // Publishing again creates the transactions afresh from their rows.
        auto again = _app->postJson("/api/v1/imports/" + importId + "/publish", "", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(again.body, 200, again.status);
        _app->waitForJobs();
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), importStatus(importId));
        std::string fresh = idOf("Coffee");
        CPPUNIT_ASSERT(fresh != coffee);
        auto f = jsonObject(_app->get("/api/v1/transactions/" + fresh, _key));
        CPPUNIT_ASSERT_EQUAL(std::string("$4.50"), f->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), f->getArray("tags")->size());
        CPPUNIT_ASSERT_EQUAL(std::string("$976.50"), balance());
    }

    // docs/read-api.md §3.6: the import's subcategory, attached by a correction to a transaction
    // outside the import, stays with its parent (also the import's); an unused sibling goes.
    void testKeptSubcategoryKeepsItsParent() {
        const std::string importId = "0190a0a0-0000-7000-8000-0000000000aa";
        auto family = familyIdOf(*_app, "Family");
        finimport::store::CategoryRow parent, child, sibling;
        for (auto* c : {&parent, &child, &sibling}) {
            c->familyId = family;
            c->importId = importId;
        }
        parent.name = "Food";
        child.name = "Dining";
        sibling.name = "Snacks";
        _app->server().database().write([&](finimport::store::Tx& s) {
            finimport::store::TaxonomyStore taxonomy(s);
            taxonomy.insertCategory(parent);
            child.parentId = sibling.parentId = parent.id;
            taxonomy.insertCategory(child);
            taxonomy.insertCategory(sibling);
        });
        TxSeed seed;
        seed.accountId = _accountId;
        seed.date = "2024-01-05";
        seed.name = "Outside";
        seed.amount = kUnit;
        std::string outside = seedTransaction(*_app, seed);
        CPPUNIT_ASSERT_EQUAL(
            200,
            patchJson(*_app, outside, R"({"category_id":")" + child.id + R"("})", _key).status);
        std::set<std::string> used;
        _app->server().database().read([&](finimport::store::Tx& s) {
            used = finimport::store::TaxonomyStore(s).categoriesInUse(
                {parent.id, child.id, sibling.id}, importId);
        });
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), used.size());
        CPPUNIT_ASSERT(used.count(parent.id) && used.count(child.id));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LedgerRevertApiTest);
