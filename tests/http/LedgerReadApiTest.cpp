// GET /api/v1/accounts, /categories, /merchants, /tags and their {id}s (docs/read-api.md §1,
// §2, §4, §5, §6): shapes, order, pagination, parameters, 404 bodies and family isolation.
#include "LedgerSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;

class LedgerReadApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LedgerReadApiTest);
    CPPUNIT_TEST(testAccountShapeAndBalance);
    CPPUNIT_TEST(testAccountListOrderStatusAndPages);
    CPPUNIT_TEST(testAccountLookup);
    CPPUNIT_TEST(testCategories);
    CPPUNIT_TEST(testCategoryFiltersAndErrors);
    CPPUNIT_TEST(testMerchantsAndTags);
    CPPUNIT_TEST(testAuthScopeAndMethods);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key, _otherKey;

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Family", "read");
        _otherKey = _app->createKey("Other", "read");
    }
    void tearDown() override { _app.reset(); }

    Poco::JSON::Object::Ptr get(const std::string& uri, int status = 200,
                                const std::string& key = "") {
        auto r = _app->get(uri, key.empty() ? _key : key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, status, r.status);
        return jsonObject(r);
    }

    void testAccountShapeAndBalance() {
        // docs/balances.md's worked example: the balance is the latest row's end balance.
        std::string key = _app->createKey("Family");
        auto a = _app->postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,Main Checking,1000.00,USD,2024-01-01\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, a.status);
        _app->waitForJobs();
        auto list = get("/api/v1/accounts");
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), list->getArray("accounts")->size());
        std::string id = list->getArray("accounts")->getObject(0)->getValue<std::string>("id");
        auto t = _app->postJson(
            "/api/v1/imports",
            R"({"type":"TransactionImport","publish":"true","account_id":")" + id +
                R"(","date_format":"%Y-%m-%d","signage_convention":"inflows_negative",)"
                R"("raw_file_content":"date,name,amount\n2024-01-02,Salary,-2500.00\n2024-01-02,Rent,1200.00\n2024-01-04,Groceries,84.10\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, t.status);
        _app->waitForJobs();
        setTimes(*_app, "accounts", id, kT0, kT0);
        auto o = get("/api/v1/accounts")->getArray("accounts")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::size_t(15), o->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Main Checking"), o->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("$2,215.90"), o->getValue<std::string>("balance"));
        CPPUNIT_ASSERT_EQUAL(int64_t(221590), o->getValue<int64_t>("balance_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("$2,215.90"), o->getValue<std::string>("cash_balance"));
        CPPUNIT_ASSERT_EQUAL(int64_t(221590), o->getValue<int64_t>("cash_balance_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), o->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("asset"), o->getValue<std::string>("classification"));
        CPPUNIT_ASSERT_EQUAL(std::string("depository"), o->getValue<std::string>("account_type"));
        CPPUNIT_ASSERT(o->isNull("subtype"));
        CPPUNIT_ASSERT_EQUAL(std::string("active"), o->getValue<std::string>("status"));
        CPPUNIT_ASSERT(o->isNull("institution_name"));
        CPPUNIT_ASSERT(o->isNull("institution_domain"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             o->getValue<std::string>("created_at"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             o->getValue<std::string>("updated_at"));
        // The same object, unwrapped, for {id}; an upper-case id finds it.
        std::string upper = id;
        for (char& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        auto one = _app->get("/api/v1/accounts/" + upper, _key);
        CPPUNIT_ASSERT_EQUAL(200, one.status);
        CPPUNIT_ASSERT_EQUAL(id, jsonObject(one)->getValue<std::string>("id"));

        // Before any balance row: the opening balance; a card owing shows a positive liability;
        // an overdrawn CAD account a negative balance.
        auto card = seedAccount(*_app, "Family", "Visa", "credit_card");
        _app->server().database().write([&](finimport::store::Tx& s) {
            finimport::store::AccountStore(s).setBalance(card.id, 120 * kUnit, 120 * kUnit);
        });
        auto cad = seedAccount(*_app, "Family", "CAD Checking", "depository", "CAD");
        _app->server().database().write([&](finimport::store::Tx& s) {
            finimport::store::AccountStore(s).setBalance(cad.id, -34527000000, -34527000000);
        });
        auto c = get("/api/v1/accounts/" + card.id);
        CPPUNIT_ASSERT_EQUAL(std::string("$120.00"), c->getValue<std::string>("balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("liability"), c->getValue<std::string>("classification"));
        auto d = get("/api/v1/accounts/" + cad.id);
        CPPUNIT_ASSERT_EQUAL(std::string("-CA$345.27"), d->getValue<std::string>("balance"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-34527), d->getValue<int64_t>("balance_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("-CA$345.27"), d->getValue<std::string>("cash_balance"));
    }

    void testAccountListOrderStatusAndPages() {
        // Byte order: upper case before lower case, non-ASCII last; ties by id.
        seedAccount(*_app, "Family", "savings");
        seedAccount(*_app, "Family", "Savings");
        seedAccount(*_app, "Family", "Émile");
        auto twinA = seedAccount(*_app, "Family", "Twin");
        auto twinB = seedAccount(*_app, "Family", "Twin");
        seedAccount(*_app, "Family", "Draft", "depository", "USD", "draft");
        seedAccount(*_app, "Family", "Off", "depository", "USD", "disabled");
        seedAccount(*_app, "Family", "Going", "depository", "USD", "pending_deletion");
        seedAccount(*_app, "Other", "Alien");
        const std::string twins =
            twinA.id < twinB.id ? twinA.id + ";" + twinB.id : twinB.id + ";" + twinA.id;
        auto body = get("/api/v1/accounts");
        CPPUNIT_ASSERT_EQUAL(std::string("Draft;Savings;Twin;Twin;savings;Émile;"),
                             joinField(body->getArray("accounts"), "name"));
        auto ids = joinField(body->getArray("accounts"), "id");
        CPPUNIT_ASSERT(ids.find(twins) != std::string::npos);
        auto p = body->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(6, p->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(1, p->getValue<int>("total_pages"));
        for (const char* yes : {"true", "TRUE", "1"})
            CPPUNIT_ASSERT_EQUAL(
                std::string("Draft;Going;Off;Savings;Twin;Twin;savings;Émile;"),
                joinField(get(std::string("/api/v1/accounts?include_disabled=") + yes)
                              ->getArray("accounts"),
                          "name"));
        for (const char* no : {"false", "0", "", "%20"})
            CPPUNIT_ASSERT_EQUAL(6, get(std::string("/api/v1/accounts?include_disabled=") + no)
                                        ->getObject("pagination")
                                        ->getValue<int>("total_count"));
        ASSERT_API_ERROR(_app->get("/api/v1/accounts?include_disabled=maybe", _key), 422,
                         "validation_failed", "include_disabled must be true or false",
                         Errors({"include_disabled must be true or false"}));
        // per_page 2, page 2; past the end serves the last page; >= 101 -> 100; junk -> 25.
        auto page2 = get("/api/v1/accounts?per_page=2&page=2");
        CPPUNIT_ASSERT_EQUAL(std::string("Twin;Twin;"),
                             joinField(page2->getArray("accounts"), "name"));
        auto p2 = page2->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(2, p2->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(2, p2->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(6, p2->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(3, p2->getValue<int>("total_pages"));
        auto last = get("/api/v1/accounts?per_page=4&page=99")->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(2, last->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(100, get("/api/v1/accounts?per_page=101")
                                      ->getObject("pagination")
                                      ->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(25, get("/api/v1/accounts?per_page=abc")
                                     ->getObject("pagination")
                                     ->getValue<int>("per_page"));
        // The other family sees its own only.
        CPPUNIT_ASSERT_EQUAL(
            std::string("Alien;"),
            joinField(get("/api/v1/accounts", 200, _otherKey)->getArray("accounts"), "name"));
    }

    void testAccountLookup() {
        auto off = seedAccount(*_app, "Family", "Off", "depository", "USD", "disabled");
        auto alien = seedAccount(*_app, "Other", "Alien");
        const std::string notFound = R"({"error":"not_found","message":"Account not found"})";
        for (const std::string& path :
             std::vector<std::string>{"/api/v1/accounts/" + alien.id, "/api/v1/accounts/nope",
                                      "/api/v1/accounts/00000000-0000-0000-0000-000000000000",
                                      "/api/v1/accounts/" + off.id}) {
            auto r = _app->get(path, _key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(path, 404, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(path, notFound, r.body);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("disabled"),
                             get("/api/v1/accounts/" + off.id + "?include_disabled=true")
                                 ->getValue<std::string>("status"));
        ASSERT_API_ERROR(_app->get("/api/v1/accounts/" + off.id + "?include_disabled=yes", _key),
                         422, "validation_failed", "include_disabled must be true or false",
                         Errors({"include_disabled must be true or false"}));
    }

    void testCategories() {
        auto food = seedCategory(*_app, "Family", "Food");
        auto dining = seedCategory(*_app, "Family", "Dining", food.id, "#22c55e", "pizza");
        seedCategory(*_app, "Family", "Groceries", food.id);
        seedCategory(*_app, "Other", "Alien");
        auto body = get("/api/v1/categories");
        auto arr = body->getArray("categories");
        CPPUNIT_ASSERT_EQUAL(std::string("Dining;Food;Groceries;"), joinField(arr, "name"));
        auto d = arr->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::size_t(8), d->size());
        CPPUNIT_ASSERT_EQUAL(dining.id, d->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("#22c55e"), d->getValue<std::string>("color"));
        CPPUNIT_ASSERT_EQUAL(std::string("pizza"), d->getValue<std::string>("icon"));
        CPPUNIT_ASSERT_EQUAL(food.id, d->getObject("parent")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Food"),
                             d->getObject("parent")->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(0, d->getValue<int>("subcategories_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             d->getValue<std::string>("created_at"));
        auto f = arr->getObject(1);
        CPPUNIT_ASSERT(f->isNull("parent"));
        CPPUNIT_ASSERT_EQUAL(2, f->getValue<int>("subcategories_count"));
        CPPUNIT_ASSERT_EQUAL(3, body->getObject("pagination")->getValue<int>("total_count"));
        auto one = _app->get("/api/v1/categories/" + food.id, _key);
        CPPUNIT_ASSERT_EQUAL(200, one.status);
        CPPUNIT_ASSERT_EQUAL(std::string("utensils"),
                             jsonObject(one)->getValue<std::string>("icon"));
        auto alien = get("/api/v1/categories", 200, _otherKey)->getArray("categories");
        std::string alienId = alien->getObject(0)->getValue<std::string>("id");
        auto foreign = _app->get("/api/v1/categories/" + alienId, _key);
        CPPUNIT_ASSERT_EQUAL(404, foreign.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"not_found","message":"Category not found"})"),
                             foreign.body);
        CPPUNIT_ASSERT_EQUAL(foreign.body, _app->get("/api/v1/categories/x", _key).body);
    }

    void testCategoryFiltersAndErrors() {
        auto food = seedCategory(*_app, "Family", "Food");
        seedCategory(*_app, "Family", "Dining", food.id);
        seedCategory(*_app, "Family", "Travel");
        auto names = [&](const std::string& q) {
            return joinField(get("/api/v1/categories" + q)->getArray("categories"), "name");
        };
        CPPUNIT_ASSERT_EQUAL(std::string("Food;Travel;"), names("?roots_only=true"));
        CPPUNIT_ASSERT_EQUAL(std::string("Dining;Food;Travel;"), names("?roots_only=0"));
        CPPUNIT_ASSERT_EQUAL(std::string("Dining;"), names("?parent_id=" + food.id));
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("?roots_only=1&parent_id=" + food.id));
        ASSERT_API_ERROR(_app->get("/api/v1/categories?roots_only=maybe", _key), 422,
                         "validation_failed", "roots_only must be true or false",
                         Errors({"roots_only must be true or false"}));
        ASSERT_API_ERROR(_app->get("/api/v1/categories?parent_id=12", _key), 422,
                         "validation_failed", "parent_id must be a valid UUID",
                         Errors({"parent_id must be a valid UUID"}));
        // The first failure in the table's order answers.
        ASSERT_API_ERROR(_app->get("/api/v1/categories?parent_id=12&roots_only=x", _key), 422,
                         "validation_failed", "roots_only must be true or false",
                         Errors({"roots_only must be true or false"}));
        auto p = get("/api/v1/categories?per_page=1&page=2")->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(2, p->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(3, p->getValue<int>("total_pages"));
    }

    void testMerchantsAndTags() {
        auto shop = seedMerchant(*_app, "Family", "Corner Shop");
        seedMerchant(*_app, "Family", "ACME");
        seedMerchant(*_app, "Other", "Alien Shop");
        setTimes(*_app, "merchants", shop.id, kT0 + 123456, kT0 + 999999);
        auto r = _app->get("/api/v1/merchants?page=2&per_page=1", _key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        auto merchants = jsonArrayBody(r);
        CPPUNIT_ASSERT_EQUAL(std::string("ACME;Corner Shop;"), joinField(merchants, "name"));
        auto m = merchants->getObject(1);
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), m->size());
        CPPUNIT_ASSERT_EQUAL(std::string("FamilyMerchant"), m->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00.123Z"),
                             m->getValue<std::string>("created_at"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00.999Z"),
                             m->getValue<std::string>("updated_at"));
        auto one = _app->get("/api/v1/merchants/" + shop.id, _key);
        CPPUNIT_ASSERT_EQUAL(shop.id, jsonObject(one)->getValue<std::string>("id"));
        auto missing = _app->get("/api/v1/merchants/" + shop.id, _otherKey);
        CPPUNIT_ASSERT_EQUAL(404, missing.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"not_found","message":"Merchant not found"})"),
                             missing.body);

        auto urgent = seedTag(*_app, "Family", "urgent", "#ef4444");
        seedTag(*_app, "Family", "Trip");
        auto tags = jsonArrayBody(_app->get("/api/v1/tags", _key));
        CPPUNIT_ASSERT_EQUAL(std::string("Trip;urgent;"), joinField(tags, "name"));
        auto t = tags->getObject(1);
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), t->size());
        CPPUNIT_ASSERT_EQUAL(std::string("#ef4444"), t->getValue<std::string>("color"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00.123Z"),
                             t->getValue<std::string>("created_at"));
        CPPUNIT_ASSERT_EQUAL(std::string("[]"), _app->get("/api/v1/tags", _otherKey).body);
        auto foreign = _app->get("/api/v1/tags/" + urgent.id, _otherKey);
        CPPUNIT_ASSERT_EQUAL(404, foreign.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"not_found","message":"Tag not found"})"),
                             foreign.body);
        CPPUNIT_ASSERT_EQUAL(foreign.body, _app->get("/api/v1/tags/nope", _key).body);
    }

    // HEAD follows GET wherever GET is served; the methods of docs/read-api.md are the rest.
    static std::string allowed(const HttpResult& r) {
        std::string allow = r.header("Allow");
        for (const std::string head : {"HEAD, ", ", HEAD"})
            if (auto at = allow.find(head); at != std::string::npos) allow.erase(at, head.size());
        return allow;
    }

    void testAuthScopeAndMethods() {
        CPPUNIT_ASSERT_EQUAL(401, _app->get("/api/v1/accounts", "").status);
        auto post = sendWithKey(*_app, "POST", "/api/v1/categories", _key, "{}");
        ASSERT_API_ERROR(post, 405, "method_not_allowed", "Method not allowed", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), allowed(post));
        auto put = sendWithKey(*_app, "PUT", "/api/v1/tags/x", _key, "{}");
        CPPUNIT_ASSERT_EQUAL(405, put.status);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), allowed(put));
        auto post2 = sendWithKey(*_app, "POST", "/api/v1/transactions/x", _key, "{}");
        CPPUNIT_ASSERT_EQUAL(405, post2.status);
        CPPUNIT_ASSERT_EQUAL(std::string("DELETE, GET, PATCH, PUT"), allowed(post2));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LedgerReadApiTest);
