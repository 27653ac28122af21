// docs/balances.md's worked example over HTTP: an AccountImport and a TransactionImport, published,
// then the four daily balance rows with their exact strings and cents.
#include "AppHarness.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

class WorkedExampleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(WorkedExampleTest);
    CPPUNIT_TEST(testWorkedExampleBalances);
    CPPUNIT_TEST(testHealthNeedsNoKey);
    CPPUNIT_TEST_SUITE_END();

public:
    void testWorkedExampleBalances() {
        AppHarness app;
        std::string key = app.createKey("Example");
        auto created = app.postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,Checking Account,1000.00,USD,2024-01-01\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, created.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("importing"),
            jsonObject(created)->getObject("data")->getValue<std::string>("status"));
        app.waitForJobs();

        // The client finds the account id in an unfiltered listing.
        auto all = jsonObject(app.get("/api/v1/balances", key));
        auto rows = all->getArray("balances");
        CPPUNIT_ASSERT_EQUAL(1u, static_cast<unsigned>(rows->size()));
        std::string accountId =
            rows->getObject(0)->getObject("account")->getValue<std::string>("id");

        auto tx = app.postJson(
            "/api/v1/imports",
            R"({"type":"TransactionImport","publish":"true","account_id":")" + accountId +
                R"(","date_format":"%Y-%m-%d","signage_convention":"inflows_negative",)"
                R"("raw_file_content":"date,name,amount\n2024-01-02,Salary,-2500.00\n2024-01-02,Rent,1200.00\n2024-01-04,Groceries,84.10\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, tx.status);
        app.waitForJobs();
        auto imported = jsonObject(app.get(
            "/api/v1/imports/" + jsonObject(tx)->getObject("data")->getValue<std::string>("id"),
            key));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"),
                             imported->getObject("data")->getValue<std::string>("status"));

        auto result = app.get("/api/v1/balances?account_id=" + accountId, key);
        CPPUNIT_ASSERT_EQUAL(200, result.status);
        auto body = jsonObject(result);
        auto balances = body->getArray("balances");
        CPPUNIT_ASSERT_EQUAL(4u, static_cast<unsigned>(balances->size()));
        struct Expected {
            const char *date, *start, *in, *out, *end;
            int64_t endCents;
        } expected[] = {
            {"2024-01-04", "$2,300.00", "$0.00", "$84.10", "$2,215.90", 221590},
            {"2024-01-03", "$2,300.00", "$0.00", "$0.00", "$2,300.00", 230000},
            {"2024-01-02", "$1,000.00", "$2,500.00", "$1,200.00", "$2,300.00", 230000},
            {"2024-01-01", "$1,000.00", "$0.00", "$0.00", "$1,000.00", 100000},
        };
        for (unsigned i = 0; i < 4; ++i) {
            auto b = balances->getObject(i);
            CPPUNIT_ASSERT_EQUAL(std::string(expected[i].date), b->getValue<std::string>("date"));
            CPPUNIT_ASSERT_EQUAL(std::string(expected[i].start),
                                 b->getValue<std::string>("start_balance"));
            CPPUNIT_ASSERT_EQUAL(std::string(expected[i].in),
                                 b->getValue<std::string>("cash_inflows"));
            CPPUNIT_ASSERT_EQUAL(std::string(expected[i].out),
                                 b->getValue<std::string>("cash_outflows"));
            CPPUNIT_ASSERT_EQUAL(std::string(expected[i].end),
                                 b->getValue<std::string>("end_balance"));
            CPPUNIT_ASSERT_EQUAL(std::string(expected[i].end), b->getValue<std::string>("balance"));
            CPPUNIT_ASSERT_EQUAL(expected[i].endCents, b->getValue<int64_t>("balance_cents"));
            CPPUNIT_ASSERT_EQUAL(expected[i].endCents, b->getValue<int64_t>("end_balance_cents"));
            CPPUNIT_ASSERT_EQUAL(1, b->getValue<int>("flows_factor"));
            CPPUNIT_ASSERT_EQUAL(std::string("USD"), b->getValue<std::string>("currency"));
            CPPUNIT_ASSERT_EQUAL(std::string("$0.00"),
                                 b->getValue<std::string>("cash_adjustments"));
            CPPUNIT_ASSERT_EQUAL(std::string("depository"),
                                 b->getObject("account")->getValue<std::string>("account_type"));
            CPPUNIT_ASSERT_EQUAL(std::string("Checking Account"),
                                 b->getObject("account")->getValue<std::string>("name"));
        }
        auto pagination = body->getObject("pagination");
        CPPUNIT_ASSERT_EQUAL(1, pagination->getValue<int>("page"));
        CPPUNIT_ASSERT_EQUAL(25, pagination->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(4, pagination->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(1, pagination->getValue<int>("total_pages"));
    }

    void testHealthNeedsNoKey() {
        AppHarness app;
        auto r = app.get("/health", "");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"status":"ok"})"), r.body);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WorkedExampleTest);
