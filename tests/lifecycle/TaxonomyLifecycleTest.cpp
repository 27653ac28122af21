// CategoryImport, MerchantImport and RuleImport published over the API (docs/imports.md §6.7-§6.9):
// the fixtures of fixtures/sure/csv and the failures the spec names, asserted in the store.
#include "LifecycleSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;
using finimport::store::SqlRow;

namespace {

std::string fixture(const std::string& name) {
    return readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/" + name);
}

// name|parent name|colour|icon of every category, by name.
std::string categories(AppHarness& app) {
    std::string out;
    for (const auto& r :
         storeQuery(app, "SELECT c.name, COALESCE(p.name, ''), c.color, c.lucide_icon "
                         "FROM categories c LEFT JOIN categories p ON p.id = c.parent_id "
                         "ORDER BY c.name"))
        out += r.str(0) + "|" + r.str(1) + "|" + r.str(2) + "|" + r.str(3) + "\n";
    return out;
}

std::string categoryId(AppHarness& app, const std::string& name) {
    return storeQuery(app, "SELECT id FROM categories WHERE name = ?", {name}).at(0).str(0);
}

} // namespace

class TaxonomyLifecycleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TaxonomyLifecycleTest);
    CPPUNIT_TEST(categoriesFixture);
    CPPUNIT_TEST(categoriesParentLater);
    CPPUNIT_TEST(categoryUpsertKeepsExistingStyle);
    CPPUNIT_TEST(categoryOwnParentFails);
    CPPUNIT_TEST(categoryBadColourFails);
    CPPUNIT_TEST(merchantsKeepExisting);
    CPPUNIT_TEST(rulesFixture);
    CPPUNIT_TEST(rulesUnescapedQuotes);
    CPPUNIT_TEST(ruleUpsertAndDoubleEncodedJson);
    CPPUNIT_TEST(ruleFailures);
    CPPUNIT_TEST(ruleCompoundCondition);
    CPPUNIT_TEST_SUITE_END();

public:
    void categoriesFixture() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id =
            createImport(app, key, importBody("CategoryImport", fixture("csv/categories.csv")));
        auto detail = importDetail(app, key, id);
        CPPUNIT_ASSERT(detail->getObject("status_detail")->getValue<bool>("publishable"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        // The child takes its parent's colour (the reference's model rule), keeps its icon.
        CPPUNIT_ASSERT_EQUAL(std::string("Food & Drink||#f97316|carrot\n"
                                         "Groceries|Food & Drink|#f97316|shopping-basket\n"
                                         "Salary||#22c55e|briefcase\n"),
                             categories(app));
        // Revert removes what the import created (nothing else uses it).
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM categories"));
    }

    void categoriesParentLater() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(
            app, key, importBody("CategoryImport", fixture("csv/categories_parent_later.csv")));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(std::string("Household||#f97316|house\n"
                                         "Utilities|Household|#f97316|plug\n"),
                             categories(app));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), storeCount(app, "SELECT COUNT(*) FROM categories"));
    }

    void categoryUpsertKeepsExistingStyle() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto first =
            createImport(app, key,
                         importBody("CategoryImport", "name,color,parent_category,icon\n"
                                                      "Travel,#112233,,plane\nHotels,,Travel,\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, first));
        CPPUNIT_ASSERT_EQUAL(std::string("Hotels|Travel|#112233|shapes\nTravel||#112233|plane\n"),
                             categories(app));
        // Re-listing Hotels without a parent clears it; a blank colour keeps the existing one.
        auto second = createImport(app, key, importBody("CategoryImport", "name,color\nHotels,\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, second));
        CPPUNIT_ASSERT_EQUAL(std::string("Hotels||#112233|shapes\nTravel||#112233|plane\n"),
                             categories(app));
    }

    void categoryOwnParentFails() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(
            app, key, importBody("CategoryImport", "name,parent_category\nFood,\nLoop,Loop\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(std::string("Category 'Loop' cannot be its own parent"),
                             importDetail(app, key, id)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM categories"));
    }

    void categoryBadColourFails() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(app, key, importBody("CategoryImport", "name,color\nFood,red\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Row 1: Category 'Food': color \"red\" is not a hex colour like #RRGGBB"),
            importDetail(app, key, id)->getValue<std::string>("error"));
        auto icon =
            createImport(app, key, importBody("CategoryImport", "name,icon\nFood,Bad Icon!\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), publishImport(app, key, icon));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Row 1: Category 'Food': icon \"Bad Icon!\" is not a valid icon name"),
            importDetail(app, key, icon)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM categories"));
    }

    void merchantsKeepExisting() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto first = createImport(app, key,
                                  importBody("MerchantImport", "name,color,website_url\n"
                                                               "Acme,#aabbcc,acme.example\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, first));
        auto second = createImport(app, key,
                                   importBody("MerchantImport", "Name,Color,Website\n"
                                                                "Acme,#000000,other.example\n"
                                                                "Bolt,not-a-colour,\n"));
        auto detail = importDetail(app, key, second);
        CPPUNIT_ASSERT_EQUAL(2, detail->getObject("stats")->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, second));
        auto rows = storeQuery(
            app, "SELECT name, color, COALESCE(website_url, '-') FROM merchants ORDER BY name");
        CPPUNIT_ASSERT_EQUAL(size_t(2), rows.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Acme|#aabbcc|acme.example"),
                             rows[0].str(0) + "|" + rows[0].str(1) + "|" + rows[0].str(2));
        CPPUNIT_ASSERT_EQUAL(std::string("Bolt"), rows[1].str(0));
        CPPUNIT_ASSERT_EQUAL(std::string("-"), rows[1].str(2));
        // An invalid colour becomes a palette colour.
        const std::string palette =
            "#e99537 #4da568 #6471eb #db5a54 #df4e92 #c44fe9 #eb5429 #61c9ea #805dee #6ad28a";
        CPPUNIT_ASSERT(palette.find(rows[1].str(1)) != std::string::npos);
    }

    void rulesFixture() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(app, key, importBody("RuleImport", fixture("csv/rules.csv")));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        auto rules = storeQuery(
            app,
            "SELECT name, resource_type, active, effective_date, conditions, actions FROM rules");
        CPPUNIT_ASSERT_EQUAL(size_t(1), rules.size());
        const SqlRow& r = rules[0];
        CPPUNIT_ASSERT_EQUAL(std::string("Categorize groceries"), r.str(0));
        CPPUNIT_ASSERT_EQUAL(std::string("transaction"), r.str(1));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), r.i64(2));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-01"), r.str(3));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"([{"condition_type":"transaction_name","operator":"like","value":"grocery"}])"),
            r.str(4));
        // The category operand is a name, mapped to a category created with the defaults.
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries||#737373|shapes\n"), categories(app));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"([{"action_type":"set_transaction_category","value":")") +
                categoryId(app, "Groceries") + "\"}]",
            r.str(5));
    }

    void rulesUnescapedQuotes() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(app, key,
                               importBody("RuleImport", fixture("csv/rules_unescaped_quotes.csv"),
                                          R"("rows_to_skip":"1")"));
        CPPUNIT_ASSERT_EQUAL(
            2, importDetail(app, key, id)->getObject("stats")->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        auto rules = storeQuery(
            app, "SELECT name, active, COALESCE(effective_date, 'null'), conditions, actions "
                 "FROM rules ORDER BY name");
        CPPUNIT_ASSERT_EQUAL(size_t(2), rules.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Auto-categorize transactions"), rules[0].str(0));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), rules[0].i64(1));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), rules[0].str(2));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"([{"condition_type":"transaction_amount","operator":">","value":"100"}])"),
            rules[0].str(3));
        CPPUNIT_ASSERT_EQUAL(std::string(R"([{"action_type":"auto_categorize","value":null}])"),
                             rules[0].str(4));
        CPPUNIT_ASSERT_EQUAL(std::string("Categorize groceries"), rules[1].str(0));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), rules[1].i64(1));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-01"), rules[1].str(2));
    }

    void ruleUpsertAndDoubleEncodedJson() {
        AppHarness app;
        auto key = app.createKey("Fam");
        // Conditions double-encoded (a JSON string holding JSON); merchant operand by name;
        // an escaped unicode character inside a value.
        const std::string csv =
            "name,resource_type,active,effective_date,conditions,actions\n"
            "Coffee,transaction,yes,2024-02-30,"
            R"("""[{\""condition_type\"":\""transaction_merchant\"",\""operator\"":\""=\"",\""value\"":\""Caf\\u00e9 Bar\""}]""",)"
            R"("[{""action_type"":""set_transaction_tags"",""value"":""Morning""}]")"
            "\n";
        auto id = createImport(app, key, importBody("RuleImport", csv));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        auto merchant = storeQuery(app, "SELECT id, name FROM merchants");
        CPPUNIT_ASSERT_EQUAL(size_t(1), merchant.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Caf\xC3\xA9 Bar"), merchant[0].str(1));
        auto tag = storeQuery(app, "SELECT id FROM tags WHERE name = 'Morning'");
        CPPUNIT_ASSERT_EQUAL(size_t(1), tag.size());
        auto rule = storeQuery(
            app,
            "SELECT id, active, COALESCE(effective_date, 'null'), conditions, actions FROM rules");
        CPPUNIT_ASSERT_EQUAL(size_t(1), rule.size());
        CPPUNIT_ASSERT_EQUAL(int64_t(1), rule[0].i64(1));
        CPPUNIT_ASSERT_EQUAL(std::string("null"), rule[0].str(2)); // 2024-02-30 is no date
        CPPUNIT_ASSERT_EQUAL(
            R"([{"condition_type":"transaction_merchant","operator":"=","value":")" +
                merchant[0].str(0) + "\"}]",
            rule[0].str(3));
        CPPUNIT_ASSERT_EQUAL(R"([{"action_type":"set_transaction_tags","value":")" + tag[0].str(0) +
                                 "\"}]",
                             rule[0].str(4));
        // Same (name, resource_type): the rule is replaced, not duplicated.
        auto again = createImport(
            app, key,
            importBody(
                "RuleImport",
                "name,resource_type,active,effective_date,conditions,actions\n"
                "Coffee,transaction,no,,"
                R"("[{""condition_type"":""transaction_name"",""operator"":""like"",""value"":""latte""}]",)"
                R"("[{""action_type"":""exclude_transaction""}]")"
                "\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, again));
        auto replaced = storeQuery(app, "SELECT id, active, conditions, actions FROM rules");
        CPPUNIT_ASSERT_EQUAL(size_t(1), replaced.size());
        CPPUNIT_ASSERT_EQUAL(rule[0].str(0), replaced[0].str(0));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), replaced[0].i64(1));
        CPPUNIT_ASSERT_EQUAL(std::string(R"([{"action_type":"exclude_transaction","value":null}])"),
                             replaced[0].str(3));
    }

    void ruleFailures() {
        AppHarness app;
        auto key = app.createKey("Fam");
        const std::string header = "name,resource_type,active,effective_date,conditions,actions\n";
        struct Case {
            std::string row, error;
        } cases[] = {
            {R"(A,account,true,,"[]","[{""action_type"":""auto_categorize""}]")",
             "Unsupported resource type: account"},
            {R"(B,transaction,true,,"[{""condition_type"":""transaction_name"",""operator"":""like"",""value"":""x""}]","[]")",
             "Rule must have at least one action"},
            {R"(C,transaction,true,,"[{""condition_type"":""transaction_colour"",""operator"":""="",""value"":""x""}]","[{""action_type"":""auto_categorize""}]")",
             "Unsupported condition type: transaction_colour"},
            {R"(D,transaction,true,,"[{""condition_type"":""transaction_amount"",""operator"":""like"",""value"":""1""}]","[{""action_type"":""auto_categorize""}]")",
             "Operator \"like\" is not valid for transaction_amount"},
            {R"(E,transaction,true,,"[]","[{""action_type"":""launch_rocket""}]")",
             "Unsupported action type: launch_rocket"},
            {R"(F,transaction,true,,"[]","[{""action_type"":""auto_categorize""},{""action_type"":""auto_categorize""}]")",
             "Action auto_categorize appears more than once"},
            {R"(G,transaction,true,,"[{""condition_type"":""transaction_name"",""operator"":""like""}]","[{""action_type"":""auto_categorize""}]")",
             "Condition transaction_name must have a value"},
        };
        for (const auto& c : cases) {
            auto id = createImport(app, key, importBody("RuleImport", header + c.row + "\n"));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(c.row, std::string("failed"), publishImport(app, key, id));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                c.row, c.error, importDetail(app, key, id)->getValue<std::string>("error"));
        }
        auto broken = createImport(
            app, key, importBody("RuleImport", header + "H,transaction,true,,{oops,[nope\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), publishImport(app, key, broken));
        CPPUNIT_ASSERT_EQUAL(
            0u, static_cast<unsigned>(importDetail(app, key, broken)
                                          ->getValue<std::string>("error")
                                          .find("Invalid JSON in conditions or actions: ")));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM rules"));
    }

    void ruleCompoundCondition() {
        AppHarness app;
        auto key = app.createKey("Fam");
        const std::string csv =
            "name,resource_type,active,effective_date,conditions,actions\n"
            R"(Mixed,transaction,1,2024-05-01,"[{""condition_type"":""compound"",""operator"":""or"",""value"":null,)"
            R"(""sub_conditions"":[{""condition_type"":""transaction_category"",""operator"":""="",""value"":""Fuel""},)"
            R"({""condition_type"":""transaction_amount"",""operator"":"">="",""value"":50}]}]",)"
            R"("[{""action_type"":""set_transaction_merchant"",""value"":""Shell""}]")"
            "\n";
        auto id = createImport(app, key, importBody("RuleImport", csv));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        auto rule = storeQuery(app, "SELECT conditions, actions FROM rules").at(0);
        const std::string fuel = categoryId(app, "Fuel");
        const std::string shell =
            storeQuery(app, "SELECT id FROM merchants WHERE name = 'Shell'").at(0).str(0);
        CPPUNIT_ASSERT_EQUAL(
            R"([{"condition_type":"compound","operator":"or","value":null,"sub_conditions":[)"
            R"({"condition_type":"transaction_category","operator":"=","value":")" +
                fuel +
                R"("},{"condition_type":"transaction_amount","operator":">=","value":50}]}])",
            rule.str(0));
        CPPUNIT_ASSERT_EQUAL(R"([{"action_type":"set_transaction_merchant","value":")" + shell +
                                 "\"}]",
                             rule.str(1));
        // Revert deletes the rule and the taxonomy it created.
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM rules"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM categories"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM merchants"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TaxonomyLifecycleTest);
