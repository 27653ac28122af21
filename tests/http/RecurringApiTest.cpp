// POST /api/v1/recurring_transactions (docs/api.md §8, §10 changes 8, 9; docs/decisions.md D3, D24,
// D25).
#include "ApiSupport.h"
#include "KeyedAppFixture.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <regex>

using namespace finimport::test;

namespace {

const std::string kPath = "/api/v1/recurring_transactions";
const std::string kInvalid = "Recurring transaction could not be created";

std::string wrap(const std::string& fields) {
    return R"({"recurring_transaction":{)" + fields + "}}";
}

const std::string kValid =
    R"("name":"Gym Membership","amount":"49.99","currency":"USD","expected_day_of_month":1,)"
    R"("last_occurrence_date":"2026-04-01","next_expected_date":"2026-05-01")";

bool isSecondsTimestamp(const std::string& s) {
    return std::regex_match(s, std::regex(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)"));
}

} // namespace

class RecurringApiTest : public finimport::test::KeyedAppFixture {
    CPPUNIT_TEST_SUITE(RecurringApiTest);
    CPPUNIT_TEST(testCreatedShapeWithAccount);
    CPPUNIT_TEST(testDefaultsAndNulls);
    CPPUNIT_TEST(testMerchantAndExpectedAmounts);
    CPPUNIT_TEST(testUnwrappedJsonIsWrapped);
    CPPUNIT_TEST(testWrapperMissingNullOrEmpty);
    CPPUNIT_TEST(testMultipartBracketFields);
    CPPUNIT_TEST(testBadJsonAuthAndScope);
    CPPUNIT_TEST(testUnusableAccountIs404);
    CPPUNIT_TEST(testUnusableMerchantIs404);
    CPPUNIT_TEST(testInvalidStatusValue);
    CPPUNIT_TEST(testEveryRuleInOrder);
    CPPUNIT_TEST(testMissingDatesReportedWithOtherRules);
    CPPUNIT_TEST(testInvalidDatesAre422);
    CPPUNIT_TEST(testUnknownCurrencyStoresNothing);
    CPPUNIT_TEST(testNonNumericAmounts);
    CPPUNIT_TEST(testDayRules);
    CPPUNIT_TEST(testOccurrenceCountRules);
    CPPUNIT_TEST(testBlankStatus);
    CPPUNIT_TEST(testMinGreaterThanMax);
    CPPUNIT_TEST(testDuplicatesConflictOnlyWithAccount);
    CPPUNIT_TEST(testDuplicateByMerchant);
    CPPUNIT_TEST(testAmountRoundedToFourPlaces);
    CPPUNIT_TEST_SUITE_END();

    HttpResult post(const std::string& body) { return _app->postJson(kPath, body, _key); }

public:
    void testCreatedShapeWithAccount() {
        auto account = seedAccount(*_app, "Family", "Checking Account");
        auto r = post(wrap(kValid + R"(,"occurrence_count":1,"account_id":")" + account.id + "\""));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto o = jsonObject(r);
        CPPUNIT_ASSERT_EQUAL(std::size_t(21), o->size());
        CPPUNIT_ASSERT(std::regex_match(
            o->getValue<std::string>("id"),
            std::regex("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")));
        CPPUNIT_ASSERT_EQUAL(std::string("Gym Membership"), o->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("$49.99"), o->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(int64_t(4999), o->getValue<int64_t>("amount_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), o->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(1, o->getValue<int>("expected_day_of_month"));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-04-01"),
                             o->getValue<std::string>("last_occurrence_date"));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-05-01"),
                             o->getValue<std::string>("next_expected_date"));
        CPPUNIT_ASSERT_EQUAL(std::string("active"), o->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(1, o->getValue<int>("occurrence_count"));
        CPPUNIT_ASSERT_EQUAL(true, o->getValue<bool>("manual"));
        CPPUNIT_ASSERT(isSecondsTimestamp(o->getValue<std::string>("created_at")));
        CPPUNIT_ASSERT(isSecondsTimestamp(o->getValue<std::string>("updated_at")));
        auto a = o->getObject("account");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), a->size());
        CPPUNIT_ASSERT_EQUAL(account.id, a->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Checking Account"), a->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("depository"), a->getValue<std::string>("account_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("active"),
                             a->getValue<std::string>("status")); // docs/decisions.md D24
        CPPUNIT_ASSERT(o->isNull("merchant"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "recurring_transactions"));
    }

    void testDefaultsAndNulls() {
        auto r = post(wrap(kValid));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto o = jsonObject(r);
        CPPUNIT_ASSERT_EQUAL(std::string("active"), o->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(0, o->getValue<int>("occurrence_count"));
        CPPUNIT_ASSERT_EQUAL(true, o->getValue<bool>("manual"));
        for (const char* k :
             {"expected_amount_min", "expected_amount_min_cents", "expected_amount_max",
              "expected_amount_max_cents", "expected_amount_avg", "expected_amount_avg_cents",
              "account", "merchant"}) {
            CPPUNIT_ASSERT_MESSAGE(k, o->has(k));
            CPPUNIT_ASSERT_MESSAGE(k, o->isNull(k));
        }
    }

    void testMerchantAndExpectedAmounts() {
        auto merchant = seedMerchant(*_app, "Family", "Netflix");
        auto r =
            post(wrap(R"("merchant_id":")" + merchant.id +
                      R"(","amount":-15.5,"currency":"eur","expected_day_of_month":"12",)"
                      R"("last_occurrence_date":"2026-01-12","next_expected_date":"2026-02-12",)"
                      R"("status":"inactive","manual":"false","expected_amount_min":"10",)"
                      R"("expected_amount_max":20.125,"expected_amount_avg":"15")"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto o = jsonObject(r);
        CPPUNIT_ASSERT(o->isNull("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("-€15.50"), o->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1550), o->getValue<int64_t>("amount_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"),
                             o->getValue<std::string>("currency")); // docs/decisions.md D3
        CPPUNIT_ASSERT_EQUAL(12, o->getValue<int>("expected_day_of_month"));
        CPPUNIT_ASSERT_EQUAL(std::string("inactive"), o->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(false, o->getValue<bool>("manual"));
        CPPUNIT_ASSERT_EQUAL(std::string("€10.00"),
                             o->getValue<std::string>("expected_amount_min"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1000), o->getValue<int64_t>("expected_amount_min_cents"));
        CPPUNIT_ASSERT_EQUAL(std::string("€20.13"),
                             o->getValue<std::string>("expected_amount_max"));
        CPPUNIT_ASSERT_EQUAL(int64_t(2013), o->getValue<int64_t>("expected_amount_max_cents"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1500), o->getValue<int64_t>("expected_amount_avg_cents"));
        auto m = o->getObject("merchant");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), m->size());
        CPPUNIT_ASSERT_EQUAL(merchant.id, m->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Netflix"), m->getValue<std::string>("name"));
        CPPUNIT_ASSERT(o->isNull("account"));
    }

    void testUnwrappedJsonIsWrapped() {
        auto r = post("{" + kValid + R"(,"family_id":"ignored"})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Gym Membership"),
                             jsonObject(r)->getValue<std::string>("name"));
    }

    void testWrapperMissingNullOrEmpty() {
        const std::string msg =
            "param is missing or the value is empty or invalid: recurring_transaction";
        for (const char* body : {"{}", R"({"recurring_transaction":null})",
                                 R"({"recurring_transaction":{}})", R"({"unrelated":1})", ""}) {
            auto r = post(body);
            ASSERT_API_ERROR(r, 422, "validation_failed", msg, kNoErrors);
        }
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "recurring_transactions"));
    }

    void testMultipartBracketFields() {
        MultipartBuilder form;
        form.field("recurring_transaction[name]", "Rent")
            .field("recurring_transaction[amount]", "1200")
            .field("recurring_transaction[currency]", "USD")
            .field("recurring_transaction[expected_day_of_month]", "3")
            .field("recurring_transaction[last_occurrence_date]", "2026-03-03")
            .field("recurring_transaction[next_expected_date]", "2026-04-03");
        auto r = _app->postMultipart(kPath, form, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("$1,200.00"),
                             jsonObject(r)->getValue<std::string>("amount"));
        // Form fields without the wrapper are not wrapped (JSON only).
        MultipartBuilder bare;
        bare.field("name", "Rent");
        ASSERT_API_ERROR(_app->postMultipart(kPath, bare, _key), 422, "validation_failed",
                         "param is missing or the value is empty or invalid: recurring_transaction",
                         kNoErrors);
    }

    void testBadJsonAuthAndScope() {
        ASSERT_API_ERROR(post("{not json"), 400, "bad_request", "Request body is not valid JSON",
                         kNoErrors);
        ASSERT_API_ERROR(_app->postJson(kPath, wrap(kValid), ""), 401, "unauthorized",
                         "Access token or API key is invalid, expired, or missing", kNoErrors);
        std::string readKey = _app->createKey("Family", "read", "reader");
        ASSERT_API_ERROR(_app->postJson(kPath, wrap(kValid), readKey), 403, "insufficient_scope",
                         "This action requires the 'write' scope", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "recurring_transactions"));
    }

    void testUnusableAccountIs404() {
        _app->createKey("Other");
        auto foreign = seedAccount(*_app, "Other", "Theirs");
        for (const std::string& id : {std::string("not-a-uuid"), foreign.id,
                                      std::string("00000000-0000-4000-8000-000000000000")}) {
            auto r = post(wrap(kValid + R"(,"account_id":")" + id + "\""));
            ASSERT_API_ERROR(r, 404, "record_not_found", "The requested resource was not found",
                             kNoErrors);
        }
        // 404 comes before the record rules (docs/api.md §8.2 step 3 before step 7).
        auto r = post(wrap(R"("account_id":"nope","amount":"abc")"));
        ASSERT_API_ERROR(r, 404, "record_not_found", "The requested resource was not found",
                         kNoErrors);
        // Blank or null account_id = no account.
        auto ok = post(wrap(kValid + R"(,"account_id":"")"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(ok.body, 201, ok.status);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "recurring_transactions"));
    }

    void testUnusableMerchantIs404() {
        _app->createKey("Other");
        auto foreign = seedMerchant(*_app, "Other", "Theirs");
        for (const std::string& id : {std::string("xyz"), foreign.id}) {
            auto r = post(wrap(kValid + R"(,"merchant_id":")" + id + "\""));
            ASSERT_API_ERROR(r, 404, "record_not_found", "The requested resource was not found",
                             kNoErrors);
        }
    }

    void testInvalidStatusValue() {
        auto r = post(wrap(kValid + R"(,"status":"paused","amount":"abc")"));
        ASSERT_API_ERROR(r, 422, "validation_failed", "'paused' is not a valid status", kNoErrors);
    }

    void testEveryRuleInOrder() {
        auto r = post(wrap(
            R"("status":null,"occurrence_count":null,"manual":true,)"
            R"("expected_amount_min":"x","expected_amount_max":"1","expected_amount_avg":"y")"));
        ASSERT_API_ERROR(
            r, 422, "validation_failed", kInvalid,
            Errors({"Amount can't be blank", "Currency can't be blank",
                    "Expected day of month can't be blank", "Expected day of month is not a number",
                    "Last occurrence date can't be blank", "Next expected date can't be blank",
                    "Status can't be blank", "Status is not included in the list",
                    "Occurrence count is not a number", "Either merchant or name must be present",
                    "Expected amount min is not a number", "Expected amount avg is not a number"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "recurring_transactions"));
    }

    void testMissingDatesReportedWithOtherRules() {
        auto r = post(wrap(R"("name":"x","currency":"USD","amount":1,"expected_day_of_month":1)"));
        ASSERT_API_ERROR(
            r, 422, "validation_failed", kInvalid,
            Errors({"Last occurrence date can't be blank", "Next expected date can't be blank"}));
        r = post(wrap(R"("name":"x","currency":"USD","amount":1,"expected_day_of_month":40,)"
                      R"("next_expected_date":"2026-01-01")"));
        ASSERT_API_ERROR(r, 422, "validation_failed", kInvalid,
                         Errors({"Expected day of month must be less than or equal to 31",
                                 "Last occurrence date can't be blank"}));
    }

    void testInvalidDatesAre422() {
        auto r = post(wrap(R"("name":"x","currency":"USD","amount":1,"expected_day_of_month":1,)"
                           R"("last_occurrence_date":"2026-13-45","next_expected_date":"soon")"));
        ASSERT_API_ERROR(r, 422, "validation_failed", kInvalid,
                         Errors({"Last occurrence date is not a valid date",
                                 "Next expected date is not a valid date"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "recurring_transactions"));
    }

    void testUnknownCurrencyStoresNothing() {
        auto r =
            post(wrap(R"("name":"x","currency":"XYZ","amount":1,"expected_day_of_month":1,)"
                      R"("last_occurrence_date":"2026-01-01","next_expected_date":"2026-02-01")"));
        ASSERT_API_ERROR(r, 422, "validation_failed", kInvalid,
                         Errors({"Currency is not a valid currency code"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "recurring_transactions"));
    }

    void testNonNumericAmounts() {
        auto r = post(wrap(kValid + R"(,"amount":"abc","expected_amount_max":"12x")"));
        ASSERT_API_ERROR(r, 422, "validation_failed", kInvalid,
                         Errors({"Amount is not a number", "Expected amount max is not a number"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "recurring_transactions"));
    }

    void testDayRules() {
        auto day = [&](const std::string& v) {
            return post(wrap(
                R"("name":"x","currency":"USD","amount":1,"last_occurrence_date":"2026-01-01",)"
                R"("next_expected_date":"2026-02-01","expected_day_of_month":)" +
                v));
        };
        ASSERT_API_ERROR(day("0"), 422, "validation_failed", kInvalid,
                         Errors({"Expected day of month must be greater than 0"}));
        ASSERT_API_ERROR(day("32"), 422, "validation_failed", kInvalid,
                         Errors({"Expected day of month must be less than or equal to 31"}));
        ASSERT_API_ERROR(day("\"abc\""), 422, "validation_failed", kInvalid,
                         Errors({"Expected day of month is not a number"}));
        auto r = day("15.7");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        CPPUNIT_ASSERT_EQUAL(15, jsonObject(r)->getValue<int>("expected_day_of_month"));
    }

    void testOccurrenceCountRules() {
        auto count = [&](const std::string& v) {
            return post(wrap(kValid + R"(,"occurrence_count":)" + v));
        };
        ASSERT_API_ERROR(count("\"abc\""), 422, "validation_failed", kInvalid,
                         Errors({"Occurrence count is not a number"}));
        ASSERT_API_ERROR(count("1.5"), 422, "validation_failed", kInvalid,
                         Errors({"Occurrence count must be an integer"}));
        ASSERT_API_ERROR(count("-1"), 422, "validation_failed", kInvalid,
                         Errors({"Occurrence count must be greater than or equal to 0"}));
        auto r = count("\"7\"");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        CPPUNIT_ASSERT_EQUAL(7, jsonObject(r)->getValue<int>("occurrence_count"));
    }

    void testBlankStatus() {
        ASSERT_API_ERROR(post(wrap(kValid + R"(,"status":"")")), 422, "validation_failed", kInvalid,
                         Errors({"Status can't be blank", "Status is not included in the list"}));
    }

    void testMinGreaterThanMax() {
        ASSERT_API_ERROR(
            post(wrap(kValid + R"(,"expected_amount_min":"20","expected_amount_max":"10")")), 422,
            "validation_failed", kInvalid,
            Errors({"Expected amount min cannot be greater than expected_amount_max"}));
        // Not manual: the rule does not apply.
        auto r = post(wrap(
            kValid + R"(,"manual":false,"expected_amount_min":"20","expected_amount_max":"10")"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
    }

    void testDuplicatesConflictOnlyWithAccount() {
        CPPUNIT_ASSERT_EQUAL(201, post(wrap(kValid)).status);
        CPPUNIT_ASSERT_EQUAL(201, post(wrap(kValid)).status); // no account: never a conflict
        auto account = seedAccount(*_app, "Family", "Checking");
        std::string withAccount = kValid + R"(,"account_id":")" + account.id + "\"";
        CPPUNIT_ASSERT_EQUAL(201, post(wrap(withAccount)).status);
        // Same name, amount (numeric equality) and currency; dates and day do not matter.
        auto r = post(wrap(
            R"("name":"Gym Membership","amount":49.990,"currency":"USD","expected_day_of_month":9,)"
            R"("last_occurrence_date":"2025-01-01","next_expected_date":"2025-02-01","account_id":")" +
            account.id + "\""));
        ASSERT_API_ERROR(r, 409, "conflict", "Recurring transaction already exists", kNoErrors);
        // The name compares case-sensitively.
        auto other = post(wrap(
            R"("name":"gym membership","amount":"49.99","currency":"USD","expected_day_of_month":1,)"
            R"("last_occurrence_date":"2026-04-01","next_expected_date":"2026-05-01","account_id":")" +
            account.id + "\""));
        CPPUNIT_ASSERT_EQUAL(201, other.status);
        CPPUNIT_ASSERT_EQUAL(int64_t(4), countRows(*_app, "recurring_transactions"));
    }

    void testDuplicateByMerchant() {
        auto account = seedAccount(*_app, "Family", "Checking");
        auto merchant = seedMerchant(*_app, "Family", "Netflix");
        std::string base =
            R"("merchant_id":")" + merchant.id + R"(","account_id":")" + account.id +
            R"(","amount":"9.99","currency":"USD","expected_day_of_month":1,)"
            R"("last_occurrence_date":"2026-04-01","next_expected_date":"2026-05-01")";
        CPPUNIT_ASSERT_EQUAL(201, post(wrap(base + R"(,"name":"A")")).status);
        ASSERT_API_ERROR(post(wrap(base + R"(,"name":"B")")), 409, "conflict",
                         "Recurring transaction already exists", kNoErrors);
    }

    void testAmountRoundedToFourPlaces() {
        auto r = post(
            wrap(R"("name":"x","amount":"10.00005","currency":"USD","expected_day_of_month":1,)"
                 R"("last_occurrence_date":"2026-04-01","next_expected_date":"2026-05-01")"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        int64_t raw = 0;
        _app->server().database().read([&](finimport::store::Tx& s) {
            raw = finimport::store::sqlQueryOne(s, "SELECT amount FROM recurring_transactions")
                      ->i64(0);
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(1000010000), raw); // 10.0001
        CPPUNIT_ASSERT_EQUAL(std::string("$10.00"), jsonObject(r)->getValue<std::string>("amount"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RecurringApiTest);
