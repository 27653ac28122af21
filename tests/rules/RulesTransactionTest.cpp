// docs/rules.md §11.2, §11.3 (R11): the transaction object's `investment_activity_label` and
// `locked_attributes` on every read and on PATCH/PUT; §10 (R13): the revert of a ServiceImport
// undoes its rules' writes as a RuleImport's revert does.
#include "RulesFixture.h"

#include <cppunit/extensions/HelperMacros.h>

#include <regex>

using namespace finimport;
using namespace finimport::test;

class RulesTransactionTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RulesTransactionTest);
    CPPUNIT_TEST(testLabelAndLocksOnTheTransaction);
    CPPUNIT_TEST(testPatchLabelChecks);
    CPPUNIT_TEST(testServiceImportRevertUndoesR13);
    CPPUNIT_TEST(testRerunReplacesEffectsKeepingTheFirstPrevious);
    CPPUNIT_TEST(testEffectsOfSeveralTransactions);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<RulesFixture> f;

    Poco::JSON::Object::Ptr transaction(const std::string& id) {
        auto r = f->send("GET", "/api/v1/transactions/" + id);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r);
    }
    // The lock keys of a transaction object, in key order.
    static std::string lockKeys(const Poco::JSON::Object::Ptr& t) {
        std::vector<std::string> keys;
        t->getObject("locked_attributes")->getNames(keys);
        return joined(sorted(keys));
    }

public:
    void setUp() override { f = std::make_unique<RulesFixture>(); }
    void tearDown() override { f.reset(); }

    void testLabelAndLocksOnTheTransaction() {
        f->rule(R"("name":"Funds","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"fund"}],"actions":[{)"
                R"("action_type":"set_investment_activity_label","value":"Buy"}])");
        f->publish("date,name,amount\n2024-03-01,Index Fund,-100.00\n2024-03-02,Bakery,-4.00\n");
        const auto fund = f->one("Index Fund"), bakery = f->one("Bakery");
        auto t = transaction(fund.id);
        CPPUNIT_ASSERT_EQUAL(std::string("Buy"), field(t, "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), lockKeys(t)); // {} when none
        t = transaction(bakery.id);
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(t, "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), lockKeys(t));

        // A user's label and a category clear: both locked at the edit's time, the label's rule
        // effect removed (the value is the user's now).
        auto p = f->send("PATCH", "/api/v1/transactions/" + fund.id,
                         R"({"transaction":{"investment_activity_label":"Dividend",)"
                         R"("category_id":null}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(p.body, 200, p.status);
        t = jsonObject(p);
        CPPUNIT_ASSERT_EQUAL(std::string("Dividend"), field(t, "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(std::string("category_id,investment_activity_label"), lockKeys(t));
        const std::string at = field(t->getObject("locked_attributes"), "category_id");
        CPPUNIT_ASSERT(std::regex_match(at, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
        CPPUNIT_ASSERT_EQUAL(field(t, "updated_at"), at); // the edit's time
        CPPUNIT_ASSERT_EQUAL(at,
                             field(t->getObject("locked_attributes"), "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->effects("transaction_id=" + fund.id)->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Dividend"), *f->one("Index Fund").label);

        // The same fields in the list and by id.
        auto list = jsonObject(f->send("GET", "/api/v1/transactions?search=Index"))
                        ->getArray("transactions");
        CPPUNIT_ASSERT_EQUAL(size_t(1), list->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Dividend"),
                             field(list->getObject(0), "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(std::string("category_id,investment_activity_label"),
                             lockKeys(list->getObject(0)));
        CPPUNIT_ASSERT_EQUAL(
            at, field(list->getObject(0)->getObject("locked_attributes"), "category_id"));

        // PUT clears the label with "" (and locks it again); the re-run leaves it alone.
        p = f->send("PUT", "/api/v1/transactions/" + fund.id,
                    R"({"transaction":{"investment_activity_label":""}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(p.body, 200, p.status);
        CPPUNIT_ASSERT_EQUAL(std::string("null"),
                             field(jsonObject(p), "investment_activity_label"));
        f->rerun();
        CPPUNIT_ASSERT(!f->one("Index Fund").label);
        // Unlocking answers the object with its locks gone, the value kept.
        auto u = f->send("DELETE", "/api/v1/transactions/" + fund.id +
                                       "/locks?attributes[]=investment_activity_label");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(u.body, 200, u.status);
        CPPUNIT_ASSERT_EQUAL(std::string("category_id"), lockKeys(jsonObject(u)));
        CPPUNIT_ASSERT_EQUAL(std::string("null"),
                             field(jsonObject(u), "investment_activity_label"));
        f->rerun(); // unlocked: the rule writes its label again
        CPPUNIT_ASSERT_EQUAL(std::string("Buy"), *f->one("Index Fund").label);
        CPPUNIT_ASSERT_EQUAL(std::string("Buy"),
                             field(transaction(fund.id), "investment_activity_label"));
    }

    void testPatchLabelChecks() {
        f->publish("date,name,amount\n2024-03-01,Index Fund,-100.00\n");
        const auto fund = f->one("Index Fund");
        for (const char* bad : {R"("buy")", R"("Sweep  In")", "7", "true", R"(["Buy"])"}) {
            ASSERT_API_ERROR(
                f->send("PATCH", "/api/v1/transactions/" + fund.id,
                        std::string(R"({"transaction":{"investment_activity_label":)") + bad +
                            R"(,"notes":"kept?"}})"),
                422, "validation_failed", "Transaction could not be updated",
                Errors({"Investment activity label is not included in the list"}));
        }
        // A 422 writes and locks nothing.
        auto t = transaction(fund.id);
        CPPUNIT_ASSERT_EQUAL(std::string(""), lockKeys(t));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(t, "notes"));
        // Every label of docs/rules.md §4 is accepted, exactly as written.
        for (const char* label : {"Sweep In", "Sweep Out", "Reinvestment", "Other"}) {
            auto p = f->send("PATCH", "/api/v1/transactions/" + fund.id,
                             std::string(R"({"investment_activity_label":")") + label + "\"}");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(p.body, 200, p.status);
            CPPUNIT_ASSERT_EQUAL(std::string(label),
                                 field(jsonObject(p), "investment_activity_label"));
        }
        // null clears too.
        auto p = f->send("PATCH", "/api/v1/transactions/" + fund.id,
                         R"({"transaction":{"investment_activity_label":null}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(p.body, 200, p.status);
        CPPUNIT_ASSERT_EQUAL(std::string("null"),
                             field(jsonObject(p), "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(std::string("investment_activity_label"), lockKeys(jsonObject(p)));
    }

    void testServiceImportRevertUndoesR13() {
        // A transaction of the family from an ordinary import, outside the restore.
        f->publish("date,name,amount\n2024-01-10,Starbucks Reserve,-6.00\n"
                   "2024-01-11,Starbucks Kiosk,-2.00\n");
        const std::string ndjson =
            R"({"type":"Account","data":{"id":"acct-main","name":"Main","balance":"100",)"
            R"("currency":"USD","accountable_type":"Depository"}})"
            "\n"
            R"({"type":"Rule","version":1,"data":{"id":"rule-1","name":"Coffee",)"
            R"("resource_type":"transaction","active":true,"conditions":[{"condition_type":)"
            R"("transaction_name","operator":"like","value":"starbucks"}],"actions":[{)"
            R"("action_type":"set_transaction_name","value":"Coffee shop"},{"action_type":)"
            R"("exclude_transaction"},{"action_type":"set_investment_activity_label",)"
            R"("value":"Fee"}]}})"
            "\n"
            R"({"type":"Transaction","data":{"id":"txn-1","account_id":"acct-main","date":)"
            R"("2024-01-15","amount":"-4.50","name":"Starbucks","currency":"USD"}})"
            "\n";
        const std::string restore = f->importOf("ServiceImport", ndjson);
        const auto reserve = f->one("Starbucks Reserve"), kiosk = f->one("Starbucks Kiosk");
        auto runs = f->rerun(); // R9: the restore ran nothing; the re-run applies its rule
        CPPUNIT_ASSERT_EQUAL(size_t(1), runs->size());
        CPPUNIT_ASSERT_EQUAL(size_t(3), f->named("Coffee shop").size());
        CPPUNIT_ASSERT_EQUAL(size_t(9), f->effects("per_page=100")->size());
        // The user confirms the kiosk's label: its label effect goes, the value is the user's.
        auto p = f->send("PATCH", "/api/v1/transactions/" + kiosk.id,
                         R"({"transaction":{"investment_activity_label":"Other"}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(p.body, 200, p.status);
        auto t = transaction(reserve.id);
        CPPUNIT_ASSERT_EQUAL(std::string("Coffee shop"), field(t, "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("Fee"), field(t, "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(true, t->getValue<bool>("excluded"));

        f->revert(restore);
        // The restored account, transaction and rule are gone; the rule's writes on the
        // family's other transactions are undone, the user's label stays.
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->named("Starbucks").size());
        t = transaction(reserve.id);
        CPPUNIT_ASSERT_EQUAL(std::string("Starbucks Reserve"), field(t, "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(t, "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(false, t->getValue<bool>("excluded"));
        t = transaction(kiosk.id);
        CPPUNIT_ASSERT_EQUAL(std::string("Starbucks Kiosk"), field(t, "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("Other"), field(t, "investment_activity_label"));
        CPPUNIT_ASSERT_EQUAL(false, t->getValue<bool>("excluded"));
        CPPUNIT_ASSERT_EQUAL(std::string("investment_activity_label"), lockKeys(t));
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->effects("")->size());
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rules"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rule_runs"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*f->app, "rule_effects"));
    }

    // docs/rules.md §8: a re-run's write replaces the publish pass's effect and keeps its
    // previous value (the re-run writes a chunk set-wise, store/RuleTargets.h).
    void testRerunReplacesEffectsKeepingTheFirstPrevious() {
        const auto snacks = f->category("Snacks"), coffee = f->category("Coffee"),
                   tea = f->category("Tea");
        const auto sweet = f->tag("sweet"), hot = f->tag("hot");
        f->rule(R"("name":"Beans","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"bean"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                coffee + R"("},{"action_type":"set_transaction_tags","value":")" + sweet +
                R"("}])");
        f->importOf("TransactionImport",
                    "date,name,amount,category\n2024-03-01,Bean Co,-3.00,Snacks\n"
                    "2024-03-02,Bean Bar,-2.00,\n2024-03-03,Other,-1.00,Snacks\n",
                    f->accountMembers());
        const auto co = f->one("Bean Co"), bar = f->one("Bean Bar"), other = f->one("Other");
        CPPUNIT_ASSERT_EQUAL(coffee, *co.categoryId);
        f->rule(R"("name":"Tea time","active":true,"conditions":[{"condition_type":)"
                R"("transaction_amount","operator":">=","value":"2"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                tea + R"("},{"action_type":"set_transaction_tags","value":")" + hot + R"("}])");
        f->rerun();
        for (const auto& t : {co, bar}) {
            auto now = f->one(t.name);
            CPPUNIT_ASSERT_EQUAL(tea, *now.categoryId);
            CPPUNIT_ASSERT_EQUAL(joined(sorted({sweet, hot})), joined(now.tagIds));
        }
        CPPUNIT_ASSERT_EQUAL(snacks, *f->one("Other").categoryId); // 1.00 < 2
        auto e = f->effects("attribute=category_id&transaction_id=" + co.id);
        CPPUNIT_ASSERT_EQUAL(size_t(1), e->size());
        CPPUNIT_ASSERT_EQUAL(tea, field(e->getObject(0), "value"));
        CPPUNIT_ASSERT_EQUAL(snacks, field(e->getObject(0), "previous_value")); // the file's
        CPPUNIT_ASSERT_EQUAL(std::string("Tea time"), field(e->getObject(0), "rule_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("manual"), field(e->getObject(0), "execution_type"));
        e = f->effects("attribute=category_id&transaction_id=" + bar.id);
        CPPUNIT_ASSERT_EQUAL(size_t(1), e->size());
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(e->getObject(0), "previous_value"));
        // Tags: one effect per tag, the publish's stays beside the re-run's.
        e = f->effects("attribute=tag_ids&transaction_id=" + co.id);
        CPPUNIT_ASSERT_EQUAL(size_t(2), e->size());
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->effects("transaction_id=" + other.id)->size());
        CPPUNIT_ASSERT_EQUAL(int64_t(6), countRows(*f->app, "rule_effects"));
    }

    // docs/decisions.md D170: `transaction_ids` reads the effects of a page at once.
    void testEffectsOfSeveralTransactions() {
        f->rule(R"("name":"Hide","active":true,"conditions":[],"actions":[{"action_type":)"
                R"("exclude_transaction"}])");
        f->publish("date,name,amount\n2024-03-01,A,-1.00\n2024-03-02,B,-2.00\n"
                   "2024-03-03,C,-3.00\n");
        const auto a = f->one("A"), b = f->one("B");
        auto e = f->effects("transaction_ids=" + a.id + "," + b.id);
        CPPUNIT_ASSERT_EQUAL(size_t(2), e->size());
        std::vector<std::string> ids{field(e->getObject(0), "transaction_id"),
                                     field(e->getObject(1), "transaction_id")};
        CPPUNIT_ASSERT_EQUAL(joined(sorted({a.id, b.id})), joined(sorted(ids)));
        CPPUNIT_ASSERT_EQUAL(
            size_t(1), f->effects("transaction_ids=" + a.id + "&transaction_id=" + a.id)->size());
        const std::string message =
            "transaction_ids must be a comma-separated list of at most 100 valid UUIDs";
        std::string hundred = a.id;
        for (int i = 1; i < 100; ++i)
            hundred += "," + b.id;
        CPPUNIT_ASSERT_EQUAL(size_t(2), f->effects("transaction_ids=" + hundred)->size());
        for (const std::string& bad : {hundred + "," + a.id, a.id + ",,", a.id + ",nope"})
            ASSERT_API_ERROR(f->send("GET", "/api/v1/rule_effects?transaction_ids=" + bad), 422,
                             "validation_failed", message, Errors({message}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RulesTransactionTest);
