// GET /api/v1/transactions and /transactions/{id} (docs/read-api.md §3.1, §3.2, §3.3): the object,
// every filter and its refusal, order, pages, literal search and family isolation.
#include "LedgerSupport.h"

#include "store/TransferStore.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;

class TransactionsApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TransactionsApiTest);
    CPPUNIT_TEST(testObjectShape);
    CPPUNIT_TEST(testAmountsAndSigns);
    CPPUNIT_TEST(testTransferSplitAndVisibility);
    CPPUNIT_TEST(testFilters);
    CPPUNIT_TEST(testSearchIsLiteral);
    CPPUNIT_TEST(testRefusals);
    CPPUNIT_TEST(testOrderAndPages);
    CPPUNIT_TEST(testLookupAndIsolation);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key, _otherKey;
    finimport::store::AccountRow _checking, _alien;

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Family", "read");
        _otherKey = _app->createKey("Other", "read");
        _checking = seedAccount(*_app, "Family", "Checking");
        _alien = seedAccount(*_app, "Other", "Alien");
    }
    void tearDown() override { _app.reset(); }

    Poco::JSON::Object::Ptr list(const std::string& q, const std::string& key = "") {
        auto r = _app->get("/api/v1/transactions" + q, key.empty() ? _key : key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r);
    }
    std::string names(const std::string& q) {
        return joinField(list(q)->getArray("transactions"), "name");
    }
    std::string tx(const std::string& name, const std::string& date, int64_t amount,
                   TxSeed seed = {}) {
        if (seed.accountId.empty()) seed.accountId = _checking.id;
        seed.name = name;
        seed.date = date;
        seed.amount = amount;
        return seedTransaction(*_app, seed);
    }

    void testObjectShape() {
        auto food = seedCategory(*_app, "Family", "Food");
        auto shop = seedMerchant(*_app, "Family", "Corner Shop");
        auto b = seedTag(*_app, "Family", "b-tag", "#111111");
        auto a = seedTag(*_app, "Family", "A-tag", "#222222");
        TxSeed seed;
        seed.notes = "weekly";
        seed.categoryId = food.id;
        seed.merchantId = shop.id;
        seed.tagIds = {b.id, a.id};
        seed.externalId = "FITID-1";
        std::string id = tx("Groceries", "2024-01-04", 8410000000, seed);
        auto body = list("");
        auto o = body->getArray("transactions")->getObject(0);
        // docs/read-api.md §3.1's 22 members and docs/rules.md §11.2's label and locks.
        CPPUNIT_ASSERT_EQUAL(std::size_t(24), o->size());
        CPPUNIT_ASSERT(o->isNull("investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), o->getObject("locked_attributes")->size());
        CPPUNIT_ASSERT_EQUAL(id, o->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-04"), o->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("$84.10"), o->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(int64_t(8410), o->getValue<int64_t>("amount_cents"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-8410), o->getValue<int64_t>("signed_amount_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), o->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries"), o->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("weekly"), o->getValue<std::string>("notes"));
        CPPUNIT_ASSERT_EQUAL(std::string("FITID-1"), o->getValue<std::string>("external_id"));
        CPPUNIT_ASSERT(o->isNull("source"));
        CPPUNIT_ASSERT_EQUAL(std::string("expense"), o->getValue<std::string>("classification"));
        auto acct = o->getObject("account");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), acct->size());
        CPPUNIT_ASSERT_EQUAL(_checking.id, acct->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Checking"), acct->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("depository"),
                             acct->getValue<std::string>("account_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("active"), acct->getValue<std::string>("status"));
        auto cat = o->getObject("category");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), cat->size());
        CPPUNIT_ASSERT_EQUAL(food.id, cat->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("#e99537"), cat->getValue<std::string>("color"));
        CPPUNIT_ASSERT_EQUAL(std::string("utensils"), cat->getValue<std::string>("icon"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), o->getObject("merchant")->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Corner Shop"),
                             o->getObject("merchant")->getValue<std::string>("name"));
        auto tags = o->getArray("tags");
        CPPUNIT_ASSERT_EQUAL(std::string("A-tag;b-tag;"), joinField(tags, "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("#222222;#111111;"), joinField(tags, "color"));
        CPPUNIT_ASSERT(o->isNull("transfer"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             o->getValue<std::string>("created_at"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             o->getValue<std::string>("updated_at"));
        CPPUNIT_ASSERT_EQUAL(false, o->getValue<bool>("excluded"));
        CPPUNIT_ASSERT_EQUAL(std::string("standard"), o->getValue<std::string>("kind"));
        CPPUNIT_ASSERT(o->isNull("split_parent_id"));
        CPPUNIT_ASSERT(o->isNull("import_id"));
        // Without category, merchant, tags, notes: nulls and [].
        tx("Bare", "2024-01-01", kUnit);
        auto bare = list("")->getArray("transactions")->getObject(1);
        CPPUNIT_ASSERT(bare->isNull("category"));
        CPPUNIT_ASSERT(bare->isNull("merchant"));
        CPPUNIT_ASSERT(bare->isNull("notes"));
        CPPUNIT_ASSERT(bare->isNull("external_id"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), bare->getArray("tags")->size());
        // GET {id} answers the same object, bytes for bytes.
        auto one = _app->get("/api/v1/transactions/" + id, _key);
        CPPUNIT_ASSERT_EQUAL(200, one.status);
        CPPUNIT_ASSERT(_app->get("/api/v1/transactions", _key).body.find(one.body) !=
                       std::string::npos);
    }

    void testAmountsAndSigns() {
        auto eur = seedAccount(*_app, "Family", "Euro", "depository", "EUR");
        auto cad = seedAccount(*_app, "Family", "Loonie", "depository", "CAD");
        TxSeed e;
        e.accountId = eur.id;
        e.currency = "EUR";
        TxSeed c;
        c.accountId = cad.id;
        c.currency = "CAD";
        tx("salary", "2024-01-06", -2500 * kUnit);
        tx("rent", "2024-01-05", 8410000000);
        tx("coffee", "2024-01-04", 450000000, e);
        tx("bonus", "2024-01-03", -1000 * kUnit, e);
        tx("ofx", "2024-01-02", 660000000, c);
        tx("zero", "2024-01-01", 0);
        auto arr = list("")->getArray("transactions");
        CPPUNIT_ASSERT_EQUAL(std::string("-$2,500.00;$84.10;€4.50;-€1,000.00;CA$6.60;$0.00;"),
                             joinField(arr, "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("income;expense;expense;income;expense;expense;"),
                             joinField(arr, "classification"));
        const int64_t cents[] = {250000, 8410, 450, 100000, 660, 0};
        const int64_t signedCents[] = {250000, -8410, -450, 100000, -660, 0};
        for (size_t i = 0; i < 6; ++i) {
            CPPUNIT_ASSERT_EQUAL(cents[i], arr->getObject(i)->getValue<int64_t>("amount_cents"));
            CPPUNIT_ASSERT_EQUAL(signedCents[i],
                                 arr->getObject(i)->getValue<int64_t>("signed_amount_cents"));
        }
    }

    void testTransferSplitAndVisibility() {
        auto savings = seedAccount(*_app, "Family", "Savings");
        auto off = seedAccount(*_app, "Family", "Off", "depository", "USD", "disabled");
        auto going = seedAccount(*_app, "Family", "Going", "depository", "USD", "pending_deletion");
        TxSeed in;
        in.accountId = savings.id;
        in.kind = "funds_movement";
        TxSeed out;
        out.kind = "funds_movement";
        std::string inflow = tx("From checking", "2024-02-01", -300 * kUnit, in);
        std::string outflow = tx("To savings", "2024-02-01", 300 * kUnit, out);
        std::string transferId;
        _app->server().database().write([&](finimport::store::Tx& s) {
            transferId =
                finimport::store::insertTransfer(s, inflow, outflow, "confirmed", std::nullopt, "");
        });
        std::string parent = tx("Split", "2024-01-20", 100 * kUnit);
        TxSeed child;
        child.parentId = parent;
        tx("Part A", "2024-01-20", 60 * kUnit, child);
        tx("Part B", "2024-01-20", 40 * kUnit, child);
        TxSeed o;
        o.accountId = off.id;
        tx("Old history", "2024-01-10", kUnit, o);
        o.accountId = going.id;
        std::string hidden = tx("Going away", "2024-01-09", kUnit, o);
        TxSeed a;
        a.accountId = _alien.id;
        tx("Alien", "2024-01-08", kUnit, a);
        auto arr = list("")->getArray("transactions");
        CPPUNIT_ASSERT_EQUAL(std::size_t(6), arr->size());
        auto outObj = _app->get("/api/v1/transactions/" + outflow, _key);
        auto t = jsonObject(outObj)->getObject("transfer");
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), t->size());
        CPPUNIT_ASSERT_EQUAL(transferId, t->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("$300.00"), t->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(int64_t(30000), t->getValue<int64_t>("amount_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), t->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(savings.id,
                             t->getObject("other_account")->getValue<std::string>("id"));
        auto inT =
            jsonObject(_app->get("/api/v1/transactions/" + inflow, _key))->getObject("transfer");
        CPPUNIT_ASSERT_EQUAL(std::string("$300.00"), inT->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(_checking.id,
                             inT->getObject("other_account")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("funds_movement"),
                             jsonObject(outObj)->getValue<std::string>("kind"));
        auto partA = list("?search=Part%20A")->getArray("transactions")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(parent, partA->getValue<std::string>("split_parent_id"));
        // pending_deletion: not listed, still readable by id; disabled: listed.
        CPPUNIT_ASSERT_EQUAL(std::string("Old history;"), names("?account_id=" + off.id));
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/api/v1/transactions/" + hidden, _key).status);
    }

    void testFilters() {
        auto savings = seedAccount(*_app, "Family", "Savings");
        auto food = seedCategory(*_app, "Family", "Food");
        auto dining = seedCategory(*_app, "Family", "Dining", food.id);
        auto shop = seedMerchant(*_app, "Family", "Shop");
        auto t1 = seedTag(*_app, "Family", "t1");
        auto t2 = seedTag(*_app, "Family", "t2");
        const std::string importId = "0190a0a0-0000-7000-8000-000000000001";
        TxSeed s1;
        s1.categoryId = food.id;
        s1.tagIds = {t1.id, t2.id};
        s1.importId = importId;
        tx("one", "2024-03-05", 150 * kUnit, s1);
        TxSeed s2;
        s2.categoryId = dining.id;
        s2.merchantId = shop.id;
        s2.tagIds = {t2.id};
        tx("two", "2024-03-04", 100 * kUnit, s2);
        TxSeed s3;
        s3.accountId = savings.id;
        tx("three", "2024-03-03", -100 * kUnit, s3);
        tx("four", "2024-03-02", -5 * kUnit / 10);
        tx("five", "2024-03-01", 0);
        CPPUNIT_ASSERT_EQUAL(std::string("three;"), names("?account_id=" + savings.id));
        CPPUNIT_ASSERT_EQUAL(
            std::string("one;two;three;four;five;"),
            names("?account_ids[]=" + savings.id + "&account_ids[]=" + _checking.id));
        CPPUNIT_ASSERT_EQUAL(std::string("three;"),
                             names("?account_ids=" + savings.id + ",," + _alien.id));
        // A single and a list parameter of the same field: their intersection.
        CPPUNIT_ASSERT_EQUAL(std::string(""),
                             names("?account_id=" + savings.id + "&account_ids[]=" + _checking.id));
        CPPUNIT_ASSERT_EQUAL(std::string("one;"), names("?category_id=" + food.id));
        CPPUNIT_ASSERT_EQUAL(std::string("one;two;"),
                             names("?category_ids[]=" + food.id + "&category_ids[]=" + dining.id));
        CPPUNIT_ASSERT_EQUAL(std::string("two;"), names("?merchant_id=" + shop.id));
        CPPUNIT_ASSERT_EQUAL(std::string("two;"), names("?merchant_ids=" + shop.id));
        CPPUNIT_ASSERT_EQUAL(std::string("one;two;"),
                             names("?tag_ids[]=" + t1.id + "&tag_ids[]=" + t2.id));
        CPPUNIT_ASSERT_EQUAL(std::string("one;"), names("?tag_ids[]=" + t1.id));
        CPPUNIT_ASSERT_EQUAL(std::string("one;"), names("?import_id=" + importId));
        CPPUNIT_ASSERT_EQUAL(std::string("two;three;"),
                             names("?start_date=2024-03-03&end_date=20240304"));
        CPPUNIT_ASSERT_EQUAL(std::string("one;"), names("?start_date=2024-03-05T23:00:00Z"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("?start_date=2024-03-05&end_date=2024-03-01"));
        CPPUNIT_ASSERT_EQUAL(std::string("one;two;"), names("?type=expense&min_amount=100"));
        CPPUNIT_ASSERT_EQUAL(std::string("three;"), names("?max_amount=-100"));
        CPPUNIT_ASSERT_EQUAL(std::string("three;four;"), names("?type=INCOME"));
        CPPUNIT_ASSERT_EQUAL(std::string("four;five;"),
                             names("?min_amount=-0.5&max_amount=0.00000000"));
        CPPUNIT_ASSERT_EQUAL(std::string("one;two;three;four;five;"),
                             names("?type=%20&min_amount=&search=&account_id=&unknown=1"));
        // Another family's ids match nothing (200, empty).
        auto other = seedCategory(*_app, "Other", "Theirs");
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("?category_id=" + other.id));
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("?account_id=" + _alien.id));
    }

    void testSearchIsLiteral() {
        auto shop = seedMerchant(*_app, "Family", "Blue Bottle");
        TxSeed s;
        s.merchantId = shop.id;
        tx("Card purchase", "2024-01-05", kUnit, s);
        TxSeed n;
        n.notes = "50% off";
        tx("Sale", "2024-01-04", kUnit, n);
        tx("snake_case", "2024-01-03", kUnit);
        tx("CAFÉ Noir", "2024-01-02", kUnit);
        tx("plain", "2024-01-01", kUnit);
        CPPUNIT_ASSERT_EQUAL(std::string("Card purchase;"), names("?search=bLuE%20bOtTlE"));
        CPPUNIT_ASSERT_EQUAL(std::string("Sale;"), names("?search=%25"));
        CPPUNIT_ASSERT_EQUAL(std::string("snake_case;"), names("?search=_"));
        CPPUNIT_ASSERT_EQUAL(std::string("CAFÉ Noir;"), names("?search=caf%C3%89"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("?search=caf%C3%A9"));
        CPPUNIT_ASSERT_EQUAL(std::string("Sale;"), names("?search=50%25%20OFF"));
        std::string longest(256, 'x');
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("?search=" + longest));
        ASSERT_API_ERROR(_app->get("/api/v1/transactions?search=" + longest + "x", _key), 422,
                         "validation_failed", "search is too long (maximum is 256 characters)",
                         Errors({"search is too long (maximum is 256 characters)"}));
    }

    void testRefusals() {
        const std::string u = "0190a0a0-0000-7000-8000-000000000001";
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"account_id=1", "account_id must be a valid UUID"},
            {"account_ids[]=" + u + "&account_ids[]=x", "account_ids must contain valid UUIDs"},
            {"category_id=x", "category_id must be a valid UUID"},
            {"category_ids=" + u + ",x", "category_ids must contain valid UUIDs"},
            {"merchant_id=x", "merchant_id must be a valid UUID"},
            {"merchant_ids[]=x", "merchant_ids must contain valid UUIDs"},
            {"tag_ids[]=x", "tag_ids must contain valid UUIDs"},
            {"import_id=x", "import_id must be a valid UUID"},
            {"start_date=soon", "start_date must be an ISO 8601 date"},
            {"start_date=2024-02-30", "start_date must be an ISO 8601 date"},
            {"end_date=Jan%205%202024", "end_date must be an ISO 8601 date"},
            {"end_date=05/01/2024", "end_date must be an ISO 8601 date"},
            {"min_amount=abc", "min_amount must be a number"},
            {"min_amount=1e3", "min_amount must be a number"},
            {"max_amount=1.000000001", "max_amount must be a number"},
            {"max_amount=%2B5", "max_amount must be a number"},
            {"type=transfer", "type must be income or expense"},
            // The first failure in the table's order answers.
            {"type=x&end_date=x&account_id=x", "account_id must be a valid UUID"},
            {"type=x&min_amount=x", "min_amount must be a number"},
        };
        for (const auto& [query, message] : cases)
            ASSERT_API_ERROR(_app->get("/api/v1/transactions?" + query, _key), 422,
                             "validation_failed", message, Errors({message}));
    }

    void testOrderAndPages() {
        // date desc, created_at desc, id desc.
        TxSeed later;
        later.createdAt = kT0 + 1000000;
        tx("b-older-created", "2024-01-02", kUnit);
        tx("a-newer-created", "2024-01-02", kUnit, later);
        tx("c-earliest", "2024-01-01", kUnit, later);
        tx("d-latest", "2024-01-03", kUnit);
        CPPUNIT_ASSERT_EQUAL(std::string("d-latest;a-newer-created;b-older-created;c-earliest;"),
                             names(""));
        std::string ids[2] = {tx("tie", "2023-12-31", kUnit), tx("tie", "2023-12-31", kUnit)};
        auto tail = list("?per_page=2&page=3")->getArray("transactions");
        const std::string high = std::max(ids[0], ids[1]), low = std::min(ids[0], ids[1]);
        CPPUNIT_ASSERT_EQUAL(high + ";" + low + ";", joinField(tail, "id"));
        // Every transaction exactly once across pages of any size.
        std::string all = joinField(list("")->getArray("transactions"), "id"), paged;
        for (int page = 1; page <= 2; ++page)
            paged += joinField(
                list("?per_page=4&page=" + std::to_string(page))->getArray("transactions"), "id");
        CPPUNIT_ASSERT_EQUAL(all, paged);
        auto p = list("?per_page=4&page=9")->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(2, p->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(4, p->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(6, p->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(2, p->getValue<int>("total_pages"));
        CPPUNIT_ASSERT_EQUAL(
            100, list("?per_page=500")->getObject("pagination")->getValue<int>("per_page"));
        auto empty = list("?account_id=" + _alien.id)->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(1, empty->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(0, empty->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(1, empty->getValue<int>("total_pages"));
    }

    void testLookupAndIsolation() {
        TxSeed a;
        a.accountId = _alien.id;
        std::string theirs = tx("Theirs", "2024-01-01", kUnit, a);
        std::string mine = tx("Mine", "2024-01-01", kUnit);
        const std::string notFound = R"({"error":"not_found","message":"Transaction not found"})";
        auto foreign = _app->get("/api/v1/transactions/" + theirs, _key);
        CPPUNIT_ASSERT_EQUAL(404, foreign.status);
        CPPUNIT_ASSERT_EQUAL(notFound, foreign.body);
        CPPUNIT_ASSERT_EQUAL(notFound, _app->get("/api/v1/transactions/12", _key).body);
        CPPUNIT_ASSERT_EQUAL(
            notFound,
            _app->get("/api/v1/transactions/00000000-0000-0000-0000-000000000000", _key).body);
        std::string upper = mine;
        for (char& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        CPPUNIT_ASSERT_EQUAL(mine, jsonObject(_app->get("/api/v1/transactions/" + upper, _key))
                                       ->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Theirs;"),
                             joinField(list("", _otherKey)->getArray("transactions"), "name"));
        CPPUNIT_ASSERT_EQUAL(401, _app->get("/api/v1/transactions", "").status);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TransactionsApiTest);
