// docs/rules.md §4-§6, §8, §10 (R6, R7, R10, R12, R14): the publish pass's order, conflicts,
// learned suggestions, failure, isolation, runs and revert, with exact values.
#include "RulesFixture.h"

#include "app/publish/PublishRows.h"
#include "store/WalCheckpointer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <map>

using namespace finimport;
using namespace finimport::test;

class RulesPublishTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RulesPublishTest);
    CPPUNIT_TEST(testOrderConflictsAndChainingR6);
    CPPUNIT_TEST(testMatchOnceR7);
    CPPUNIT_TEST(testLearnedSuggestionR14);
    CPPUNIT_TEST(testFailingPassFailsPublishR10);
    CPPUNIT_TEST(testIsolationR12);
    CPPUNIT_TEST(testRunsAndRevert);
    CPPUNIT_TEST(testTransferAction);
    CPPUNIT_TEST(testPagedPublishWritesEveryEffect);
    CPPUNIT_TEST(testPublishCheckpointsTheWalFirst);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<RulesFixture> f;

public:
    void setUp() override { f = std::make_unique<RulesFixture>(); }
    void tearDown() override {
        f.reset();
        app::setPublishPageChunks(0); // the default
    }

    void testOrderConflictsAndChainingR6() {
        auto first = f->category("First"), second = f->category("Second");
        auto t1 = f->tag("t1"), t2 = f->tag("t2");
        auto shop = f->merchant("Shop Inc");
        const std::string cond =
            R"("conditions":[{"condition_type":"transaction_name","operator":"like","value":"shop"}])";
        f->rule(R"("name":"A","active":true,)" + cond +
                R"(,"actions":[{"action_type":"set_transaction_category","value":")" + first +
                R"("},{"action_type":"set_transaction_tags","value":")" + t1 +
                R"("},{"action_type":"exclude_transaction"},{"action_type":)"
                R"("set_transaction_merchant","value":")" +
                shop + R"("}])");
        f->rule(R"("name":"B","active":true,)" + cond +
                R"(,"actions":[{"action_type":"set_transaction_category","value":")" + second +
                R"("},{"action_type":"set_transaction_tags","value":[")" + t2 + R"(",")" + t1 +
                R"("]}])");
        // Chaining: C matches the merchant A set.
        f->rule(R"("name":"C","active":true,"conditions":[{"condition_type":)"
                R"("transaction_merchant","operator":"=","value":")" +
                shop +
                R"("}],"actions":[{"action_type":"set_transaction_name","value":)"
                R"("Shop - renamed"}])");
        f->publish("date,name,amount\n2024-03-01,The Shop,-12.00\n");
        auto t = f->one("Shop - renamed");
        CPPUNIT_ASSERT_EQUAL(second, *t.categoryId);                      // the later rule wins
        CPPUNIT_ASSERT_EQUAL(joined(sorted({t1, t2})), joined(t.tagIds)); // tags accumulate
        CPPUNIT_ASSERT(t.excluded);
        CPPUNIT_ASSERT_EQUAL(shop, *t.merchantId);
        auto e = f->effects("transaction_id=" + t.id + "&attribute=category_id");
        CPPUNIT_ASSERT_EQUAL(size_t(1), e->size()); // one current effect, the last writer's
        CPPUNIT_ASSERT_EQUAL(std::string("B"), field(e->getObject(0), "rule_name"));
        CPPUNIT_ASSERT_EQUAL(second, field(e->getObject(0), "value"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(e->getObject(0), "previous_value"));
        e = f->effects("transaction_id=" + t.id + "&attribute=name");
        CPPUNIT_ASSERT_EQUAL(std::string("The Shop"), field(e->getObject(0), "previous_value"));
        CPPUNIT_ASSERT_EQUAL(std::string("Shop - renamed"), field(e->getObject(0), "value"));
        e = f->effects("transaction_id=" + t.id + "&attribute=excluded");
        CPPUNIT_ASSERT_EQUAL(true, e->getObject(0)->getValue<bool>("value"));
        CPPUNIT_ASSERT_EQUAL(false, e->getObject(0)->getValue<bool>("previous_value"));
        e = f->effects("transaction_id=" + t.id + "&attribute=tag_ids");
        CPPUNIT_ASSERT_EQUAL(size_t(2), e->size()); // one per added tag: t1 by A, t2 by B
        CPPUNIT_ASSERT_EQUAL(size_t(6), f->effects("transaction_id=" + t.id)->size());
        // B modified it (category, t2); both matched once.
        for (size_t i = 0; i < 3; ++i) {
            auto run = f->runs()->getObject(unsigned(i));
            CPPUNIT_ASSERT_EQUAL(1, run->getValue<int>("transactions_queued"));
            CPPUNIT_ASSERT_EQUAL(1, run->getValue<int>("transactions_modified"));
        }
    }

    void testMatchOnceR7() {
        auto c = f->category("Tea");
        // Renaming first does not make the same rule's later actions miss.
        f->rule(R"("name":"Rename","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"coffee"}],"actions":[{)"
                R"("action_type":"set_transaction_name","value":"Tea House"},{"action_type":)"
                R"("set_transaction_category","value":")" +
                c + R"("}])");
        f->publish("date,name,amount\n2024-03-01,Coffee Bar,-3.00\n");
        auto t = f->one("Tea House");
        CPPUNIT_ASSERT_EQUAL(c, *t.categoryId);
    }

    void testLearnedSuggestionR14() {
        auto coffee = f->category("Coffee"), food = f->category("Food");
        auto bb = f->merchant("Blue Bottle");
        // History: two Coffee and one Food under the key "blue bottle".
        auto csvCat = "date,name,amount,category\n2024-01-01,BLUE BOTTLE #12,-4.00,Coffee\n"
                      "2024-01-02,Blue Bottle 7,-4.00,Coffee\n2024-01-03,blue-bottle,-4.00,Food\n";
        f->importOf("TransactionImport", csvCat, f->accountMembers());
        (void)food;
        (void)bb;
        CPPUNIT_ASSERT_EQUAL(food, *f->one("blue-bottle").categoryId);
        f->rule(R"("name":"Learn","active":true,"conditions":[],"actions":[{"action_type":)"
                R"("auto_categorize"},{"action_type":"auto_detect_merchants"},{"action_type":)"
                R"("send_email_notification"}])");
        f->publish("date,name,amount\n2024-03-01,Blue Bottle 99,-5.00\n"
                   "2024-03-02,Unknown 42,-1.00\n");
        auto t = f->one("Blue Bottle 99");
        CPPUNIT_ASSERT_EQUAL(coffee, *t.categoryId); // most uses
        CPPUNIT_ASSERT(!t.merchantId);               // no merchant in the history
        CPPUNIT_ASSERT(!f->one("Unknown 42").categoryId);
        auto e = f->effects("transaction_id=" + t.id);
        CPPUNIT_ASSERT_EQUAL(size_t(1), e->size());
        CPPUNIT_ASSERT_EQUAL(std::string("category_id"), field(e->getObject(0), "attribute"));
        CPPUNIT_ASSERT_EQUAL(std::string("Learn"), field(e->getObject(0), "rule_name"));
        // A tie (one use each) goes to the category used last; the publish's own rows count.
        f->publish("date,name,amount,category\n2024-05-01,Tie Shop 1,-1.00,Food\n"
                   "2024-05-02,Tie Shop 2,-1.00,Coffee\n2024-05-03,Tie Shop,-1.00,\n");
        CPPUNIT_ASSERT_EQUAL(coffee, *f->one("Tie Shop").categoryId);
    }

    void testFailingPassFailsPublishR10() {
        f->storedRule("Broken", "not json", R"([{"action_type":"exclude_transaction"}])");
        auto id = f->publish("date,name,amount\n2024-03-01,Shop,-5.00\n");
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), f->importStatus(id));
        CPPUNIT_ASSERT_EQUAL(0u, unsigned(f->named("Shop").size()));
        CPPUNIT_ASSERT(f->importError(id).rfind("Rule Broken: ", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->runs()->size());
    }

    void testIsolationR12() {
        auto otherKey = f->app->createKey("Other");
        store::CategoryRow foreign;
        foreign.familyId = familyIdOf(*f->app, "Other");
        foreign.name = "Foreign";
        f->app->server().database().write(
            [&](store::Tx& s) { store::TaxonomyStore(s).insertCategory(foreign); });
        // Stored with a foreign id: matches nothing, writes nothing.
        f->storedRule("Foreign", "[]",
                      R"([{"action_type":"set_transaction_category","value":")" + foreign.id +
                          R"("}])");
        f->publish("date,name,amount\n2024-03-01,Shop,-5.00\n");
        CPPUNIT_ASSERT(!f->one("Shop").categoryId);
        // The API refuses it, and the other family cannot see this family's rules or runs.
        auto r = f->send("POST", "/api/v1/rules",
                         R"({"rule":{"resource_type":"transaction","actions":[{"action_type":)"
                         R"("set_transaction_category","value":")" +
                             foreign.id + R"("}]}})");
        ASSERT_API_ERROR(r, 422, "validation_failed", "Rule could not be saved",
                         Errors({"Action set_transaction_category value must be one of your "
                                 "categories"}));
        auto mine = jsonObject(f->send("GET", "/api/v1/rules"))->getArray("data");
        const std::string ruleId = mine->getObject(0)->getValue<std::string>("id");
        ASSERT_API_ERROR(f->app->get("/api/v1/rules/" + ruleId, otherKey), 404, "record_not_found",
                         "The requested resource was not found", kNoErrors);
        auto theirs = jsonObject(f->app->get("/api/v1/rule_runs", otherKey))->getArray("data");
        CPPUNIT_ASSERT_EQUAL(size_t(0), theirs->size());
    }

    void testRunsAndRevert() {
        auto c = f->category("Groceries");
        auto ruleId = f->rule(R"("name":"Groceries","active":true,"conditions":[{)"
                              R"("condition_type":"transaction_name","operator":"like",)"
                              R"("value":"market"}],"actions":[{"action_type":)"
                              R"("set_transaction_category","value":")" +
                              c + R"("}])");
        auto id = f->publish("date,name,amount\n2024-03-01,Market,-5.00\n"
                             "2024-03-02,Other,-6.00\n");
        auto runs = f->runs();
        CPPUNIT_ASSERT_EQUAL(size_t(1), runs->size());
        auto run = runs->getObject(0);
        CPPUNIT_ASSERT_EQUAL(ruleId, field(run, "rule_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("import"), field(run, "execution_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("success"), field(run, "status"));
        CPPUNIT_ASSERT_EQUAL(id, field(run, "import_id"));
        CPPUNIT_ASSERT_EQUAL(1, run->getValue<int>("transactions_queued"));
        CPPUNIT_ASSERT_EQUAL(1, run->getValue<int>("transactions_processed"));
        CPPUNIT_ASSERT_EQUAL(1, run->getValue<int>("transactions_modified"));
        CPPUNIT_ASSERT_EQUAL(0, run->getValue<int>("pending_jobs_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries"),
                             run->getObject("rule")->getValue<std::string>("name"));
        auto e = f->effects("import_id=" + id);
        CPPUNIT_ASSERT_EQUAL(size_t(1), e->size());
        CPPUNIT_ASSERT_EQUAL(field(run, "id"), field(e->getObject(0), "rule_run_id"));
        // Revert: the transactions and their effects go; the runs stay as history.
        f->revert(id);
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->named("Market").size());
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->effects("")->size());
        CPPUNIT_ASSERT_EQUAL(size_t(1), f->runs()->size());
        // Published again: a new pass, the same result.
        auto r = f->send("POST", "/api/v1/imports/" + id + "/publish");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        f->app->waitForJobs();
        CPPUNIT_ASSERT_EQUAL(c, *f->one("Market").categoryId);
        CPPUNIT_ASSERT_EQUAL(size_t(2), f->runs()->size());
    }

    void testTransferAction() {
        auto card = seedAccount(*f->app, "Family", "Visa", "credit_card");
        f->rule(R"("name":"Card payment","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"visa payment"}],"actions":[{)"
                R"("action_type":"set_as_transfer_or_payment","value":")" +
                card.id + R"("}])");
        f->publish("date,name,amount\n2024-03-05,VISA PAYMENT,-250.00\n");
        auto t = f->one("VISA PAYMENT");
        CPPUNIT_ASSERT_EQUAL(std::string("cc_payment"), t.kind);
        auto leg = f->one("Payment from Checking");
        CPPUNIT_ASSERT_EQUAL(std::string("funds_movement"), leg.kind);
        CPPUNIT_ASSERT_EQUAL(int64_t(-25000000000), leg.amount);
        auto e = f->effects("transaction_id=" + t.id)->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("kind"), field(e, "attribute"));
        CPPUNIT_ASSERT_EQUAL(std::string("cc_payment"), field(e, "value"));
        CPPUNIT_ASSERT_EQUAL(std::string("standard"), field(e, "previous_value"));
        CPPUNIT_ASSERT_EQUAL(card.id, field(e, "transfer_account_id"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*f->app, "transfers"));
    }
    // A publish of several pages (docs/decisions.md D125) writes its effects in one batch over
    // all of them (docs/decisions.md D220): full chunks during the pages, the rest at the end.
    // Every effect and label lands, exactly.
    void testPagedPublishWritesEveryEffect() {
        app::setPublishPageChunks(1); // 256 rows a page
        auto cat = f->category("Ones");
        auto tg = f->tag("every");
        f->rule(R"("name":"Tag","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"row"}],"actions":[{)"
                R"("action_type":"set_transaction_tags","value":")" +
                tg + R"("}])");
        f->rule(R"("name":"Ones","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"row 1"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                cat + R"("}])");
        f->rule(R"("name":"Big","active":true,"conditions":[{"condition_type":)"
                R"("transaction_amount","operator":">","value":"40"}],"actions":[{)"
                R"("action_type":"set_investment_activity_label","value":"Interest"}])");
        constexpr int kRows = 2600;
        std::string csv = "date,name,amount\n";
        int ones = 0, big = 0;
        for (int i = 0; i < kRows; ++i) {
            const int cents = (i % 50 + 1) * 100;
            csv += "2024-0" + std::to_string(1 + i % 9) + "-1" + std::to_string(i % 9) + ",Row " +
                   std::to_string(i) + ",-" + std::to_string(cents / 100) + ".00\n";
            if (std::to_string(i).rfind('1', 0) == 0) ++ones;
            if (cents > 4000) ++big;
        }
        auto id = f->publish(csv);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), f->importStatus(id));
        auto count = [&](const std::string& attribute) {
            auto r = f->send("GET", "/api/v1/rule_effects?per_page=1&import_id=" + id +
                                        "&attribute=" + attribute);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            return jsonObject(r)->getObject("meta")->getValue<int>("total_count");
        };
        CPPUNIT_ASSERT_EQUAL(1111, ones); // Row 1, Row 10-19, 100-199, 1000-1999
        CPPUNIT_ASSERT_EQUAL(520, big);
        CPPUNIT_ASSERT_EQUAL(kRows, count("tag_ids"));
        CPPUNIT_ASSERT_EQUAL(ones, count("category_id"));
        CPPUNIT_ASSERT_EQUAL(big, count("investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows + ones + big), countRows(*f->app, "rule_effects"));
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows), countRows(*f->app, "transaction_tags"));
        // One row's two effects and values (a label and a tag; no category).
        auto t = f->one("Row 2599");
        CPPUNIT_ASSERT_EQUAL(std::string("Interest"), *t.label);
        CPPUNIT_ASSERT_EQUAL(tg, joined(t.tagIds));
        CPPUNIT_ASSERT(!t.categoryId);
        auto e = f->effects("transaction_id=" + t.id);
        CPPUNIT_ASSERT_EQUAL(size_t(2), e->size());
        CPPUNIT_ASSERT_EQUAL(std::string("tag_ids"), field(e->getObject(0), "attribute"));
        CPPUNIT_ASSERT_EQUAL(tg, field(e->getObject(0), "value"));
        CPPUNIT_ASSERT_EQUAL(std::string("investment_activity_label"),
                             field(e->getObject(1), "attribute"));
        CPPUNIT_ASSERT_EQUAL(std::string("Interest"), field(e->getObject(1), "value"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(e->getObject(1), "previous_value"));
        CPPUNIT_ASSERT_EQUAL(std::string("Big"), field(e->getObject(1), "rule_name"));
        // The first row with a category, and the counts of every run.
        auto first = f->one("Row 1");
        CPPUNIT_ASSERT_EQUAL(cat, *first.categoryId);
        CPPUNIT_ASSERT(!first.label);
        std::map<std::string, int> modified;
        auto runs = f->runs();
        for (size_t i = 0; i < runs->size(); ++i)
            modified[field(runs->getObject(unsigned(i)), "rule_name")] =
                runs->getObject(unsigned(i))->getValue<int>("transactions_modified");
        CPPUNIT_ASSERT_EQUAL(kRows, modified["Tag"]);
        CPPUNIT_ASSERT_EQUAL(ones, modified["Ones"]);
        CPPUNIT_ASSERT_EQUAL(big, modified["Big"]);
        // Revert: every effect goes with its transaction.
        f->revert(id);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rule_effects"));
    }

    // docs/decisions.md D247: on SQLite a publish runs a checkpoint itself, before it opens its
    // transaction, and none inside its commit; PostgreSQL has no checkpointer.
    void testPublishCheckpointsTheWalFirst() {
        store::WalCheckpointer* checkpointer = f->app->server().database().checkpointer();
        if (!checkpointer) return;
        const uint64_t before = checkpointer->checkpoints();
        auto id = f->publish("date,name,amount\n2024-03-01,Coffee,-3.00\n");
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), f->importStatus(id));
        CPPUNIT_ASSERT(checkpointer->checkpoints() > before);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), checkpointer->inlineCheckpoints());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RulesPublishTest);
