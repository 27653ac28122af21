// docs/rules.md §11: the rule endpoints (reads, create, update, delete) and their checks.
#include "RulesFixture.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

class RulesApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RulesApiTest);
    CPPUNIT_TEST(testCreateShowListUpdateDelete);
    CPPUNIT_TEST(testValidationTexts);
    CPPUNIT_TEST(testListFiltersAndLookups);
    CPPUNIT_TEST(testScopes);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<RulesFixture> f;

public:
    void setUp() override { f = std::make_unique<RulesFixture>(); }
    void tearDown() override { f.reset(); }

    void testCreateShowListUpdateDelete() {
        auto c = f->category("Coffee");
        auto r = f->send("POST", "/api/v1/rules",
                         R"({"rule":{"name":"  ","resource_type":"transaction","active":true,)"
                         R"("effective_date":"2024-01-01","conditions":[{"condition_type":)"
                         R"("transaction_amount","operator":">","value":60},{"condition_type":)"
                         R"("compound","operator":"or","sub_conditions":[{"condition_type":)"
                         R"("transaction_name","operator":"like","value":"bean"}]}],"actions":[)"
                         R"({"action_type":"set_transaction_category","value":")" +
                             c + R"("}]}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto rule = jsonObject(r)->getObject("data");
        const std::string id = rule->getValue<std::string>("id");
        CPPUNIT_ASSERT(rule->isNull("name")); // blank is stored as null
        CPPUNIT_ASSERT_EQUAL(std::string("transaction"), field(rule, "resource_type"));
        CPPUNIT_ASSERT_EQUAL(true, rule->getValue<bool>("active"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-01"), field(rule, "effective_date"));
        auto conditions = rule->getArray("conditions");
        CPPUNIT_ASSERT_EQUAL(size_t(2), conditions->size());
        auto amount = conditions->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("60"), field(amount, "value")); // stored as text
        CPPUNIT_ASSERT_EQUAL(size_t(0), amount->getArray("sub_conditions")->size());
        CPPUNIT_ASSERT_EQUAL(size_t(36), field(amount, "id").size());
        auto compound = conditions->getObject(1);
        CPPUNIT_ASSERT(compound->isNull("value"));
        CPPUNIT_ASSERT_EQUAL(std::string("bean"),
                             field(compound->getArray("sub_conditions")->getObject(0), "value"));
        auto action = rule->getArray("actions")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(c, field(action, "value"));
        // Ids stay while the body stays.
        auto shown = jsonObject(f->send("GET", "/api/v1/rules/" + id))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(field(amount, "id"),
                             field(shown->getArray("conditions")->getObject(0), "id"));

        r = f->send("PATCH", "/api/v1/rules/" + id, R"({"rule":{"active":false,"name":"Beans"}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        rule = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(false, rule->getValue<bool>("active"));
        CPPUNIT_ASSERT_EQUAL(std::string("Beans"), field(rule, "name"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), rule->getArray("conditions")->size());

        auto list = jsonObject(f->send("GET", "/api/v1/rules"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), list->getArray("data")->size());
        CPPUNIT_ASSERT_EQUAL(1, list->getObject("meta")->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(25, list->getObject("meta")->getValue<int>("per_page"));

        r = f->send("DELETE", "/api/v1/rules/" + id);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"message":"Rule deleted successfully"})"), r.body);
        ASSERT_API_ERROR(f->send("GET", "/api/v1/rules/" + id), 404, "record_not_found",
                         "The requested resource was not found", kNoErrors);
    }

    void testValidationTexts() {
        ASSERT_API_ERROR(f->send("POST", "/api/v1/rules", R"({"name":"x"})"), 422,
                         "validation_failed",
                         "param is missing or the value is empty or invalid: rule",
                         Errors({"param is missing or the value is empty or invalid: rule"}));
        auto r = f->send(
            "POST", "/api/v1/rules",
            R"({"rule":{"resource_type":"account","active":"maybe","effective_date":"2024-13-01",)"
            R"("conditions":[{"condition_type":"transaction_colour","operator":"="},)"
            R"({"condition_type":"transaction_name","operator":">","value":"a"},)"
            R"({"condition_type":"transaction_name","operator":"like"},)"
            R"({"condition_type":"compound","operator":"and","sub_conditions":[]},)"
            R"({"condition_type":"transaction_category","operator":"=","value":"nope"}],)"
            R"("actions":[{"action_type":"fly"},{"action_type":"set_transaction_name",)"
            R"("value":" "},{"action_type":"set_transaction_name","value":"x"},)"
            R"({"action_type":"set_investment_activity_label","value":"buy"}]}})");
        ASSERT_API_ERROR(
            r, 422, "validation_failed", "Rule could not be saved",
            Errors({"Unsupported resource type: account", "Unsupported action type: fly",
                    "Action set_transaction_name appears more than once",
                    "Unsupported condition type: transaction_colour",
                    "Operator \">\" is not valid for transaction_name",
                    "Condition transaction_name must have a value",
                    "Compound condition must have sub_conditions",
                    "Condition transaction_category value must be one of your categories",
                    "Action set_transaction_name must have a value",
                    "Action set_investment_activity_label value is not a valid label",
                    "effective_date must be an ISO 8601 date", "active must be true or false"}));
        r = f->send("POST", "/api/v1/rules", R"({"rule":{"actions":[]}})");
        ASSERT_API_ERROR(
            r, 422, "validation_failed", "Rule could not be saved",
            Errors({"Resource type can't be blank", "Rule must have at least one action"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rules"));
    }

    void testListFiltersAndLookups() {
        f->rule(R"("name":"On","active":true,"actions":[{"action_type":"exclude_transaction"}])");
        f->rule(R"("name":"Off","actions":[{"action_type":"exclude_transaction"}])");
        auto on = jsonObject(f->send("GET", "/api/v1/rules?active=TRUE"))->getArray("data");
        CPPUNIT_ASSERT_EQUAL(size_t(1), on->size());
        CPPUNIT_ASSERT_EQUAL(std::string("On"), field(on->getObject(0), "name"));
        auto all = jsonObject(f->send("GET", "/api/v1/rules"))->getArray("data");
        CPPUNIT_ASSERT_EQUAL(std::string("On"), field(all->getObject(0), "name")); // creation order
        CPPUNIT_ASSERT_EQUAL(std::string("Off"), field(all->getObject(1), "name"));
        ASSERT_API_ERROR(f->send("GET", "/api/v1/rules?active=yes"), 422, "validation_failed",
                         "active must be one of: true, false, 1, 0",
                         Errors({"active must be one of: true, false, 1, 0"}));
        ASSERT_API_ERROR(f->send("GET", "/api/v1/rules?resource_type=account"), 422,
                         "validation_failed", "resource_type must be one of: transaction",
                         Errors({"resource_type must be one of: transaction"}));
        for (const char* bad : {"/api/v1/rules/not-a-uuid", "/api/v1/rule_runs/not-a-uuid",
                                "/api/v1/rule_runs/00000000-0000-4000-8000-000000000000"})
            ASSERT_API_ERROR(f->send("GET", bad), 404, "record_not_found",
                             "The requested resource was not found", kNoErrors);
        ASSERT_API_ERROR(f->send("GET", "/api/v1/rule_runs?rule_id=x"), 422, "validation_failed",
                         "rule_id must be a valid UUID", Errors({"rule_id must be a valid UUID"}));
        ASSERT_API_ERROR(f->send("GET", "/api/v1/rule_runs?status=done"), 422, "validation_failed",
                         "status must be one of: pending, success, failed",
                         Errors({"status must be one of: pending, success, failed"}));
        ASSERT_API_ERROR(f->send("GET", "/api/v1/rule_runs?start_executed_at=yesterday"), 422,
                         "validation_failed", "start_executed_at must be an ISO 8601 timestamp",
                         Errors({"start_executed_at must be an ISO 8601 timestamp"}));
        ASSERT_API_ERROR(f->send("GET", "/api/v1/rule_effects?transaction_id=1"), 422,
                         "validation_failed", "transaction_id must be a valid UUID",
                         Errors({"transaction_id must be a valid UUID"}));
    }

    void testScopes() {
        auto readKey = f->app->createKey("Family", "read");
        auto r = httpSend(f->app->port(), "POST", "/api/v1/rules", {{"X-Api-Key", readKey}},
                          R"({"rule":{}})", "application/json");
        ASSERT_API_ERROR(r, 403, "insufficient_scope", "This action requires the 'write' scope",
                         kNoErrors);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RulesApiTest);
