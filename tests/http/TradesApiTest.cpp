// GET /api/v1/trades (docs/api.md §9.1, §9.3 with §10 changes 5, 6, 7, 11; docs/decisions.md D24,
// D27, D28). Trades are seeded through the store (TradeImport belongs to the trade importer).
#include "ApiSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;

namespace {

constexpr int64_t kUnit = 100000000;      // 10^8
constexpr int64_t kT0 = 1705314600000000; // 2024-01-15T10:30:00Z in µs

} // namespace

class TradesApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TradesApiTest);
    CPPUNIT_TEST(testTradeShape);
    CPPUNIT_TEST(testOrderAndTieBreak);
    CPPUNIT_TEST(testVisibilityAndTenantIsolation);
    CPPUNIT_TEST(testAccountFilters);
    CPPUNIT_TEST(testMalformedIdsAre422);
    CPPUNIT_TEST(testDateFiltersAndErrors);
    CPPUNIT_TEST(testPagination);
    CPPUNIT_TEST(testAuthAndScope);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key;
    finimport::store::AccountRow _brokerage;

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Family", "read");
        _brokerage = seedAccount(*_app, "Family", "Brokerage", "investment");
    }
    void tearDown() override { _app.reset(); }

    Poco::JSON::Object::Ptr list(const std::string& query, int expectStatus = 200) {
        auto r = _app->get("/api/v1/trades" + query, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, expectStatus, r.status);
        return jsonObject(r);
    }

    void testTradeShape() {
        auto t = seedTrade(*_app, _brokerage.id, "2024-01-15", 100 * kUnit, 2505 * kUnit / 10,
                           25050 * kUnit, "VTI", "Buy 100 shares of VTI", kT0);
        seedTrade(*_app, _brokerage.id, "2024-01-10", -5 * kUnit, 200 * kUnit, -1000 * kUnit, "",
                  "Sell", kT0);
        auto body = list("");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), body->size());
        auto trades = body->getArray("trades");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), trades->size());
        auto o = trades->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::size_t(14), o->size());
        CPPUNIT_ASSERT_EQUAL(t.tradeId, o->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), o->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("$25,050.00"), o->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), o->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("Buy 100 shares of VTI"),
                             o->getValue<std::string>("name"));
        CPPUNIT_ASSERT(o->isNull("notes"));
        CPPUNIT_ASSERT(o->get("qty").isString());
        CPPUNIT_ASSERT_EQUAL(std::string("100.0"), o->getValue<std::string>("qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("$250.50"), o->getValue<std::string>("price"));
        CPPUNIT_ASSERT_EQUAL(std::string("Buy"),
                             o->getValue<std::string>("investment_activity_label"));
        CPPUNIT_ASSERT(!o->has("amount_cents"));
        CPPUNIT_ASSERT(!o->has("price_cents"));
        auto a = o->getObject("account");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), a->size());
        CPPUNIT_ASSERT_EQUAL(_brokerage.id, a->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Brokerage"), a->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("investment"), a->getValue<std::string>("account_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("active"),
                             a->getValue<std::string>("status")); // docs/decisions.md D24
        auto sec = o->getObject("security");
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), sec->size());
        CPPUNIT_ASSERT_EQUAL(std::string("VTI"), sec->getValue<std::string>("ticker"));
        CPPUNIT_ASSERT_EQUAL(std::string("Name of VTI"), sec->getValue<std::string>("name"));
        CPPUNIT_ASSERT(o->isNull("category"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             o->getValue<std::string>("created_at"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"),
                             o->getValue<std::string>("updated_at"));
        auto sell = trades->getObject(1);
        CPPUNIT_ASSERT_EQUAL(std::string("-5.0"), sell->getValue<std::string>("qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("-$1,000.00"), sell->getValue<std::string>("amount"));
        CPPUNIT_ASSERT(sell->isNull("security"));
        auto p = body->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(1, p->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(25, p->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(2, p->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(1, p->getValue<int>("total_pages"));
    }

    void testOrderAndTieBreak() {
        auto older = seedTrade(*_app, _brokerage.id, "2024-02-01", 15 * kUnit / 10, kUnit, kUnit,
                               "A", "a", kT0);
        auto newer = seedTrade(*_app, _brokerage.id, "2024-02-01", 12345678, kUnit, kUnit, "B", "b",
                               kT0 + 1000000);
        auto early = seedTrade(*_app, _brokerage.id, "2024-01-01", kUnit, kUnit, kUnit, "C", "c",
                               kT0 + 5000000);
        auto trades = list("")->getArray("trades");
        CPPUNIT_ASSERT_EQUAL(newer.tradeId, trades->getObject(0)->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(older.tradeId, trades->getObject(1)->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(early.tradeId, trades->getObject(2)->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("0.12345678"),
                             trades->getObject(0)->getValue<std::string>("qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("1.5"),
                             trades->getObject(1)->getValue<std::string>("qty"));
    }

    void testVisibilityAndTenantIsolation() {
        auto draft = seedAccount(*_app, "Family", "Draft", "investment", "USD", "draft");
        auto disabled = seedAccount(*_app, "Family", "Disabled", "investment", "USD", "disabled");
        auto deleting =
            seedAccount(*_app, "Family", "Deleting", "investment", "USD", "pending_deletion");
        _app->createKey("Other");
        auto foreign = seedAccount(*_app, "Other", "Theirs", "investment");
        seedTrade(*_app, draft.id, "2024-01-01", kUnit, kUnit, kUnit, "D", "draft", kT0);
        seedTrade(*_app, disabled.id, "2024-01-01", kUnit, kUnit, kUnit, "E", "disabled", kT0);
        seedTrade(*_app, deleting.id, "2024-01-01", kUnit, kUnit, kUnit, "F", "deleting", kT0);
        seedTrade(*_app, foreign.id, "2024-01-01", kUnit, kUnit, kUnit, "G", "foreign", kT0);
        auto trades = list("")->getArray("trades");
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), trades->size());
        CPPUNIT_ASSERT_EQUAL(std::string("draft"),
                             trades->getObject(0)->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("draft"),
            trades->getObject(0)->getObject("account")->getValue<std::string>("status"));
        // A foreign account id yields nothing, never the other family's data.
        CPPUNIT_ASSERT_EQUAL(std::size_t(0),
                             list("?account_id=" + foreign.id)->getArray("trades")->size());
    }

    void testAccountFilters() {
        auto second = seedAccount(*_app, "Family", "Second", "investment");
        auto third = seedAccount(*_app, "Family", "Third", "investment");
        seedTrade(*_app, _brokerage.id, "2024-01-03", kUnit, kUnit, kUnit, "A", "one", kT0);
        seedTrade(*_app, second.id, "2024-01-02", kUnit, kUnit, kUnit, "A", "two", kT0);
        seedTrade(*_app, third.id, "2024-01-01", kUnit, kUnit, kUnit, "A", "three", kT0);
        auto names = [&](const std::string& q) {
            std::string out;
            auto arr = list(q)->getArray("trades");
            for (size_t i = 0; i < arr->size(); ++i)
                out += arr->getObject(i)->getValue<std::string>("name") + ";";
            return out;
        };
        CPPUNIT_ASSERT_EQUAL(std::string("two;"), names("?account_id=" + second.id));
        std::string upper = second.id;
        for (auto& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        CPPUNIT_ASSERT_EQUAL(std::string("two;"), names("?account_id=" + upper));
        CPPUNIT_ASSERT_EQUAL(std::string("one;three;"),
                             names("?account_ids[]=" + _brokerage.id +
                                   "&account_ids[]=" + third.id + "&account_ids[]="));
        CPPUNIT_ASSERT_EQUAL(std::string("two;three;"),
                             names("?account_ids=" + second.id + "," + third.id));
        // account_id AND account_ids: intersection.
        CPPUNIT_ASSERT_EQUAL(std::string("three;"),
                             names("?account_id=" + third.id + "&account_ids[]=" + second.id +
                                   "&account_ids[]=" + third.id));
        CPPUNIT_ASSERT_EQUAL(std::string(""),
                             names("?account_id=" + _brokerage.id + "&account_ids[]=" + second.id));
        CPPUNIT_ASSERT_EQUAL(std::string("one;two;three;"), names("?account_id=%20"));
        // docs/decisions.md D230: surrounding whitespace is trimmed, as on the read API's lists.
        CPPUNIT_ASSERT_EQUAL(std::string("two;"), names("?account_id=%20" + second.id + "%20"));
        CPPUNIT_ASSERT_EQUAL(std::string("two;three;"),
                             names("?account_ids=%20" + second.id + "%20,%20" + third.id));
    }

    void testMalformedIdsAre422() {
        ASSERT_API_ERROR(_app->get("/api/v1/trades?account_id=abc&start_date=bad", _key), 422,
                         "validation_failed", "account_id must be a valid UUID",
                         Errors({"account_id must be a valid UUID"}));
        ASSERT_API_ERROR(_app->get("/api/v1/trades?account_ids[]=" + _brokerage.id +
                                       "&account_ids[]=nope&start_date=x",
                                   _key),
                         422, "validation_failed", "account_ids must contain valid UUIDs",
                         Errors({"account_ids must contain valid UUIDs"}));
        ASSERT_API_ERROR(_app->get("/api/v1/trades?account_ids=" + _brokerage.id + ",zzz", _key),
                         422, "validation_failed", "account_ids must contain valid UUIDs",
                         Errors({"account_ids must contain valid UUIDs"}));
    }

    void testDateFiltersAndErrors() {
        seedTrade(*_app, _brokerage.id, "2024-01-10", kUnit, kUnit, kUnit, "A", "ten", kT0);
        seedTrade(*_app, _brokerage.id, "2024-01-15", kUnit, kUnit, kUnit, "A", "fifteen", kT0);
        seedTrade(*_app, _brokerage.id, "2024-01-20", kUnit, kUnit, kUnit, "A", "twenty", kT0);
        CPPUNIT_ASSERT_EQUAL(std::size_t(2),
                             list("?start_date=2024-01-15")->getArray("trades")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(2),
                             list("?end_date=20240115")->getArray("trades")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(2),
                             list("?start_date=%202024-01-15%20")->getArray("trades")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(1),
                             list("?start_date=2024-01-15T10:00:00Z&end_date=2024-01-15")
                                 ->getArray("trades")
                                 ->size());
        CPPUNIT_ASSERT_EQUAL(
            std::size_t(0),
            list("?start_date=2024-01-21&end_date=2024-01-01")->getArray("trades")->size());
        for (const char* bad : {"invalid", "01/15/2024", "2024-02-30", "2024"}) {
            ASSERT_API_ERROR(
                _app->get(std::string("/api/v1/trades?start_date=") + bad + "&end_date=bad", _key),
                422, "validation_failed", "Invalid start_date format",
                Errors({"Invalid start_date format"}));
        }
        ASSERT_API_ERROR(
            _app->get("/api/v1/trades?start_date=2024-01-01&end_date=not-a-date", _key), 422,
            "validation_failed", "Invalid end_date format", Errors({"Invalid end_date format"}));
    }

    void testPagination() {
        for (int i = 0; i < 3; ++i)
            seedTrade(*_app, _brokerage.id, "2024-01-0" + std::to_string(i + 1), kUnit, kUnit,
                      kUnit, "A", "t" + std::to_string(i), kT0);
        auto body = list("?per_page=2&page=9");
        auto p = body->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(2, p->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(2, p->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(3, p->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(2, p->getValue<int>("total_pages"));
        CPPUNIT_ASSERT_EQUAL(std::string("t0"),
                             body->getArray("trades")->getObject(0)->getValue<std::string>("name"));
        // docs/api.md §10 change 5: per_page ≥ 101 is clamped to 100.
        CPPUNIT_ASSERT_EQUAL(
            100, list("?per_page=500")->getObject("pagination")->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(
            25, list("?per_page=abc&page=-3")->getObject("pagination")->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(
            2, list("?per_page=1&page=2.7")->getObject("pagination")->getValue<int>("page"));
    }

    void testAuthAndScope() {
        ASSERT_API_ERROR(_app->get("/api/v1/trades", ""), 401, "unauthorized",
                         "Access token or API key is invalid, expired, or missing", kNoErrors);
        std::string writeKey = _app->createKey("Family", "read_write", "writer");
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/api/v1/trades", writeKey).status);
        auto empty = list("");
        CPPUNIT_ASSERT_EQUAL(1, empty->getObject("pagination")->getValue<int>("total_pages"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), empty->getArray("trades")->size());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TradesApiTest);
