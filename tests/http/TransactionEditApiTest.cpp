// PATCH / PUT / DELETE /api/v1/transactions/{id} (docs/read-api.md §3.4, §3.5): fields, the body
// shapes, every validation message in order, split rules, scope before lookup, family
// isolation, and the locks a correction leaves (docs/rules.md §7).
#include "LedgerSupport.h"

#include "domain/Date.h"
#include "store/TransactionLocks.h"
#include "store/TransferStore.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;
using finimport::store::TransactionLocks;

class TransactionEditApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TransactionEditApiTest);
    CPPUNIT_TEST(testPatchFields);
    CPPUNIT_TEST(testClearsAliasesAndForms);
    CPPUNIT_TEST(testValidationListsEveryProblem);
    CPPUNIT_TEST(testValuesAndBounds);
    CPPUNIT_TEST(testMissingWrapper);
    CPPUNIT_TEST(testSplitRules);
    CPPUNIT_TEST(testDeleteTransferSide);
    CPPUNIT_TEST(testScopeIsolationAndBodies);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key, _otherKey;
    finimport::store::AccountRow _checking;

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Family");
        _otherKey = _app->createKey("Other");
        _checking = seedAccount(*_app, "Family", "Checking");
    }
    void tearDown() override { _app.reset(); }

    std::string tx(const std::string& name, int64_t amount, TxSeed seed = {}) {
        if (seed.accountId.empty()) seed.accountId = _checking.id;
        if (seed.date.empty()) seed.date = "2024-01-04";
        seed.name = name;
        seed.amount = amount;
        return seedTransaction(*_app, seed);
    }
    Poco::JSON::Object::Ptr ok(const HttpResult& r) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r);
    }
    std::string locks(const std::string& id) {
        std::string out;
        _app->server().database().read([&](finimport::store::Tx& s) {
            for (const auto& [attribute, at] : TransactionLocks::locked(s, id))
                out += attribute + ";";
        });
        return out;
    }

    void testPatchFields() {
        auto food = seedCategory(*_app, "Family", "Food");
        auto shop = seedMerchant(*_app, "Family", "Shop");
        auto t1 = seedTag(*_app, "Family", "t1");
        auto t2 = seedTag(*_app, "Family", "t2");
        std::string id = tx("Groceries", 8410000000);
        auto o = ok(patchJson(*_app, id,
                              R"({"transaction":{"name":"Weekly shop","notes":"receipt",)"
                              R"("category_id":")" +
                                  food.id + R"(","merchant_id":")" + shop.id + R"(","tag_ids":[")" +
                                  t2.id + R"(",")" + t1.id + R"(",")" + t2.id +
                                  R"("],"excluded":"TRUE","account_id":"x","kind":"y",)"
                                  R"("amount":12.5,"date":"2024-01-06","currency":"usd"}})",
                              _key));
        CPPUNIT_ASSERT_EQUAL(id, o->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Weekly shop"), o->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("receipt"), o->getValue<std::string>("notes"));
        CPPUNIT_ASSERT_EQUAL(food.id, o->getObject("category")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(shop.id, o->getObject("merchant")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("t1;t2;"), joinField(o->getArray("tags"), "name"));
        CPPUNIT_ASSERT_EQUAL(true, o->getValue<bool>("excluded"));
        CPPUNIT_ASSERT_EQUAL(std::string("$12.50"), o->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1250), o->getValue<int64_t>("amount_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-06"), o->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(_checking.id, o->getObject("account")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("standard"), o->getValue<std::string>("kind"));
        CPPUNIT_ASSERT(o->getValue<std::string>("updated_at") != "2024-01-15T10:30:00Z");
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             o->getValue<std::string>("created_at"));
        // GET reads the same object.
        auto again = _app->get("/api/v1/transactions/" + id, _key);
        CPPUNIT_ASSERT_EQUAL(patchJson(*_app, id, R"({"transaction":{"kind":"x"}})", _key).body,
                             again.body);
        CPPUNIT_ASSERT_EQUAL(std::string("category_id;excluded;merchant_id;name;notes;tag_ids;"),
                             locks(id));
    }

    void testClearsAliasesAndForms() {
        auto food = seedCategory(*_app, "Family", "Food");
        auto shop = seedMerchant(*_app, "Family", "Shop");
        auto t1 = seedTag(*_app, "Family", "t1");
        TxSeed seed;
        seed.categoryId = food.id;
        seed.merchantId = shop.id;
        seed.tagIds = {t1.id};
        seed.notes = "old";
        std::string id = tx("Groceries", kUnit, seed);
        // A request that changes nothing keeps updated_at (and still pins what it names).
        auto same = ok(patchJson(*_app, id, R"({"transaction":{"name":"Groceries"}})", _key));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             same->getValue<std::string>("updated_at"));
        CPPUNIT_ASSERT_EQUAL(std::string("name;"), locks(id));
        // PUT, top-level field names, nulls and "" clear; tags absent are kept.
        auto cleared = ok(patchJson(*_app, id,
                                    R"({"notes":null,"category_id":"","merchant_id":null,)"
                                    R"("description":"Alias"})",
                                    _key, "PUT"));
        CPPUNIT_ASSERT(cleared->isNull("notes"));
        CPPUNIT_ASSERT(cleared->isNull("category"));
        CPPUNIT_ASSERT(cleared->isNull("merchant"));
        CPPUNIT_ASSERT_EQUAL(std::string("Alias"), cleared->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("t1;"), joinField(cleared->getArray("tags"), "name"));
        auto both = ok(patchJson(*_app, id, R"({"name":"Wins","description":"Loses"})", _key));
        CPPUNIT_ASSERT_EQUAL(std::string("Wins"), both->getValue<std::string>("name"));
        auto noTags =
            ok(patchJson(*_app, id, R"({"transaction":{"tag_ids":null,"notes":""}})", _key));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), noTags->getArray("tags")->size());
        CPPUNIT_ASSERT(noTags->isNull("notes"));
        // A null that means "no change" locks nothing and changes nothing.
        ok(patchJson(*_app, id, R"({"transaction":{"amount":null,"date":null,"excluded":null}})",
                     _key));
        CPPUNIT_ASSERT_EQUAL(std::string("category_id;merchant_id;name;notes;tag_ids;"), locks(id));
        // URL-encoded forms with transaction[field] names.
        auto form =
            ok(sendWithKey(*_app, "PATCH", "/api/v1/transactions/" + id, _key,
                           "transaction[notes]=from+a+form&transaction[tag_ids][]=" + t1.id +
                               "&transaction[excluded]=true",
                           "application/x-www-form-urlencoded"));
        CPPUNIT_ASSERT_EQUAL(std::string("from a form"), form->getValue<std::string>("notes"));
        CPPUNIT_ASSERT_EQUAL(std::string("t1;"), joinField(form->getArray("tags"), "name"));
        CPPUNIT_ASSERT_EQUAL(true, form->getValue<bool>("excluded"));
        // nature decides the sign of an amount; alone it changes nothing.
        auto income = ok(patchJson(*_app, id, R"({"amount":"-25","nature":"Inflow"})", _key));
        CPPUNIT_ASSERT_EQUAL(std::string("-$25.00"), income->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("income"),
                             income->getValue<std::string>("classification"));
        auto out = ok(patchJson(*_app, id, R"({"amount":"-25","nature":"EXPENSE"})", _key));
        CPPUNIT_ASSERT_EQUAL(std::string("$25.00"), out->getValue<std::string>("amount"));
        auto alone = ok(patchJson(*_app, id, R"({"nature":"income"})", _key));
        CPPUNIT_ASSERT_EQUAL(std::string("$25.00"), alone->getValue<std::string>("amount"));
    }

    void testValidationListsEveryProblem() {
        auto alienShop = seedMerchant(*_app, "Other", "Alien");
        std::string id = tx("Groceries", kUnit);
        auto r =
            patchJson(*_app, id,
                      R"({"transaction":{"name":5,"notes":1,"date":"2024-02-30",)"
                      R"("amount":"abc","nature":"gift","category_id":"x","merchant_id":")" +
                          alienShop.id + R"(","tag_ids":"x","excluded":"maybe","currency":"EUR"}})",
                      _key);
        ASSERT_API_ERROR(
            r, 422, "validation_failed", "Transaction could not be updated",
            Errors({"Name must be a string", "Notes must be a string", "Date is not a valid date",
                    "Amount is not a number", "Nature is not included in the list",
                    "Category must be a valid UUID", "Merchant must belong to your family",
                    "Tag ids must be an array of UUIDs", "Excluded must be true or false",
                    "Currency cannot be changed"}));
        // Nothing changed, nothing locked.
        auto o = jsonObject(_app->get("/api/v1/transactions/" + id, _key));
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries"), o->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), locks(id));
    }

    void testValuesAndBounds() {
        auto alienTag = seedTag(*_app, "Other", "alien");
        auto alienCategory = seedCategory(*_app, "Other", "Alien");
        std::string id = tx("Groceries", kUnit);
        auto today = finimport::domain::Date::today();
        const std::string window = "Date must be between " + today.addYears(-50).addDays(1).iso() +
                                   " and " + today.addDays(1).iso();
        const std::vector<std::pair<std::string, std::string>> cases = {
            {R"({"name":"   "})", "Name can't be blank"},
            {R"({"date":"1900-01-01"})", window},
            {R"({"date":")" + today.addDays(2).iso() + R"("})", window},
            {R"({"date":"20240105"})", "Date is not a valid date"},
            {R"({"amount":"1.123456789"})", "Amount has more than 8 decimal places"},
            {R"({"amount":100000000000})", "Amount is out of range"},
            {R"({"amount":1e3})", "Amount is not a number"},
            {R"({"amount":true})", "Amount is not a number"},
            {R"({"category_id":")" + alienCategory.id + R"("})",
             "Category must belong to your family"},
            {R"({"merchant_id":7})", "Merchant must be a valid UUID"},
            {R"({"tag_ids":[")" + alienTag.id + R"("]})", "Tags must belong to your family"},
            {R"({"tag_ids":[1]})", "Tag ids must be an array of UUIDs"},
            {R"({"excluded":1})", "Excluded must be true or false"},
        };
        for (const auto& [body, message] : cases)
            ASSERT_API_ERROR(patchJson(*_app, id, body, _key), 422, "validation_failed",
                             "Transaction could not be updated", Errors({message}));
        auto edge = ok(patchJson(*_app, id,
                                 R"({"amount":"1.100000000","date":")" + today.addDays(1).iso() +
                                     R"(","currency":"usd","excluded":false})",
                                 _key));
        CPPUNIT_ASSERT_EQUAL(std::string("$1.10"), edge->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(today.addDays(1).iso(), edge->getValue<std::string>("date"));
    }

    void testMissingWrapper() {
        std::string id = tx("Groceries", kUnit);
        const std::string m = "param is missing or the value is empty or invalid: transaction";
        for (const std::string body : {"{}", R"({"transaction":null})", R"({"transaction":{}})",
                                       R"({"transaction":"x"})", R"({"unknown":1})"})
            ASSERT_API_ERROR(patchJson(*_app, id, body, _key), 422, "validation_failed", m,
                             kNoErrors);
        ASSERT_API_ERROR(sendWithKey(*_app, "PATCH", "/api/v1/transactions/" + id, _key), 422,
                         "validation_failed", m, kNoErrors);
        // 404 before the body's shape.
        ASSERT_API_ERROR(patchJson(*_app, "00000000-0000-0000-0000-000000000000", "{}", _key), 404,
                         "not_found", "Transaction not found", kNoErrors);
    }

    void testSplitRules() {
        TxSeed p;
        p.excluded = true;
        std::string parent = tx("Split", 100 * kUnit, p);
        TxSeed c;
        c.parentId = parent;
        std::string child = tx("Part", 60 * kUnit, c);
        tx("Other part", 40 * kUnit, c);
        auto err = [&](const std::string& entry, const std::string& body, const std::string& m) {
            ASSERT_API_ERROR(patchJson(*_app, entry, body, _key), 422, "validation_failed",
                             "Transaction could not be updated", Errors({m}));
        };
        err(child, R"({"amount":"61"})", "Amount and date of a split child cannot be changed");
        err(child, R"({"date":"2024-01-05"})",
            "Amount and date of a split child cannot be changed");
        err(parent, R"({"amount":"99"})", "Amount and date of a split parent cannot be changed");
        err(parent, R"({"excluded":false})", "Excluded cannot be turned off for a split parent");
        auto same = ok(patchJson(*_app, child,
                                 R"({"amount":"60.00","date":"2024-01-04","name":"Renamed",)"
                                 R"("excluded":true})",
                                 _key));
        CPPUNIT_ASSERT_EQUAL(std::string("Renamed"), same->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(parent, same->getValue<std::string>("split_parent_id"));
        const std::string m = "A split child cannot be deleted on its own; delete its split parent";
        ASSERT_API_ERROR(sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + child, _key), 422,
                         "validation_failed", m, Errors({m}));
        auto gone = sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + parent, _key);
        CPPUNIT_ASSERT_EQUAL(200, gone.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"message":"Transaction deleted successfully"})"),
                             gone.body);
        CPPUNIT_ASSERT_EQUAL(404, _app->get("/api/v1/transactions/" + child, _key).status);
        CPPUNIT_ASSERT_EQUAL(0, jsonObject(_app->get("/api/v1/transactions", _key))
                                    ->getObject("pagination")
                                    ->getValue<int>("total_count"));
    }

    void testDeleteTransferSide() {
        auto savings = seedAccount(*_app, "Family", "Savings");
        auto tag = seedTag(*_app, "Family", "moved");
        TxSeed in;
        in.accountId = savings.id;
        in.kind = "funds_movement";
        TxSeed out;
        out.kind = "funds_movement";
        out.tagIds = {tag.id};
        std::string inflow = tx("In", -300 * kUnit, in), outflow = tx("Out", 300 * kUnit, out);
        _app->server().database().write([&](finimport::store::Tx& s) {
            finimport::store::insertTransfer(s, inflow, outflow, "confirmed", std::nullopt, "");
        });
        CPPUNIT_ASSERT_EQUAL(
            200, sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + outflow, _key).status);
        auto other = jsonObject(_app->get("/api/v1/transactions/" + inflow, _key));
        CPPUNIT_ASSERT(other->isNull("transfer"));
        CPPUNIT_ASSERT_EQUAL(std::string("funds_movement"), other->getValue<std::string>("kind"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "transfers"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "transaction_tags"));
        CPPUNIT_ASSERT_EQUAL(std::string("moved;"),
                             joinField(jsonArrayBody(_app->get("/api/v1/tags", _key)), "name"));
        const std::string notFound = R"({"error":"not_found","message":"Transaction not found"})";
        for (const char* method : {"GET", "DELETE", "PATCH", "PUT"})
            CPPUNIT_ASSERT_EQUAL(
                notFound,
                sendWithKey(*_app, method, "/api/v1/transactions/" + outflow, _key,
                            std::string(method) == "GET" || std::string(method) == "DELETE"
                                ? ""
                                : R"({"name":"x"})")
                    .body);
    }

    void testScopeIsolationAndBodies() {
        std::string readKey = _app->createKey("Family", "read");
        std::string id = tx("Mine", kUnit);
        auto alienAccount = seedAccount(*_app, "Other", "Alien");
        TxSeed a;
        a.accountId = alienAccount.id;
        std::string theirs = tx("Theirs", kUnit, a);
        // Scope before lookup and validation.
        for (const std::string& target : {id, std::string("nope")})
            for (const char* method : {"PATCH", "PUT", "DELETE"})
                ASSERT_API_ERROR(sendWithKey(*_app, method, "/api/v1/transactions/" + target,
                                             readKey, "{\"name\":5}"),
                                 403, "insufficient_scope",
                                 "This action requires the 'write' scope", kNoErrors);
        // Another family's transaction: the same bytes as one that does not exist.
        auto foreign = patchJson(*_app, theirs, R"({"name":"x"})", _key);
        auto unknown =
            patchJson(*_app, "00000000-0000-0000-0000-000000000000", R"({"name":"x"})", _key);
        CPPUNIT_ASSERT_EQUAL(404, foreign.status);
        CPPUNIT_ASSERT_EQUAL(unknown.body, foreign.body);
        CPPUNIT_ASSERT_EQUAL(
            unknown.body,
            sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + theirs, _key).body);
        CPPUNIT_ASSERT_EQUAL(std::string("Theirs"),
                             jsonObject(_app->get("/api/v1/transactions/" + theirs, _otherKey))
                                 ->getValue<std::string>("name"));
        ASSERT_API_ERROR(patchJson(*_app, id, "{not json", _key), 400, "bad_request",
                         "Request body is not valid JSON", kNoErrors);
        ASSERT_API_ERROR(patchJson(*_app, id, "[1]", _key), 400, "bad_request",
                         "Request body must be a JSON object", kNoErrors);
        auto text =
            sendWithKey(*_app, "PATCH", "/api/v1/transactions/" + id, _key, "name=x", "text/plain");
        CPPUNIT_ASSERT_EQUAL(415, text.status);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TransactionEditApiTest);
