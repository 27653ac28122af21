// One family's file or request never writes or reads another family's data:
// securities are per family, rule operand ids resolve within the family, and the
// exporter never names another family's tag.
#include "NdjsonSupport.h"

#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

using namespace finimport::test;

namespace {

std::string holdingFile(const std::string& name, const std::string& website) {
    return R"({"type":"Account","data":{"id":"acct","name":"Broker","balance":"0",)"
           R"("currency":"USD","accountable_type":"Investment"}})"
           "\n"
           R"({"type":"Holding","data":{"id":"h1","account_id":"acct","security_id":"sec",)"
           R"("ticker":"ZZZ","security_name":")" +
           name + "\"" + (website.empty() ? "" : R"(,"website_url":")" + website + "\"") +
           R"(,"date":"2024-01-15","qty":"1","price":"10","amount":"10","currency":"USD"}})"
           "\n";
}

// The `data` object of the export's first line of `type`.
Poco::JSON::Object::Ptr exportedLine(AppHarness& app, const std::string& key,
                                     const std::string& type) {
    auto r = app.get("/api/v1/exports/ndjson", key);
    CPPUNIT_ASSERT_EQUAL(200, r.status);
    std::istringstream lines(r.body);
    for (std::string line; std::getline(lines, line);) {
        auto o = Poco::JSON::Parser().parse(line).extract<Poco::JSON::Object::Ptr>();
        if (o->getValue<std::string>("type") == type) return o->getObject("data");
    }
    CPPUNIT_FAIL("no " + type + " line in the export");
    return nullptr;
}

std::string createImport(AppHarness& app, const std::string& key, const std::string& type,
                         const std::string& content, const std::string& extra = "") {
    return finimport::test::createImport(app, key,
                                         "{\"type\":" + jsonQuote(type) + ",\"raw_file_content\":" +
                                             jsonQuote(content) + extra + "}");
}

void publish(AppHarness& app, const std::string& key, const std::string& id) {
    CPPUNIT_ASSERT_EQUAL(200, app.postJson("/api/v1/imports/" + id + "/publish", "", key).status);
    app.waitForJobs();
    CPPUNIT_ASSERT_EQUAL(std::string("complete"),
                         importData(app, key, id)->getValue<std::string>("status"));
}

std::string ruleCsv(const std::string& conditionType, const std::string& value,
                    const std::string& actions) {
    return "name,resource_type,active,effective_date,conditions,actions\n"
           "Tagged,transaction,true,2024-01-01,\"[{\"\"condition_type\"\":\"\"" +
           conditionType + "\"\",\"\"operator\"\":\"\"=\"\",\"\"value\"\":\"\"" + value +
           "\"\"}]\",\"" + actions + "\"\n";
}

const std::string kNoActions = "[{\"\"action_type\"\":\"\"auto_categorize\"\"}]";

} // namespace

class TenantWallTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TenantWallTest);
    CPPUNIT_TEST(securityMetadataStaysInItsFamily);
    CPPUNIT_TEST(ruleTagIdFromAnotherFamilyIsNotStored);
    CPPUNIT_TEST(exportNeverNamesAForeignTag);
    CPPUNIT_TEST_SUITE_END();

public:
    void securityMetadataStaysInItsFamily() {
        AppHarness app;
        auto a = app.createKey("A"), b = app.createKey("B"), c = app.createKey("C");
        CPPUNIT_ASSERT_EQUAL(
            std::string("complete"),
            publishService(app, a, holdingFile("Forged Name", "https://forged.example"))
                .import->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"),
                             publishService(app, b, holdingFile("Real Name", ""))
                                 .import->getValue<std::string>("status"));
        auto holding = exportedLine(app, b, "Holding");
        CPPUNIT_ASSERT_EQUAL(std::string("Real Name"),
                             holding->getValue<std::string>("security_name"));
        CPPUNIT_ASSERT(!holding->has("website_url") || holding->isNull("website_url"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Forged Name"),
            exportedLine(app, a, "Holding")->getValue<std::string>("security_name"));

        // A CSV trade of family C gets its own security: no name from A's file.
        auto trades = createImport(
            app, c, "TradeImport",
            "date,ticker,qty,price,amount,account,name\n2024-02-01,ZZZ,2,10,20,Broker,Buy\n",
            R"(,"date_format":"%Y-%m-%d")");
        publish(app, c, trades);
        auto list = jsonObject(app.get("/api/v1/trades", c))->getArray("trades");
        CPPUNIT_ASSERT_EQUAL(size_t(1), list->size());
        auto security = list->getObject(0)->getObject("security");
        CPPUNIT_ASSERT_EQUAL(std::string("ZZZ"), security->getValue<std::string>("ticker"));
        CPPUNIT_ASSERT(!security->has("name") || security->isNull("name"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), sqlCount(app, "SELECT COUNT(*) FROM securities"));
    }

    // A CSV RuleImport's transaction_tag operand is resolved within the family: another
    // family's tag id is only a name here.
    void ruleTagIdFromAnotherFamilyIsNotStored() {
        AppHarness app;
        auto a = app.createKey("A"), b = app.createKey("B");
        publish(app, a,
                createImport(app, a, "RuleImport",
                             ruleCsv("transaction_name", "x",
                                     "[{\"\"action_type\"\":\"\"set_transaction_tags\"\",\"\""
                                     "value\"\":\"\"SecretTag\"\"}]")));
        auto foreign = sqlRows(app, "SELECT id FROM tags WHERE name = 'SecretTag'").at(0).at(0);
        publish(
            app, b,
            createImport(app, b, "RuleImport", ruleCsv("transaction_tag", foreign, kNoActions)));
        auto rows =
            sqlRows(app, "SELECT r.conditions, t.id, t.name FROM rules r JOIN families f ON "
                         "f.id = r.family_id JOIN tags t ON t.family_id = f.id WHERE f.name = 'B'");
        CPPUNIT_ASSERT_EQUAL(size_t(1), rows.size());
        CPPUNIT_ASSERT_EQUAL(foreign, rows[0][2]); // B's own tag, named by the text
        CPPUNIT_ASSERT_EQUAL(R"([{"condition_type":"transaction_tag","operator":"=","value":")" +
                                 rows[0][1] + "\"}]",
                             rows[0][0]);
        auto rule = exportedLine(app, b, "Rule");
        std::ostringstream text;
        rule->stringify(text);
        CPPUNIT_ASSERT(text.str().find("SecretTag") == std::string::npos);
    }

    // Rules stored before the fix may hold a foreign id: the export leaves it bare.
    void exportNeverNamesAForeignTag() {
        AppHarness app;
        auto a = app.createKey("A"), b = app.createKey("B");
        publish(app, a,
                createImport(app, a, "RuleImport",
                             ruleCsv("transaction_name", "x",
                                     "[{\"\"action_type\"\":\"\"set_transaction_tags\"\",\"\""
                                     "value\"\":\"\"SecretTag\"\"}]")));
        auto foreign = sqlRows(app, "SELECT id FROM tags WHERE name = 'SecretTag'").at(0).at(0);
        auto familyB = sqlRows(app, "SELECT id FROM families WHERE name = 'B'").at(0).at(0);
        app.server().database().write([&](finimport::store::Tx& s) {
            finimport::store::sqlExec(
                s,
                "INSERT INTO rules (id, family_id, name, resource_type, active, conditions, "
                "actions, created_at, updated_at) VALUES ('0190a000-0000-7000-8000-000000000001', "
                "?, 'Legacy', 'transaction', 1, ?, '[]', 0, 0)",
                {familyB, R"([{"condition_type":"transaction_tag","operator":"=","value":")" +
                              foreign + "\"}]"});
        });
        auto rule = exportedLine(app, b, "Rule");
        auto condition = rule->getArray("conditions")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(foreign, condition->getValue<std::string>("value"));
        CPPUNIT_ASSERT(!condition->has("value_ref"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TenantWallTest);
