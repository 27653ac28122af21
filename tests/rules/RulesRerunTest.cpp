// docs/rules.md §6, §7, §10 (R8, R9 by construction, R11, R13): re-runs over a date range,
// locks, RuleImport revert and rule deletion.
#include "RulesFixture.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

class RulesRerunTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RulesRerunTest);
    CPPUNIT_TEST(testNoRetroactivePassThenRerunR8);
    CPPUNIT_TEST(testLocksR11);
    CPPUNIT_TEST(testRuleImportRevertUndoesR13);
    CPPUNIT_TEST(testDeleteKeepsEffects);
    CPPUNIT_TEST(testRerunChecks);
    CPPUNIT_TEST(testRestoreRunsNoPassR9);
    CPPUNIT_TEST(testRevertGivesReplacedBodiesBack);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<RulesFixture> f;

    std::string ruleImport(const std::string& csv) { return f->importOf("RuleImport", csv); }

public:
    void setUp() override { f = std::make_unique<RulesFixture>(); }
    void tearDown() override { f.reset(); }

    void testNoRetroactivePassThenRerunR8() {
        f->publish("date,name,amount\n2024-01-05,Coffee Club,-3.00\n2024-02-05,Coffee Club,-3.00\n"
                   "2024-03-05,Coffee Club,-3.00\n");
        auto c = f->category("Coffee");
        auto ruleId = f->rule(R"("name":"Coffee","active":true,"conditions":[{)"
                              R"("condition_type":"transaction_name","operator":"like",)"
                              R"("value":"coffee"}],"actions":[{"action_type":)"
                              R"("set_transaction_category","value":")" +
                              c + R"("}])");
        for (const auto& t : f->named("Coffee Club")) // creating a rule changes nothing
            CPPUNIT_ASSERT(!t.categoryId);
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->runs()->size());
        auto queued = f->rerun(R"({"start_date":"2024-02-01","end_date":"20240331"})");
        CPPUNIT_ASSERT_EQUAL(size_t(1), queued->size());
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), field(queued->getObject(0), "status"));
        CPPUNIT_ASSERT_EQUAL(std::string("manual"), field(queued->getObject(0), "execution_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-03-31"), field(queued->getObject(0), "end_date"));
        auto all = f->named("Coffee Club");
        CPPUNIT_ASSERT(!all[0].categoryId); // before start_date
        CPPUNIT_ASSERT_EQUAL(c, *all[1].categoryId);
        CPPUNIT_ASSERT_EQUAL(c, *all[2].categoryId);
        auto run =
            jsonObject(f->send("GET", "/api/v1/rule_runs/" + field(queued->getObject(0), "id")))
                ->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("success"), field(run, "status"));
        CPPUNIT_ASSERT_EQUAL(2, run->getValue<int>("transactions_queued"));
        CPPUNIT_ASSERT_EQUAL(2, run->getValue<int>("transactions_modified"));
        CPPUNIT_ASSERT_EQUAL(ruleId, field(run, "rule_id"));
        auto e = f->effects("transaction_id=" + all[1].id)->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("manual"), field(e, "execution_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(e, "import_id"));
        CPPUNIT_ASSERT_EQUAL(field(run, "id"), field(e, "rule_run_id"));
        // A second re-run changes nothing more.
        auto again = f->rerun();
        run = jsonObject(f->send("GET", "/api/v1/rule_runs/" + field(again->getObject(0), "id")))
                  ->getObject("data");
        CPPUNIT_ASSERT_EQUAL(3, run->getValue<int>("transactions_queued"));
        CPPUNIT_ASSERT_EQUAL(1, run->getValue<int>("transactions_modified"));
    }

    void testLocksR11() {
        f->publish("date,name,amount\n2024-03-01,Gym,-30.00\n");
        auto t = f->one("Gym");
        auto user = f->category("Mine"), rules = f->category("Health");
        // The user's correction (PATCH, docs/read-api.md §3.4) locks the category.
        auto p = f->send("PATCH", "/api/v1/transactions/" + t.id,
                         R"({"transaction":{"category_id":")" + user + R"("}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(p.body, 200, p.status);
        f->rule(R"("name":"Health","active":true,"conditions":[],"actions":[{"action_type":)"
                R"("set_transaction_category","value":")" +
                rules + R"("},{"action_type":"set_transaction_name","value":"Gym Club"}])");
        f->rerun();
        t = f->one("Gym Club"); // the rule's other action still applies
        CPPUNIT_ASSERT_EQUAL(user, *t.categoryId);
        CPPUNIT_ASSERT_EQUAL(
            size_t(0), f->effects("transaction_id=" + t.id + "&attribute=category_id")->size());
        f->rerun(R"({"ignore_locks":true})");
        t = f->one("Gym Club");
        CPPUNIT_ASSERT_EQUAL(rules, *t.categoryId);
        auto e = f->effects("transaction_id=" + t.id + "&attribute=category_id")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(user, field(e, "previous_value"));
        store::LockMap locks;
        f->app->server().database().read(
            [&](store::Tx& s) { locks = store::TransactionLocks::locked(s, t.id); });
        CPPUNIT_ASSERT_EQUAL(size_t(1), locks.size()); // the lock stays
        CPPUNIT_ASSERT(locks.count("category_id"));
        // A user edit of a rule-written attribute removes its effect; unlocking keeps values.
        auto p2 = f->send("PATCH", "/api/v1/transactions/" + t.id,
                          R"({"transaction":{"name":"My gym"}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(p2.body, 200, p2.status);
        CPPUNIT_ASSERT_EQUAL(size_t(0),
                             f->effects("transaction_id=" + t.id + "&attribute=name")->size());
        CPPUNIT_ASSERT_EQUAL(
            size_t(1), f->effects("transaction_id=" + t.id + "&attribute=category_id")->size());
        ASSERT_API_ERROR(
            f->send("DELETE", "/api/v1/transactions/" + t.id + "/locks?attributes[]=colour"), 422,
            "validation_failed", "Unknown attribute: colour",
            Errors({"Unknown attribute: colour"}));
        auto u = f->send("DELETE", "/api/v1/transactions/" + t.id + "/locks?attributes[]=name");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(u.body, 200, u.status);
        CPPUNIT_ASSERT_EQUAL(std::string("My gym"), field(jsonObject(u), "name"));
        f->app->server().database().read(
            [&](store::Tx& s) { locks = store::TransactionLocks::locked(s, t.id); });
        CPPUNIT_ASSERT_EQUAL(size_t(1), locks.size());
        CPPUNIT_ASSERT(locks.count("category_id"));
        ASSERT_API_ERROR(f->send("DELETE", "/api/v1/transactions/" + f->account + "/locks"), 404,
                         "not_found", "Transaction not found", kNoErrors);
    }

    void testRuleImportRevertUndoesR13() {
        f->publish("date,name,amount\n2024-03-01,Coffee Club,-3.00\n2024-03-02,Tea Room,-2.00\n");
        const std::string csv =
            "name,resource_type,active,effective_date,conditions,actions\n"
            "Coffee,transaction,true,,\"[{\"\"condition_type\"\":\"\"transaction_name\"\","
            "\"\"operator\"\":\"\"like\"\",\"\"value\"\":\"\"coffee\"\"}]\",\"[{\"\"action_"
            "type\"\":"
            "\"\"set_transaction_category\"\",\"\"value\"\":\"\"Coffee\"\"}]\"\n";
        auto importId = ruleImport(csv);
        CPPUNIT_ASSERT(!f->one("Coffee Club").categoryId); // R8: a RuleImport runs no pass
        f->rerun();
        auto t = f->one("Coffee Club");
        CPPUNIT_ASSERT(t.categoryId);
        f->revert(importId);
        t = f->one("Coffee Club");
        CPPUNIT_ASSERT(!t.categoryId); // back to the value before the rule
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->effects("")->size());
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rules"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rule_runs"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "categories")); // unused now
    }

    void testDeleteKeepsEffects() {
        auto c = f->category("Fuel");
        auto id = f->rule(R"("name":"Fuel","active":true,"conditions":[],"actions":[{)"
                          R"("action_type":"set_transaction_category","value":")" +
                          c + R"("}])");
        f->publish("date,name,amount\n2024-03-01,Shell,-40.00\n");
        auto r = f->send("DELETE", "/api/v1/rules/" + id);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto t = f->one("Shell");
        CPPUNIT_ASSERT_EQUAL(c, *t.categoryId); // values stay
        auto e = f->effects("transaction_id=" + t.id)->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(e, "rule_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(e, "rule_run_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Fuel"), field(e, "rule_name"));
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->runs()->size());
    }

    void testRerunChecks() {
        auto off = f->rule(R"("name":"Off","actions":[{"action_type":"exclude_transaction"}])");
        auto send = [&](const std::string& body) {
            return f->send("POST", "/api/v1/rule_runs", body);
        };
        ASSERT_API_ERROR(send(R"({"rule_ids":["00000000-0000-4000-8000-000000000000"]})"), 422,
                         "validation_failed", "rule_ids must contain ids of your rules",
                         Errors({"rule_ids must contain ids of your rules"}));
        ASSERT_API_ERROR(send(R"({"rule_ids":[")" + off + R"("]})"), 422, "validation_failed",
                         "Rule " + off + " is not active",
                         Errors({"Rule " + off + " is not active"}));
        ASSERT_API_ERROR(send(R"({"start_date":"March"})"), 422, "validation_failed",
                         "start_date must be an ISO 8601 date",
                         Errors({"start_date must be an ISO 8601 date"}));
        ASSERT_API_ERROR(send(R"({"start_date":"2024-02-01","end_date":"2024-01-01"})"), 422,
                         "validation_failed", "start_date must not be after end_date",
                         Errors({"start_date must not be after end_date"}));
        ASSERT_API_ERROR(send(R"({"ignore_locks":"yes"})"), 422, "validation_failed",
                         "ignore_locks must be true or false",
                         Errors({"ignore_locks must be true or false"}));
        auto none = f->rerun(); // no active rule: nothing queued
        CPPUNIT_ASSERT_EQUAL(size_t(0), none->size());
    }

    void testRestoreRunsNoPassR9() {
        f->rule(R"("name":"Hide all","active":true,"conditions":[],"actions":[{)"
                R"("action_type":"exclude_transaction"},{"action_type":"set_transaction_name",)"
                R"("value":"Renamed"}])");
        const std::string ndjson =
            R"({"type":"Account","data":{"id":"acct-main","name":"Main","balance":"100",)"
            R"("currency":"USD","accountable_type":"Depository"}})"
            "\n"
            R"({"type":"Rule","version":1,"data":{"id":"rule-1","name":"Coffee","resource_type":"transaction",)"
            R"("active":true,"conditions":[],"actions":[{"action_type":"exclude_transaction"}]}})"
            "\n"
            R"({"type":"Transaction","data":{"id":"txn-1","account_id":"acct-main","date":)"
            R"("2024-01-15","amount":"-4.50","name":"Starbucks","currency":"USD"}})"
            "\n";
        f->importOf("ServiceImport", ndjson);
        auto t = f->one("Starbucks"); // kept as exported: no rule ran
        CPPUNIT_ASSERT(!t.excluded);
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->runs()->size());
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->effects("")->size());
    }

    void testRevertGivesReplacedBodiesBack() {
        const std::string head = "name,resource_type,active,effective_date,conditions,actions\n";
        ruleImport(head + "Coffee,transaction,true,,[],\"[{\"\"action_type\"\":"
                          "\"\"exclude_transaction\"\"}]\"\n");
        auto second =
            ruleImport(head + "Coffee,transaction,false,,[],\"[{\"\"action_type\"\":"
                              "\"\"set_transaction_name\"\",\"\"value\"\":\"\"X\"\"}]\"\n");
        auto rules = jsonObject(f->send("GET", "/api/v1/rules"))->getArray("data");
        CPPUNIT_ASSERT_EQUAL(size_t(1), rules->size()); // upserted by name
        auto rule = rules->getObject(0);
        CPPUNIT_ASSERT_EQUAL(false, rule->getValue<bool>("active"));
        CPPUNIT_ASSERT_EQUAL(std::string("set_transaction_name"),
                             field(rule->getArray("actions")->getObject(0), "action_type"));
        f->revert(second);
        rule = jsonObject(f->send("GET", "/api/v1/rules"))->getArray("data")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(true, rule->getValue<bool>("active")); // the former body
        CPPUNIT_ASSERT_EQUAL(std::string("exclude_transaction"),
                             field(rule->getArray("actions")->getObject(0), "action_type"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), rule->getArray("actions")->size());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RulesRerunTest);
