// docs/rules.md §3 (R1-R5): what each condition matches, applied by the publish pass, with the
// exact category and effect left on each transaction.
#include "RulesFixture.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

class RulesMatchTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RulesMatchTest);
    CPPUNIT_TEST(testTextOperatorsR3);
    CPPUNIT_TEST(testIsNullMatchesBlankR4);
    CPPUNIT_TEST(testAmountsAreAbsoluteAndExactR2);
    CPPUNIT_TEST(testBadOperandsMatchNothingR5);
    CPPUNIT_TEST(testTypesAndSelectsR1);
    CPPUNIT_TEST(testCompoundAndEffectiveDate);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<RulesFixture> f;

public:
    void setUp() override { f = std::make_unique<RulesFixture>(); }
    void tearDown() override { f.reset(); }

    void testTextOperatorsR3() {
        auto coffee = f->category("Coffee"), deli = f->category("Deli"),
             pct = f->category("Percent");
        f->rule(R"("name":"Cafe","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"café"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                coffee + R"("}])");
        f->rule(R"("name":"Deli","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"=","value":"Corner  Deli"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                deli + R"("}])");
        f->rule(R"("name":"Pct","active":true,"conditions":[{"condition_type":)"
                R"("transaction_name","operator":"like","value":"50%"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                pct + R"("}])");
        f->publish("date,name,amount\n2024-03-01,GRAND CAFÉ PARIS,4.50\n"
                   "2024-03-02,Corner   Deli,8.00\n2024-03-03,corner deli,9.00\n"
                   "2024-03-04,Sale 50% off,10.00\n2024-03-05,Sale 500 off,11.00\n");
        CPPUNIT_ASSERT_EQUAL(coffee, *f->one("GRAND CAFÉ PARIS").categoryId);
        CPPUNIT_ASSERT_EQUAL(deli, *f->one("Corner   Deli").categoryId); // whitespace normalised
        CPPUNIT_ASSERT(!f->one("corner deli").categoryId);               // `=` keeps case
        CPPUNIT_ASSERT_EQUAL(pct, *f->one("Sale 50% off").categoryId);
        CPPUNIT_ASSERT(!f->one("Sale 500 off").categoryId); // `%` is no wildcard
        auto e = f->effects("transaction_id=" + f->one("GRAND CAFÉ PARIS").id);
        CPPUNIT_ASSERT_EQUAL(size_t(1), e->size());
        auto o = e->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("category_id"), field(o, "attribute"));
        CPPUNIT_ASSERT_EQUAL(coffee, field(o, "value"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(o, "previous_value"));
        CPPUNIT_ASSERT_EQUAL(std::string("Cafe"), field(o, "rule_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("import"), field(o, "execution_type"));
    }

    void testIsNullMatchesBlankR4() {
        auto tagId = f->tag("No notes");
        f->rule(R"("name":"Notes","active":true,"conditions":[{"condition_type":)"
                R"("transaction_notes","operator":"is_null"}],"actions":[{"action_type":)"
                R"("set_transaction_tags","value":")" +
                tagId + R"("}])");
        f->publish("date,name,amount,notes\n2024-03-01,A,1.00,\n2024-03-02,B,2.00,   \n"
                   "2024-03-03,C,3.00,hello\n");
        CPPUNIT_ASSERT_EQUAL(tagId, joined(f->one("A").tagIds));
        CPPUNIT_ASSERT_EQUAL(tagId, joined(f->one("B").tagIds));
        CPPUNIT_ASSERT(f->one("C").tagIds.empty());
        auto o = f->effects("transaction_id=" + f->one("A").id)->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("tag_ids"), field(o, "attribute"));
        CPPUNIT_ASSERT_EQUAL(tagId, field(o, "value"));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), field(o, "previous_value"));
    }

    void testAmountsAreAbsoluteAndExactR2() {
        auto big = f->category("Big");
        f->rule(R"("name":"Big","active":true,"conditions":[{"condition_type":)"
                R"("transaction_amount","operator":">","value":100}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                big + R"("}])");
        auto exact = f->category("Exact");
        f->rule(R"("name":"Exact","active":true,"conditions":[{"condition_type":)"
                R"("transaction_amount","operator":"=","value":"99.99"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                exact + R"("}])");
        f->publish("date,name,amount\n2024-03-01,Purchase,-150.00\n2024-03-02,Refund,150.00\n"
                   "2024-03-03,Edge,100.00\n2024-03-04,Penny,-99.99\n2024-03-05,Near,-99.999\n");
        CPPUNIT_ASSERT_EQUAL(big, *f->one("Purchase").categoryId);
        CPPUNIT_ASSERT_EQUAL(big, *f->one("Refund").categoryId);
        CPPUNIT_ASSERT(!f->one("Edge").categoryId);
        CPPUNIT_ASSERT_EQUAL(exact, *f->one("Penny").categoryId);
        CPPUNIT_ASSERT(!f->one("Near").categoryId);
    }

    void testBadOperandsMatchNothingR5() {
        auto c = f->category("Any");
        f->storedRule("Not a number",
                      R"([{"condition_type":"transaction_amount","operator":">","value":"abc"}])",
                      R"([{"action_type":"set_transaction_category","value":")" + c + R"("}])");
        f->storedRule("Bad type",
                      R"([{"condition_type":"transaction_type","operator":"=","value":"expnse"}])",
                      R"([{"action_type":"set_transaction_name","value":"Typed"}])");
        f->publish("date,name,amount\n2024-03-01,Shop,-5.00\n");
        auto t = f->one("Shop");
        CPPUNIT_ASSERT(!t.categoryId);
        CPPUNIT_ASSERT_EQUAL(size_t(0), f->effects("transaction_id=" + t.id)->size());
        // The API refuses both operands.
        auto r = f->send("POST", "/api/v1/rules",
                         R"({"rule":{"resource_type":"transaction","conditions":[{)"
                         R"("condition_type":"transaction_amount","operator":">","value":"abc"},)"
                         R"({"condition_type":"transaction_type","operator":"=","value":"x"}],)"
                         R"("actions":[{"action_type":"exclude_transaction"}]}})");
        ASSERT_API_ERROR(r, 422, "validation_failed", "Rule could not be saved",
                         Errors({"Condition transaction_amount value must be a number",
                                 "Condition transaction_type value must be one of: income, "
                                 "expense, transfer"}));
    }

    void testTypesAndSelectsR1() {
        auto in = f->category("In"), out = f->category("Out");
        f->rule(R"("name":"Income","active":true,"conditions":[{"condition_type":)"
                R"("transaction_type","operator":"=","value":"income"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                in + R"("}])");
        f->rule(R"("name":"Expense","active":true,"conditions":[{"condition_type":)"
                R"("transaction_type","operator":"=","value":"expense"}],"actions":[{)"
                R"("action_type":"set_transaction_category","value":")" +
                out + R"("}])");
        // A later rule matches on the category the earlier ones set (chaining).
        f->rule(R"("name":"Flag in","active":true,"conditions":[{"condition_type":)"
                R"("transaction_category","operator":"=","value":")" +
                in + R"("},{"condition_type":"transaction_account","operator":"=","value":")" +
                f->account +
                R"("}],"actions":[{"action_type":"set_investment_activity_label","value":)"
                R"("Interest"}])");
        f->publish("date,name,amount\n2024-03-01,Salary,2000.00\n2024-03-02,Rent,-900.00\n"
                   "2024-03-03,Zero,0\n");
        CPPUNIT_ASSERT_EQUAL(in, *f->one("Salary").categoryId);
        CPPUNIT_ASSERT_EQUAL(std::string("Interest"), *f->one("Salary").label);
        CPPUNIT_ASSERT_EQUAL(out, *f->one("Rent").categoryId);
        CPPUNIT_ASSERT(!f->one("Rent").label);
        CPPUNIT_ASSERT_EQUAL(out, *f->one("Zero").categoryId); // zero counts as expense
        auto e = f->effects("transaction_id=" + f->one("Salary").id +
                            "&attribute=" + "investment_activity_label");
        CPPUNIT_ASSERT_EQUAL(size_t(1), e->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Interest"), field(e->getObject(0), "value"));
        CPPUNIT_ASSERT_EQUAL(std::string("Flag in"), field(e->getObject(0), "rule_name"));
    }

    void testCompoundAndEffectiveDate() {
        auto c = f->category("Travel");
        f->rule(R"("name":"Travel","active":true,"effective_date":"2024-03-02","conditions":[)"
                R"({"condition_type":"compound","operator":"or","sub_conditions":[)"
                R"({"condition_type":"transaction_name","operator":"like","value":"air"},)"
                R"({"condition_type":"transaction_name","operator":"like","value":"rail"}]}],)"
                R"("actions":[{"action_type":"set_transaction_category","value":")" +
                c + R"("}])");
        f->rule(R"("name":"Inactive","active":false,"conditions":[],"actions":[{)"
                R"("action_type":"exclude_transaction"}])");
        f->publish("date,name,amount\n2024-03-01,Airline early,-10.00\n"
                   "2024-03-02,Airline,-20.00\n2024-03-03,Rail Air,-30.00\n"
                   "2024-03-04,Bus,-5.00\n");
        CPPUNIT_ASSERT(!f->one("Airline early").categoryId); // before effective_date
        CPPUNIT_ASSERT_EQUAL(c, *f->one("Airline").categoryId);
        CPPUNIT_ASSERT_EQUAL(c, *f->one("Rail Air").categoryId);
        CPPUNIT_ASSERT(!f->one("Bus").categoryId);
        CPPUNIT_ASSERT(!f->one("Bus").excluded); // an inactive rule never runs by itself
        auto runs = f->runs();
        CPPUNIT_ASSERT_EQUAL(size_t(1), runs->size());
        auto run = runs->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("Travel"), field(run, "rule_name"));
        CPPUNIT_ASSERT_EQUAL(2, run->getValue<int>("transactions_queued"));
        CPPUNIT_ASSERT_EQUAL(2, run->getValue<int>("transactions_modified"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RulesMatchTest);
