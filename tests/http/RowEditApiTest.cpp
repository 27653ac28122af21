// Row edits and skipped rows (docs/decisions.md D43, D44, D56):
// PATCH /api/v1/imports/{id}/rows/{number}, `excluded`, skip_invalid_rows and the stats that
// follow, asserted over HTTP with the exact bodies and the cents that publish stores.
#include "ApiSupport.h"
#include "app/imports/RowValidation.h"
#include "app/imports/rowedit/ImportRecount.h"
#include "store/ImportStore.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <set>

using namespace finimport::test;

class RowEditApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RowEditApiTest);
    CPPUNIT_TEST(testExcludeAndIncludeUpdateStats);
    CPPUNIT_TEST(testFieldEditRevalidatesAndPublishesTheFix);
    CPPUNIT_TEST(testEditedAmountTakesSignageAndMultiplier);
    CPPUNIT_TEST(testEditedTradeQuantity);
    CPPUNIT_TEST(testQifRowKeepsItsSignRule);
    CPPUNIT_TEST(testPluginRoundsAnEditedDivisorRow);
    CPPUNIT_TEST(testPluginSignsAnEditedInflowValueRow);
    CPPUNIT_TEST(testPluginSignsAnEditedTrade);
    CPPUNIT_TEST(testRowCheckRunsInTheSandbox);
    CPPUNIT_TEST(testRowCheckKeepsTheDefaultCurrency);
    CPPUNIT_TEST(testRefusals);
    CPPUNIT_TEST(testSkipInvalidRows);
    CPPUNIT_TEST(testSkipInvalidRowsWithNothingValid);
    CPPUNIT_TEST(testSkipInvalidRowsOfALargeImport);
    CPPUNIT_TEST(testStoredCountsEqualARecount);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key;
    std::string _accountId;

    std::string createImport(const std::string& body) {
        return finimport::test::createImport(*_app, _key, body);
    }
    // An import of `csv` into the seeded account, with `options` (JSON members, may be "").
    std::string createCsv(const std::string& csv, const std::string& options = "") {
        return createImport(R"({"account_id":")" + _accountId + R"(","raw_file_content":)" +
                            jsonQuote(csv) + (options.empty() ? "" : "," + options) + "}");
    }
    HttpResult patch(const std::string& id, const std::string& row, const std::string& body,
                     const std::string& key = "") {
        return httpSend(_app->port(), "PATCH", "/api/v1/imports/" + id + "/rows/" + row,
                        {{"X-Api-Key", key.empty() ? _key : key}}, body, "application/json");
    }
    Poco::JSON::Object::Ptr patchOk(const std::string& id, const std::string& row,
                                    const std::string& body) {
        auto r = patch(id, row, body);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getObject("data");
    }
    Poco::JSON::Object::Ptr show(const std::string& id) {
        return jsonObject(_app->get("/api/v1/imports/" + id, _key))->getObject("data");
    }
    void publish(const std::string& id) {
        auto r = _app->postJson("/api/v1/imports/" + id + "/publish", "", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        _app->waitForJobs();
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), show(id)->getValue<std::string>("status"));
    }
    // Stored entry amounts (scaled 10^8, positive = money out) by name.
    int64_t entryAmount(const std::string& name) {
        int64_t amount = 0;
        _app->server().database().read([&](finimport::store::Tx& s) {
            amount = finimport::store::sqlQueryOne(
                         s, "SELECT amount FROM entries WHERE name = ? AND account_id = ?",
                         {name, _accountId})
                         ->i64(0);
        });
        return amount;
    }
    // A stored field of row 1 (fields the rows endpoint does not show, e.g. currency_given).
    std::string storedField(const std::string& id, const std::string& name) {
        const std::string fields = storedRowFields(*_app, id).at(0);
        return finimport::app::rows::fieldsFromJson(fields).text(name);
    }
    int64_t entryCount() {
        int64_t n = 0;
        _app->server().database().read([&](finimport::store::Tx& s) {
            n = finimport::store::sqlCount(s, "SELECT COUNT(*) FROM entries WHERE account_id = ?",
                                           {_accountId});
        });
        return n;
    }
    // The stored row counts and mapping keys of an import, as text.
    std::string storedCounts(const std::string& id) {
        std::string out;
        _app->server().database().read([&](finimport::store::Tx& s) {
            finimport::store::ImportStore imports(s);
            auto record = imports.byIdAnyFamily(id);
            out = record->summary.value_or("") + "\n";
            for (const auto& m : imports.mappings(id))
                out += m.kind + "=" + m.key + (m.mappableId ? "*" : "") + "\n";
        });
        return out;
    }
    // The counts a full recount of the stored rows gives (app::recountImport), then stored.
    std::string recounted(const std::string& id) {
        _app->server().database().write([&](finimport::store::Tx& s) {
            auto record = finimport::store::ImportStore(s).byIdAnyFamily(id);
            finimport::app::recountImport(s, *record,
                                          _app->server().types().traitsOf(record->type));
        });
        return storedCounts(id);
    }
    static void assertStats(const Poco::JSON::Object::Ptr& d, int rows, int valid, int invalid,
                            int excluded, int skipped) {
        auto st = d->getObject("stats");
        CPPUNIT_ASSERT_EQUAL(rows, st->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(valid, st->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(invalid, st->getValue<int>("invalid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(excluded, st->getValue<int>("excluded_rows_count"));
        CPPUNIT_ASSERT_EQUAL(skipped, st->getValue<int>("skipped_rows_count"));
    }
    static bool publishable(const Poco::JSON::Object::Ptr& d) {
        return d->getObject("status_detail")->getValue<bool>("publishable");
    }

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Family");
        _accountId = seedAccount(*_app, "Family", "Checking").id;
    }
    void tearDown() override { _app.reset(); }

    void testExcludeAndIncludeUpdateStats() {
        std::string id = createCsv("date,amount,name\n01/02/2024,-5.00,Coffee\n"
                                   "01/03/2024,-7.25,Lunch\n13/45/2024,-1.00,Bad\n");
        auto d = show(id);
        assertStats(d, 3, 2, 1, 0, 0);
        CPPUNIT_ASSERT(!publishable(d));

        auto row = patchOk(id, "3", R"({"excluded":true})");
        CPPUNIT_ASSERT_EQUAL(3, row->getValue<int>("row_number"));
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("excluded"));
        CPPUNIT_ASSERT_EQUAL(false, row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("Date must exactly match the format: %m/%d/%Y"),
                             row->getArray("errors")->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::string("Bad"),
                             row->getObject("fields")->getValue<std::string>("name"));
        CPPUNIT_ASSERT(row->has("mappings"));

        d = show(id);
        assertStats(d, 3, 2, 0, 1, 0);
        CPPUNIT_ASSERT(d->getObject("status_detail")->getValue<bool>("cleaned"));
        CPPUNIT_ASSERT(publishable(d));
        // Every row shows `excluded`; the invalid filter leaves excluded rows out.
        auto rows = jsonObject(_app->get("/api/v1/imports/" + id + "/rows", _key));
        auto list = rows->getArray("data");
        CPPUNIT_ASSERT_EQUAL(false, list->getObject(0)->getValue<bool>("excluded"));
        CPPUNIT_ASSERT_EQUAL(false, list->getObject(1)->getValue<bool>("excluded"));
        CPPUNIT_ASSERT_EQUAL(true, list->getObject(2)->getValue<bool>("excluded"));
        auto invalid = jsonObject(_app->get("/api/v1/imports/" + id + "/rows?invalid=true", _key));
        CPPUNIT_ASSERT_EQUAL(0, invalid->getObject("meta")->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), invalid->getArray("data")->size());

        // Excluding a valid row too, then including the bad one again (docs/decisions.md D54
        // boolean string).
        patchOk(id, "1", R"({"excluded":"TRUE"})");
        assertStats(show(id), 3, 1, 0, 2, 0);
        row = patchOk(id, "3", R"({"excluded":"false"})");
        CPPUNIT_ASSERT_EQUAL(false, row->getValue<bool>("excluded"));
        d = show(id);
        assertStats(d, 3, 1, 1, 1, 0);
        CPPUNIT_ASSERT(!publishable(d));
        ASSERT_API_ERROR(_app->postJson("/api/v1/imports/" + id + "/publish", "", _key), 422,
                         "not_publishable", "Import was uploaded but is not ready to publish.",
                         Errors({"1 row is invalid (rows 3)"}));

        // Excluded rows are never published: only Lunch (7.25 out) is stored.
        patchOk(id, "3", R"({"excluded":true})");
        publish(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), entryCount());
        CPPUNIT_ASSERT_EQUAL(int64_t(725000000), entryAmount("Lunch"));
        assertStats(show(id), 3, 1, 0, 2, 0);
    }

    void testFieldEditRevalidatesAndPublishesTheFix() {
        std::string id = createCsv("date,amount,name,category\n01/02/2024,-5.00,Coffee,Food\n"
                                   "01/03/2024,\"12,50\",Refund,Gifts\n");
        auto d = show(id);
        assertStats(d, 2, 1, 1, 0, 0);
        CPPUNIT_ASSERT_EQUAL(2, d->getObject("stats")->getValue<int>("mappings_count"));

        // A date that fits neither the import's format nor the canonical one stays invalid, with
        // the new reason naming both (docs/decisions.md D95).
        auto row = patchOk(id, "2", R"({"fields":{"amount":"12.50","date":"2024-13-01"}})");
        CPPUNIT_ASSERT_EQUAL(false, row->getValue<bool>("valid"));
        auto errors = row->getArray("errors");
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), errors->size());
        CPPUNIT_ASSERT_EQUAL(
            std::string("Date must exactly match the format: %m/%d/%Y or %Y-%m-%d"),
            errors->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::string("12.50"),
                             row->getObject("fields")->getValue<std::string>("amount"));
        assertStats(show(id), 2, 1, 1, 0, 0);

        // Fixed: valid, the category mapping follows the edited value.
        row = patchOk(id, "2", R"({"fields":{"date":"2024-01-03","category":"Refunds"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), row->getArray("errors")->size());
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-03"),
                             row->getObject("fields")->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Refunds"),
            row->getObject("mappings")->getObject("category")->getValue<std::string>("key"));
        d = show(id);
        assertStats(d, 2, 2, 0, 0, 0);
        CPPUNIT_ASSERT_EQUAL(2, d->getObject("stats")->getValue<int>("mappings_count"));
        CPPUNIT_ASSERT(publishable(d));

        // Blank required value: the plugin's message.
        row = patchOk(id, "2", R"({"fields":{"amount":null}})");
        CPPUNIT_ASSERT_EQUAL(std::string("Amount is required"),
                             row->getArray("errors")->getElement<std::string>(0));
        row = patchOk(id, "2", R"({"fields":{"amount":"12.123456789"}})");
        CPPUNIT_ASSERT_EQUAL(std::string("Amount has more than 8 decimal places"),
                             row->getArray("errors")->getElement<std::string>(0));
        patchOk(id, "2", R"({"fields":{"amount":"12.50"}})");

        // inflows_positive: 12.50 in the file is money in (−12.50 stored), −5.00 is money out.
        publish(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(-1250000000), entryAmount("Refund"));
        CPPUNIT_ASSERT_EQUAL(int64_t(500000000), entryAmount("Coffee"));
    }

    void testEditedAmountTakesSignageAndMultiplier() {
        // docs/decisions.md D56: the edited value is in the file's sign and unit (cents here);
        // signage and the multiplier are applied to it once, as to the file's other rows.
        std::string id = createCsv("date,amount,name\n01/02/2024,1250,Shop\n01/03/2024,x,Fix\n",
                                   R"("signage_convention":"inflows_negative",)"
                                   R"("amount_multiplier":"0.01")");
        auto row = patchOk(id, "2", R"({"fields":{"amount":"-300"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("-300"),
                             row->getObject("fields")->getValue<std::string>("amount"));
        publish(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(1250000000), entryAmount("Shop"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-300000000), entryAmount("Fix"));
    }

    void testEditedTradeQuantity() {
        auto broker = seedAccount(*_app, "Family", "Broker", "investment");
        std::string id = createImport(
            R"({"type":"TradeImport","account_id":")" + broker.id +
            R"(","raw_file_content":"date,ticker,qty,price\n01/02/2024,AAPL,abc,10.50\n"})");
        assertStats(show(id), 1, 0, 1, 0, 0);
        auto row = patchOk(id, "1", R"({"fields":{"qty":"3","ticker":"msft"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("MSFT"),
                             row->getObject("fields")->getValue<std::string>("ticker"));
        publish(id);
        int64_t qty = 0, amount = 0;
        _app->server().database().read([&](finimport::store::Tx& s) {
            auto r = finimport::store::sqlQueryOne(
                s,
                "SELECT t.qty, e.amount FROM trades t JOIN entries e ON e.id = t.entry_id "
                "WHERE e.account_id = ?",
                {broker.id});
            qty = r->i64(0);
            amount = r->i64(1);
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(300000000), qty);
        CPPUNIT_ASSERT_EQUAL(int64_t(3150000000), amount); // 3 × 10.50 bought
    }

    void testQifRowKeepsItsSignRule() {
        // Another plugin's row (docs/decisions.md D57: every type): QIF's file sign (negative =
        // money out) is kept.
        std::string id =
            createImport(R"({"type":"QifImport","account_id":")" + _accountId +
                         R"(","raw_file_content":"!Type:Bank\nD01/02/2024\nT-12.50\nPGrocer\n^\n)"
                         R"(D01/03/2024\nTabc\nPRefund\n^\n"})");
        auto d = show(id);
        assertStats(d, 2, 1, 1, 0, 0);
        auto rows =
            jsonObject(_app->get("/api/v1/imports/" + id + "/rows", _key))->getArray("data");
        int64_t refundRow = 0, grocerRow = 0;
        for (std::size_t i = 0; i < rows->size(); ++i) {
            auto r = rows->getObject(static_cast<unsigned>(i));
            (r->getObject("fields")->getValue<std::string>("name") == "Refund" ? refundRow
                                                                               : grocerRow) =
                r->getValue<int64_t>("row_number");
        }
        patchOk(id, std::to_string(grocerRow), R"({"fields":{"amount":"-20.00"}})");
        auto row = patchOk(id, std::to_string(refundRow), R"({"fields":{"amount":"30.00"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        publish(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(2000000000), entryAmount("Grocer"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-3000000000), entryAmount("Refund"));
    }

    // The row checks of the CSV plugin (docs/decisions.md D67): the plugin's own amount steps
    // turn the edited value into the engine amount, exactly as at upload.
    void testPluginRoundsAnEditedDivisorRow() {
        // docs/decisions.md D53: signage, then × multiplier ÷ divisor, rounded half away from
        // zero to the currency's minor units (USD: 2).
        std::string id = createCsv("date,amount,name\n01/02/2024,10.00,Shop\n01/03/2024,x,Fix\n",
                                   R"("amount_multiplier":"2","amount_divisor":"3")");
        auto row = patchOk(id, "2", R"({"fields":{"amount":"10.01"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("10.01"),
                             row->getObject("fields")->getValue<std::string>("amount"));
        publish(id);
        // inflows_positive: 10.01 in is −10.01, × 2 ÷ 3 = −6.67333… → −6.67.
        CPPUNIT_ASSERT_EQUAL(int64_t(-667000000), entryAmount("Fix"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-667000000), entryAmount("Shop")); // 10.00 × 2 ÷ 3
    }

    void testPluginSignsAnEditedInflowValueRow() {
        // custom_column (docs/imports.md §5.6): rows whose entity_type is the inflow value are
        // money in; an edit of the amount or of the entity type is signed by that rule.
        std::string id = createCsv("date,amount,name,entity_type\n01/02/2024,5.00,Pay,credit\n"
                                   "01/03/2024,x,Fix,debit\n01/04/2024,2.00,Other,debit\n",
                                   R"("amount_type_strategy":"custom_column",)"
                                   R"("amount_type_inflow_value":"credit")");
        auto row = patchOk(id, "2", R"({"fields":{"amount":"7.50"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        row = patchOk(id, "3", R"({"fields":{"entity_type":"credit"}})");
        CPPUNIT_ASSERT_EQUAL(std::string("credit"),
                             row->getObject("fields")->getValue<std::string>("entity_type"));
        publish(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(-500000000), entryAmount("Pay"));
        CPPUNIT_ASSERT_EQUAL(int64_t(750000000), entryAmount("Fix"));    // a debit: money out
        CPPUNIT_ASSERT_EQUAL(int64_t(-200000000), entryAmount("Other")); // now a credit
    }

    void testPluginSignsAnEditedTrade() {
        // docs/imports.md §12.8 under inflows_negative: the file's positive quantity is a sale.
        auto broker = seedAccount(*_app, "Family", "Broker", "investment");
        std::string id = createImport(
            R"({"type":"TradeImport","signage_convention":"inflows_negative","account_id":")" +
            broker.id +
            R"(","raw_file_content":"date,ticker,qty,price\n01/02/2024,AAPL,abc,x\n"})");
        auto row = patchOk(id, "1", R"({"fields":{"qty":"4"}})");
        CPPUNIT_ASSERT_EQUAL(false, row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("Price \"x\" does not match the number format 1,234.56"),
                             row->getArray("errors")->getElement<std::string>(0));
        row = patchOk(id, "1", R"({"fields":{"price":"2.5"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        publish(id);
        int64_t qty = 0, amount = 0;
        _app->server().database().read([&](finimport::store::Tx& s) {
            auto r = finimport::store::sqlQueryOne(
                s,
                "SELECT t.qty, e.amount FROM trades t JOIN entries e ON e.id = t.entry_id "
                "WHERE e.account_id = ?",
                {broker.id});
            qty = r->i64(0);
            amount = r->i64(1);
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(-400000000), qty);
        CPPUNIT_ASSERT_EQUAL(int64_t(-1000000000), amount); // 4 × 2.5 sold
    }

    void testRowCheckRunsInTheSandbox() {
        // plugins.isolation = process: the row check runs in a finimport-plugin-run child.
        HarnessOptions options;
        options.configure = [](finimport::server::Config& c) { c.pluginIsolation = "process"; };
        _app = std::make_unique<AppHarness>(options);
        _key = _app->createKey("Family");
        _accountId = seedAccount(*_app, "Family", "Checking").id;
        std::string id = createCsv("date,amount,name\n01/02/2024,x,Fix\n",
                                   R"("signage_convention":"inflows_negative",)"
                                   R"("amount_divisor":"8")");
        auto row = patchOk(id, "1", R"({"fields":{"amount":"1.00"}})");
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        publish(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(13000000), entryAmount("Fix")); // 1.00 ÷ 8 = 0.125 → 0.13
    }

    void testRowCheckKeepsTheDefaultCurrency() {
        // docs/decisions.md D4: a row without a currency column keeps currency_given false after
        // an edit, so it still takes its account's currency; one the edit names is given.
        std::string id = createCsv("date,amount,name\n01/02/2024,x,Fix\n");
        patchOk(id, "1", R"({"fields":{"amount":"1.00"}})");
        CPPUNIT_ASSERT_EQUAL(std::string("false"), storedField(id, "currency_given"));
        auto row = patchOk(id, "1", R"({"fields":{"currency":"eur"}})");
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"),
                             row->getObject("fields")->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("true"), storedField(id, "currency_given"));
        CPPUNIT_ASSERT_EQUAL(std::string("Currency EUR differs from the account's currency USD"),
                             row->getArray("errors")->getElement<std::string>(0));
    }

    void testRefusals() {
        std::string id = createCsv("date,amount,name\n01/02/2024,-5.00,Coffee\n");
        ASSERT_API_ERROR(patch("00000000-0000-4000-8000-000000000000", "1", R"({"excluded":true})"),
                         404, "not_found", "Import not found", kNoErrors);
        ASSERT_API_ERROR(patch("nope", "1", R"({"excluded":true})"), 404, "not_found",
                         "Import not found", kNoErrors);
        for (const char* number : {"2", "0", "abc", "-1"})
            ASSERT_API_ERROR(patch(id, number, R"({"excluded":true})"), 404, "not_found",
                             "Row not found", kNoErrors);
        const std::string failed = "Row could not be updated";
        ASSERT_API_ERROR(patch(id, "1", R"({"fields":{"foo":"1","signed_amount":"3"}})"), 422,
                         "validation_failed", failed,
                         Errors({"Unknown field foo", "Unknown field signed_amount"}));
        // A trade field on a transaction row: the type does not have it (docs/decisions.md D56).
        ASSERT_API_ERROR(patch(id, "1", R"({"fields":{"qty":"1"}})"), 422, "validation_failed",
                         failed, Errors({"Unknown field qty"}));
        ASSERT_API_ERROR(patch(id, "1", R"({"excluded":"maybe"})"), 422, "validation_failed",
                         failed, Errors({"Excluded is not included in the list"}));
        ASSERT_API_ERROR(patch(id, "1", R"({})"), 422, "validation_failed", failed,
                         Errors({"Send excluded or fields"}));
        ASSERT_API_ERROR(patch(id, "1", R"({"fields":{"name":["a"]}})"), 422, "validation_failed",
                         failed, Errors({"Field name must be a string"}));
        ASSERT_API_ERROR(
            patch(id, "1", R"({"fields":{"name":")" + std::string(65537, 'a') + R"("}})"), 422,
            "validation_failed", failed,
            Errors({"Field name is too long (maximum is 65536 characters)"}));
        // Nothing changed by the refusals.
        assertStats(show(id), 1, 1, 0, 0, 0);
        std::string readKey = _app->createKey("Family", "read", "reader");
        ASSERT_API_ERROR(patch(id, "1", R"({"excluded":true})", readKey), 403, "insufficient_scope",
                         "This action requires the 'write' scope", kNoErrors);
        // Another family's import is not found.
        std::string other = _app->createKey("Other");
        ASSERT_API_ERROR(patch(id, "1", R"({"excluded":true})", other), 404, "not_found",
                         "Import not found", kNoErrors);
        publish(id);
        ASSERT_API_ERROR(patch(id, "1", R"({"excluded":true})"), 409, "conflict",
                         "Rows can only be edited while the import is pending or failed",
                         kNoErrors);
    }

    void testSkipInvalidRows() {
        ASSERT_API_ERROR(_app->postJson("/api/v1/imports",
                                        R"({"raw_file_content":"a","skip_invalid_rows":"yes"})",
                                        _key),
                         422, "validation_failed", "Import could not be created",
                         Errors({"Skip invalid rows is not included in the list"}));
        std::string id = createCsv("date,amount,name,category\n01/02/2024,-5.00,Coffee,Food\n"
                                   "13/45/2024,-1.00,Bad,OnlyBad\n01/04/2024,20.00,Pay,Salary\n",
                                   R"("skip_invalid_rows":"TRUE")");
        auto d = show(id);
        CPPUNIT_ASSERT_EQUAL(
            std::string("true"),
            d->getObject("configuration")->getValue<std::string>("skip_invalid_rows"));
        assertStats(d, 3, 2, 1, 0, 1);
        // docs/decisions.md D56: the mapping only the skipped row uses is not counted.
        CPPUNIT_ASSERT_EQUAL(2, d->getObject("stats")->getValue<int>("mappings_count"));
        CPPUNIT_ASSERT(d->getObject("status_detail")->getValue<bool>("cleaned"));
        CPPUNIT_ASSERT(publishable(d));
        // Skipped rows stay in the rows endpoint with their errors.
        auto invalid = jsonObject(_app->get("/api/v1/imports/" + id + "/rows?invalid=true", _key));
        CPPUNIT_ASSERT_EQUAL(1, invalid->getObject("meta")->getValue<int>("total_count"));
        publish(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), entryCount());
        CPPUNIT_ASSERT_EQUAL(int64_t(-2000000000), entryAmount("Pay"));
        d = show(id);
        assertStats(d, 3, 2, 1, 0, 1);
        // Categories: only the published rows' (Food, Salary).
        int64_t categories = 0;
        _app->server().database().read([&](finimport::store::Tx& s) {
            categories = finimport::store::sqlCount(s, "SELECT COUNT(*) FROM categories WHERE "
                                                       "name = 'OnlyBad'");
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(0), categories);

        // Without the option the default is echoed as false and the count is 0.
        std::string plain = createCsv("date,amount\n13/45/2024,1\n");
        d = show(plain);
        CPPUNIT_ASSERT_EQUAL(
            std::string("false"),
            d->getObject("configuration")->getValue<std::string>("skip_invalid_rows"));
        assertStats(d, 1, 0, 1, 0, 0);
    }

    // 5,000 rows: the publish decodes them on two threads (app/publish/PublishRows), halves of
    // 2,500. Invalid rows in both halves and on each side of the split are all left out and
    // counted once; every other row is stored with its cents.
    void testSkipInvalidRowsOfALargeImport() {
        const std::set<int> bad = {1, 2500, 2501, 4999, 5000};
        std::string csv = "date,amount,name\n";
        for (int row = 1; row <= 5000; ++row)
            csv += (bad.count(row) ? std::string("13/45/2024") : std::string("01/02/2024")) +
                   ",-1.00,Row " + std::to_string(row) + "\n";
        std::string id = createCsv(csv, R"("skip_invalid_rows":"true")");
        publish(id);
        assertStats(show(id), 5000, 4995, 5, 0, 5);
        CPPUNIT_ASSERT_EQUAL(int64_t(4995), entryCount());
        int64_t total = 0, badStored = 0;
        _app->server().database().read([&](finimport::store::Tx& s) {
            total = finimport::store::sqlCount(s,
                                               "SELECT SUM(amount) FROM entries WHERE "
                                               "account_id = ?",
                                               {_accountId});
            badStored = finimport::store::sqlCount(
                s, "SELECT COUNT(*) FROM entries WHERE name IN ('Row 1', 'Row 2500', "
                   "'Row 2501', 'Row 4999', 'Row 5000')");
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(4995) * 100000000, total); // 1.00 out each
        CPPUNIT_ASSERT_EQUAL(int64_t(0), badStored);
        CPPUNIT_ASSERT_EQUAL(int64_t(100000000), entryAmount("Row 2499"));
        CPPUNIT_ASSERT_EQUAL(int64_t(100000000), entryAmount("Row 2502"));
    }

    void testStoredCountsEqualARecount() {
        // Edits update the stored counts from the one row (RowDelta); after each, they equal
        // what a pass over every row counts: stats, listed row numbers, mappings, duplicates.
        auto existing = seedAccount(*_app, "Family", "Savings");
        std::string csv = "date,amount,name,category,tags,account\n";
        for (int i = 1; i <= 30; ++i)
            csv += (i % 4 == 0 ? std::string("13/45/2024")
                               : "01/0" + std::to_string(1 + i % 9) + "/2024") +
                   ",-" + std::to_string(i) + ".00,Row " + std::to_string(i) + "," +
                   (i % 3 == 0 ? "Food" : "Cat" + std::to_string(i)) + ",t" +
                   std::to_string(i % 2) + "|shared," + (i % 5 == 0 ? "" : "Savings") + "\n";
        std::string id = createImport(R"({"raw_file_content":)" + jsonQuote(csv) + "}");
        (void)existing;
        const std::vector<std::pair<std::string, std::string>> edits = {
            {"4", R"({"fields":{"date":"2024-01-04"}})"},       // invalid → valid (refill)
            {"3", R"({"excluded":true})"},                      // Food still used elsewhere
            {"7", R"({"excluded":true})"},                      // Cat7 used by no other row
            {"5", R"({"fields":{"account":"Savings"}})"},       // accountless row gets one
            {"10", R"({"fields":{"account":"New One"}})"},      // a new account mapping
            {"1", R"({"fields":{"date":"bad"}})"},              // valid → invalid
            {"8", R"({"excluded":true})"},                      // an invalid row excluded
            {"7", R"({"excluded":false})"},                     // back again
            {"2", R"({"fields":{"tags":"solo"}})"},             // tag keys change
            {"12", R"({"fields":{"category":"Food: Lunch"}})"}, // category key changes
        };
        for (const auto& [row, body] : edits) {
            patchOk(id, row, body);
            const std::string incremental = storedCounts(id);
            CPPUNIT_ASSERT_EQUAL_MESSAGE("after PATCH row " + row + " " + body, recounted(id),
                                         incremental);
        }
    }

    void testSkipInvalidRowsWithNothingValid() {
        // docs/decisions.md D6 still holds: skipping every row leaves nothing to publish.
        std::string id = createCsv("date,amount\n13/45/2024,1\n", R"("skip_invalid_rows":true)");
        auto d = show(id);
        assertStats(d, 1, 0, 1, 0, 1);
        CPPUNIT_ASSERT(!publishable(d));
        ASSERT_API_ERROR(_app->postJson("/api/v1/imports/" + id + "/publish", "", _key), 422,
                         "not_publishable", "Import was uploaded but is not ready to publish.",
                         Errors({"No valid rows to publish"}));
        // So does excluding every row without the option.
        std::string other = createCsv("date,amount\n01/02/2024,1\n");
        patchOk(other, "1", R"({"excluded":true})");
        ASSERT_API_ERROR(_app->postJson("/api/v1/imports/" + other + "/publish", "", _key), 422,
                         "not_publishable", "Import was uploaded but is not ready to publish.",
                         Errors({"No valid rows to publish"}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RowEditApiTest);
