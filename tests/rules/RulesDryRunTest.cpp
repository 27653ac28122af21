// docs/rules.md §9: dry runs over existing data and before publishing change nothing and list
// exactly what a pass would write.
#include "RulesFixture.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

class RulesDryRunTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RulesDryRunTest);
    CPPUNIT_TEST(testDryRunOverExistingData);
    CPPUNIT_TEST(testDryRunOfAnUnsavedRuleAndLimit);
    CPPUNIT_TEST(testImportPreview);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<RulesFixture> f;

    int64_t writes() {
        return countRows(*f->app, "rule_effects") + countRows(*f->app, "rule_runs") +
               countRows(*f->app, "jobs");
    }

public:
    void setUp() override { f = std::make_unique<RulesFixture>(); }
    void tearDown() override { f.reset(); }

    void testDryRunOverExistingData() {
        f->publish("date,name,amount\n2024-03-02,Blue Bottle,-4.00\n2024-03-01,Blue Bottle,"
                   "-4.00\n2024-03-03,Bakery,-2.00\n");
        auto coffee = f->category("Coffee");
        auto ruleId = f->rule(R"("name":"Coffee","active":true,"conditions":[{)"
                              R"("condition_type":"transaction_name","operator":"like",)"
                              R"("value":"bottle"}],"actions":[{"action_type":)"
                              R"("set_transaction_category","value":")" +
                              coffee + R"("}])");
        const int64_t before = writes();
        auto r = f->send("POST", "/api/v1/rules/dry_run", "{}");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(2, d->getValue<int>("transactions_matched"));
        CPPUNIT_ASSERT_EQUAL(2, d->getValue<int>("transactions_changed"));
        CPPUNIT_ASSERT_EQUAL(2, d->getValue<int>("total_changes"));
        CPPUNIT_ASSERT_EQUAL(false, d->getValue<bool>("truncated"));
        auto rule = d->getArray("rules")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(ruleId, field(rule, "id"));
        CPPUNIT_ASSERT_EQUAL(2, rule->getValue<int>("transactions_changed"));
        auto c = d->getArray("changes")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-03-01"), field(c, "date")); // date order
        CPPUNIT_ASSERT_EQUAL(std::string("Blue Bottle"), field(c, "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("category_id"), field(c, "attribute"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(c, "from"));
        CPPUNIT_ASSERT_EQUAL(coffee, field(c, "to"));
        CPPUNIT_ASSERT_EQUAL(std::string("Coffee"), field(c, "to_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(c, "from_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("Coffee"), field(c, "rule_name"));
        CPPUNIT_ASSERT_EQUAL(before, writes()); // nothing written
        for (const auto& t : f->named("Blue Bottle"))
            CPPUNIT_ASSERT(!t.categoryId);
    }

    void testDryRunOfAnUnsavedRuleAndLimit() {
        f->publish("date,name,amount\n2024-03-01,A,-1.00\n2024-03-02,B,-2.00\n"
                   "2024-03-03,C,-3.00\n");
        auto r = f->send("POST", "/api/v1/rules/dry_run",
                         R"({"limit":"2","rule":{"resource_type":"transaction","name":"Hide",)"
                         R"("actions":[{"action_type":"exclude_transaction"}]}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(3, d->getValue<int>("total_changes"));
        CPPUNIT_ASSERT_EQUAL(true, d->getValue<bool>("truncated"));
        auto changes = d->getArray("changes");
        CPPUNIT_ASSERT_EQUAL(size_t(2), changes->size());
        CPPUNIT_ASSERT_EQUAL(false, changes->getObject(0)->getValue<bool>("from"));
        CPPUNIT_ASSERT_EQUAL(true, changes->getObject(0)->getValue<bool>("to"));
        CPPUNIT_ASSERT(d->getArray("rules")->getObject(0)->isNull("id"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rules"));
        r = f->send("POST", "/api/v1/rules/dry_run",
                    R"({"rule":{"resource_type":"transaction","actions":[]}})");
        ASSERT_API_ERROR(r, 422, "validation_failed", "Rule could not be saved",
                         Errors({"Rule must have at least one action"}));
    }

    void testImportPreview() {
        auto coffee = f->category("Coffee");
        f->rule(R"("name":"Coffee","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"bean"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                coffee + R"("}])");
        const std::string id = f->upload("date,name,amount,category\n"
                                         "2024-03-01,Bean Co,-3.00,Snacks\n"
                                         "2024-03-02,Other,-1.00,\n");
        const int64_t categories = countRows(*f->app, "categories");
        auto p = f->send("GET", "/api/v1/imports/" + id + "/rule_preview");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(p.body, 200, p.status);
        auto d = jsonObject(p)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(2, d->getValue<int>("rows_evaluated"));
        CPPUNIT_ASSERT_EQUAL(1, d->getValue<int>("rows_changed"));
        auto c = d->getArray("changes")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(1, c->getValue<int>("row_number"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(c, "from")); // Snacks would be created
        CPPUNIT_ASSERT_EQUAL(std::string("Snacks"), field(c, "from_name"));
        CPPUNIT_ASSERT_EQUAL(coffee, field(c, "to"));
        CPPUNIT_ASSERT_EQUAL(categories, countRows(*f->app, "categories")); // nothing created
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "entries"));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), f->importStatus(id));
        // After publishing: refused; other types and unknown ids as documented.
        CPPUNIT_ASSERT_EQUAL(200, f->send("POST", "/api/v1/imports/" + id + "/publish").status);
        f->app->waitForJobs();
        ASSERT_API_ERROR(f->send("GET", "/api/v1/imports/" + id + "/rule_preview"), 422,
                         "not_previewable",
                         "Rules can be previewed only before the import is published.", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(coffee, *f->one("Bean Co").categoryId); // the preview held
        ASSERT_API_ERROR(f->send("GET", "/api/v1/imports/nope/rule_preview"), 404, "not_found",
                         "Import not found", kNoErrors);
        auto rulesImport = f->app->postJson(
            "/api/v1/imports",
            R"({"type":"RuleImport","raw_file_content":"name,resource_type,active,effective_date,conditions,actions\n"})",
            f->key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(rulesImport.body, 201, rulesImport.status);
        ASSERT_API_ERROR(
            f->send("GET",
                    "/api/v1/imports/" +
                        jsonObject(rulesImport)->getObject("data")->getValue<std::string>("id") +
                        "/rule_preview"),
            422, "not_previewable", "This import type does not create transactions.", kNoErrors);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RulesDryRunTest);
