// The served OpenAPI document agrees with what the handlers emit: for each response schema,
// the property names in schemas/openapi.yaml equal the keys of a real response object.
#include "ApiSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <sstream>

using namespace finimport::test;

namespace {

size_t indentOf(const std::string& line) {
    return line.find_first_not_of(' ');
}

// `components.schemas.<name>.properties` keys of the document (block style, 2-space indents,
// as schemas/openapi.yaml is written).
std::set<std::string> schemaProperties(const std::string& yaml, const std::string& name) {
    std::istringstream in(yaml);
    std::string line;
    bool inSchemas = false, inSchema = false, inProps = false;
    std::set<std::string> out;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(' ') == std::string::npos) continue;
        size_t indent = indentOf(line);
        std::string text = line.substr(indent);
        if (indent == 2) inSchemas = text == "schemas:";
        if (!inSchemas) continue;
        if (indent == 4) {
            inSchema = text == name + ":";
            inProps = false;
            continue;
        }
        if (!inSchema) continue;
        if (indent == 6)
            inProps = text == "properties:";
        else if (indent == 8 && inProps)
            out.insert(text.substr(0, text.find(':')));
    }
    return out;
}

std::set<std::string> keysOf(const Poco::JSON::Object::Ptr& o) {
    std::set<std::string> out;
    for (const auto& [k, v] : *o)
        out.insert(k);
    return out;
}

std::string join(const std::set<std::string>& s) {
    std::string out;
    for (const auto& k : s)
        out += k + " ";
    return out;
}

} // namespace

class OpenApiContractTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OpenApiContractTest);
    CPPUNIT_TEST(testServedWithoutKey);
    CPPUNIT_TEST(testSchemasMatchResponses);
    CPPUNIT_TEST(testServedDocumentIsValidOpenApi3);
    CPPUNIT_TEST(testDocumentsTheLoadedPlugins);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _yaml;

    void check(const std::string& schema, const Poco::JSON::Object::Ptr& emitted,
               const std::set<std::string>& optional = {}) {
        auto documented = schemaProperties(_yaml, schema);
        CPPUNIT_ASSERT_MESSAGE(schema + " has no properties in openapi.yaml", !documented.empty());
        auto keys = keysOf(emitted);
        for (const auto& k : keys)
            CPPUNIT_ASSERT_MESSAGE(schema + " lacks emitted key " + k +
                                       " (documented: " + join(documented) + ")",
                                   documented.count(k));
        for (const auto& k : documented)
            CPPUNIT_ASSERT_MESSAGE(schema + " documents " + k + " which is not emitted",
                                   keys.count(k) || optional.count(k));
    }

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _yaml = _app->get("/api/v1/openapi.yaml", "").body;
    }
    void tearDown() override { _app.reset(); }

    void testServedWithoutKey() {
        auto r = _app->get("/api/v1/openapi.yaml", "");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/yaml"), r.header("Content-Type"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), r.body.rfind("openapi: 3.0.3", 0));
        for (const char* path :
             {"/api/v1/imports:", "/api/v1/imports/preflight:", "/api/v1/imports/{id}:",
              "/api/v1/imports/{id}/rows:", "/api/v1/imports/{id}/rows/{number}:",
              "/api/v1/imports/{id}/publish:", "/api/v1/imports/{id}/revert:",
              "/api/v1/recurring_transactions:", "/api/v1/balances:", "/api/v1/trades:",
              "/health:"})
            CPPUNIT_ASSERT_MESSAGE(path, r.body.find(std::string("  ") + path + "\n") !=
                                             std::string::npos);
    }

    // Issue 14: a real validator (the OpenAPI 3.0 JSON Schema, tests/http/openapi/) accepts the
    // served document; a description with a comma in a YAML flow mapping used to add junk keys.
    void testServedDocumentIsValidOpenApi3() {
        const std::string path = std::string(FINIMPORT_BINARY_DIR) + "/served-openapi.yaml";
        {
            std::ofstream out(path, std::ios::binary);
            out << _yaml;
        }
        const std::string validator =
            std::string(FINIMPORT_SOURCE_DIR) + "/tests/http/openapi/validate_openapi.py";
        const std::string report = path + ".report";
        const int status = std::system(
            ("/usr/bin/python3 '" + validator + "' '" + path + "' > '" + report + "' 2>&1")
                .c_str());
        std::ifstream in(report);
        const std::string problems((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
        CPPUNIT_ASSERT_EQUAL_MESSAGE(problems, 0, status);
        // The validator does fail on the old junk key (it is not a check that cannot fail).
        std::string broken = _yaml;
        const std::string quotedDescription = R"(description: "The charset used (added, D13).")";
        const auto at = broken.find(quotedDescription);
        CPPUNIT_ASSERT(at != std::string::npos);
        broken.replace(at, quotedDescription.size(), "description: The charset used (added, D13).");
        {
            std::ofstream out(path, std::ios::binary);
            out << broken;
        }
        CPPUNIT_ASSERT(
            std::system(
                ("/usr/bin/python3 '" + validator + "' '" + path + "' > /dev/null 2>&1").c_str()) !=
            0);
    }

    // docs/decisions.md D10: the served document lists the loaded plugins' types and their declared
    // options.
    void testDocumentsTheLoadedPlugins() {
        CPPUNIT_ASSERT(_yaml.find("x-plugin-options") == std::string::npos);
        CPPUNIT_ASSERT(_yaml.find("x-import-types") == std::string::npos);
        const auto typeLine = _yaml.find("        type: {type: string, enum: [");
        CPPUNIT_ASSERT(typeLine != std::string::npos);
        const std::string line = _yaml.substr(typeLine, _yaml.find('\n', typeLine) - typeLine);
        for (const char* type : {"\"TransactionImport\"", "\"QifImport\"", "\"ServiceImport\""})
            CPPUNIT_ASSERT_MESSAGE(line, line.find(type) != std::string::npos);
        CPPUNIT_ASSERT(
            _yaml.find(
                R"(        col_sep: {type: string, enum: [",", ";", "\t", "|", "auto", "\\t", "tab"], )"
                R"(default: ",", description: ")") != std::string::npos);
        CPPUNIT_ASSERT(
            _yaml.find(R"(        has_header: {oneOf: [{type: boolean}, {type: string}], )"
                       R"(default: "true")") != std::string::npos);
        auto configuration = schemaProperties(_yaml, "ImportConfiguration");
        CPPUNIT_ASSERT(configuration.count("encoding") && configuration.count("col_sep") &&
                       configuration.count("date_col_label"));
        auto params = schemaProperties(_yaml, "CreateImportParams");
        CPPUNIT_ASSERT(params.count("type") && params.count("publish") &&
                       params.count("amount_multiplier"));
    }

    void testSchemasMatchResponses() {
        std::string key = _app->createKey("Family");
        // Balances and an account through a published AccountImport.
        auto acct = _app->postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,Checking Account,1000.00,USD,2024-01-01\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(acct.body, 201, acct.status);
        _app->waitForJobs();
        auto balances = jsonObject(_app->get("/api/v1/balances", key));
        check("Balance", balances->getArray("balances")->getObject(0));
        check("Pagination", balances->getObject("pagination"));

        auto investment = seedAccount(*_app, "Family", "Brokerage", "investment");
        seedTrade(*_app, investment.id, "2024-01-02", 100000000, 100000000, 100000000, "VTI", "Buy",
                  1705314600000000);
        auto trade = jsonObject(_app->get("/api/v1/trades", key))->getArray("trades")->getObject(0);
        check("Trade", trade);
        check("AccountRef", trade->getObject("account"));

        auto recurring = _app->postJson(
            "/api/v1/recurring_transactions",
            R"({"recurring_transaction":{"name":"Gym","amount":"10","currency":"USD","expected_day_of_month":1,)"
            R"("last_occurrence_date":"2026-01-01","next_expected_date":"2026-02-01","account_id":")" +
                investment.id + R"("}})",
            key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(recurring.body, 201, recurring.status);
        check("RecurringTransaction", jsonObject(recurring));
        check("AccountRef", jsonObject(recurring)->getObject("account"));

        auto created = jsonObject(_app->postJson(
            "/api/v1/imports", R"({"raw_file_content":"date,amount\n01/02/2024,5\n"})", key));
        auto detail = created->getObject("data");
        check("ImportDetailResponse", created);
        check("ImportDetail", detail, {"error", "verification"});
        check("StatusDetail", detail->getObject("status_detail"));
        check("ImportConfiguration", detail->getObject("configuration"));
        check("ImportStats", detail->getObject("stats"));
        auto service =
            jsonObject(
                _app->postJson(
                    "/api/v1/imports",
                    R"({"type":"ServiceImport","raw_file_content":"{\"type\":\"Tag\",\"data\":{\"id\":\"t\",\"name\":\"x\"}}"})",
                    key))
                ->getObject("data");
        check("ImportDetail", service, {"error"});
        check("Verification", service->getObject("verification"));

        auto listed = jsonObject(_app->get("/api/v1/imports", key));
        check("ImportSummary", listed->getArray("data")->getObject(0), {"error"});
        check("ImportListMeta", listed->getObject("meta"));
        auto rows = jsonObject(
            _app->get("/api/v1/imports/" + detail->getValue<std::string>("id") + "/rows", key));
        check("ImportRow", rows->getArray("data")->getObject(0));
        check("ImportListMeta", rows->getObject("meta"));
        // PATCH answers the row in the same shape (docs/decisions.md D44).
        auto edited = httpSend(_app->port(), "PATCH",
                               "/api/v1/imports/" + detail->getValue<std::string>("id") + "/rows/1",
                               {{"X-Api-Key", key}}, R"({"excluded":false})", "application/json");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(edited.body, 200, edited.status);
        check("ImportRow", jsonObject(edited)->getObject("data"));

        auto csv = jsonObject(
            _app->postJson("/api/v1/imports/preflight", R"({"raw_file_content":"a\n1"})", key));
        check("PreflightReport", csv->getObject("data"));
        auto ndjson = jsonObject(_app->postJson(
            "/api/v1/imports/preflight",
            R"({"type":"ServiceImport","raw_file_content":"{\"type\":\"Tag\",\"data\":{}}"})",
            key));
        check("PreflightReport", ndjson->getObject("data"),
              {"headers", "required_headers", "missing_required_headers", "row_checks"});

        auto error = _app->postJson("/api/v1/imports", R"({"type":"Nope"})", key);
        check("Error", jsonObject(error));
        auto refused =
            _app->postJson("/api/v1/imports",
                           R"({"publish":"true","raw_file_content":"date,amount\nbad,1\n"})", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(refused.body, 422, refused.status);
        check("ErrorWithImportId", jsonObject(refused));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OpenApiContractTest);
