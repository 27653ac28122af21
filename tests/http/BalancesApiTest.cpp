// GET /api/v1/balances validation and clamping (API.md §9.1, §9.2, §10 change 5; D27). The
// balance values themselves are checked by WorkedExampleTest.
#include "ApiSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

class BalancesApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BalancesApiTest);
    CPPUNIT_TEST(testValidationOrderAndMessages);
    CPPUNIT_TEST(testEmptyListAndClamp);
    CPPUNIT_TEST_SUITE_END();

public:
    void testValidationOrderAndMessages() {
        AppHarness app;
        std::string key = app.createKey("Family", "read");
        ASSERT_API_ERROR(app.get("/api/v1/balances?account_id=xyz&start_date=bad", key), 422,
                         "validation_failed", "account_id must be a valid UUID",
                         Errors({"account_id must be a valid UUID"}));
        for (const char* bad :
             {"01/15/2024", "2024/01/15", "2024-1-5", "2024-02-30", "2024", "soon"})
            ASSERT_API_ERROR(
                app.get(std::string("/api/v1/balances?start_date=") + bad + "&end_date=bad", key),
                422, "validation_failed", "start_date must be an ISO 8601 date",
                Errors({"start_date must be an ISO 8601 date"}));
        ASSERT_API_ERROR(app.get("/api/v1/balances?start_date=20240115&end_date=x", key), 422,
                         "validation_failed", "end_date must be an ISO 8601 date",
                         Errors({"end_date must be an ISO 8601 date"}));
        CPPUNIT_ASSERT_EQUAL(
            200,
            app.get("/api/v1/balances?start_date=2024-01-15T10:00:00Z&currency=usd", key).status);
        ASSERT_API_ERROR(app.get("/api/v1/balances", ""), 401, "unauthorized",
                         "Access token or API key is invalid, expired, or missing", kNoErrors);
    }

    void testEmptyListAndClamp() {
        AppHarness app;
        std::string key = app.createKey("Family", "read");
        auto r = app.get("/api/v1/balances?per_page=101&page=5", key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"balances":[],"pagination":{"page":1,"per_page":100,"total_count":0,"total_pages":1}})"),
            r.body);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BalancesApiTest);
