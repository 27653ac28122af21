// The served OpenAPI document agrees with what the handlers emit: for each response schema,
// the property names in schemas/openapi.yaml equal the keys of a real response object.
#include "LedgerSupport.h"

#include "app/requests/ImportService.h"
#include "http/handlers/Routes.h"
#include "server/Config.h"

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

// `components.schemas.<name>.required` (a flow list at the schema's first level).
std::set<std::string> schemaRequired(const std::string& yaml, const std::string& name) {
    std::istringstream in(yaml);
    std::string line;
    bool inSchemas = false, inSchema = false;
    std::set<std::string> out;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(' ') == std::string::npos) continue;
        size_t indent = indentOf(line);
        std::string text = line.substr(indent);
        if (indent == 2) inSchemas = text == "schemas:";
        if (!inSchemas) continue;
        if (indent == 4) inSchema = text == name + ":";
        if (!inSchema || indent != 6 || text.rfind("required: [", 0) != 0) continue;
        std::string list = text.substr(11, text.find(']') - 11);
        for (size_t start = 0; start < list.size();) {
            size_t comma = list.find(',', start);
            std::string item =
                list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            item.erase(0, item.find_first_not_of(' '));
            if (!item.empty()) out.insert(item);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
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
    CPPUNIT_TEST(testEveryRouteIsDocumented);
    CPPUNIT_TEST(testReadApiSchemasMatchResponses);
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
        // docs/decisions.md D89: what is always there is `required` (and only that), so a
        // generated client does not make every field optional.
        auto required = schemaRequired(_yaml, schema);
        for (const auto& k : required)
            CPPUNIT_ASSERT_MESSAGE(schema + " requires " + k + " which is not always emitted",
                                   keys.count(k) && !optional.count(k));
        if (!partlyRequired.count(schema))
            for (const auto& k : documented)
                CPPUNIT_ASSERT_MESSAGE(schema + " does not require " + k,
                                       required.count(k) || optional.count(k));
    }
    // Schemas whose other members depend on the import's type (plugin options, CSV-only parts).
    const std::set<std::string> partlyRequired = {"ImportConfiguration", "PreflightReport", "Error",
                                                  "ErrorWithImportId"};

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
        // The document as served, for the generated-client check (tests/openapi-client).
        std::ofstream(std::string(FINIMPORT_BINARY_DIR) + "/openapi-served-clean.yaml",
                      std::ios::binary)
            << r.body;
        for (const char* path : {"/api/v1/imports:",
                                 "/api/v1/imports/preflight:",
                                 "/api/v1/imports/{id}:",
                                 "/api/v1/imports/{id}/rows:",
                                 "/api/v1/imports/{id}/rows/{number}:",
                                 "/api/v1/imports/{id}/publish:",
                                 "/api/v1/imports/{id}/revert:",
                                 "/api/v1/recurring_transactions:",
                                 "/api/v1/balances:",
                                 "/api/v1/trades:",
                                 "/health:",
                                 "/api/v1/exports/ndjson:",
                                 "/api/v1/accounts:",
                                 "/api/v1/accounts/{id}:",
                                 "/api/v1/transactions:",
                                 "/api/v1/transactions/{id}:",
                                 "/api/v1/categories:",
                                 "/api/v1/categories/{id}:",
                                 "/api/v1/merchants:",
                                 "/api/v1/merchants/{id}:",
                                 "/api/v1/tags:",
                                 "/api/v1/tags/{id}:"})
            CPPUNIT_ASSERT_MESSAGE(path, r.body.find(std::string("  ") + path + "\n") !=
                                             std::string::npos);
    }

    // A real validator (the OpenAPI 3.0 JSON Schema, tests/http/openapi/) accepts the
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
            _yaml.find(R"(        has_header: {anyOf: [{type: boolean}, {type: string}], )"
                       R"(default: "true")") != std::string::npos);
        auto configuration = schemaProperties(_yaml, "ImportConfiguration");
        CPPUNIT_ASSERT(configuration.count("encoding") && configuration.count("col_sep") &&
                       configuration.count("date_col_label"));
        auto params = schemaProperties(_yaml, "CreateImportParams");
        CPPUNIT_ASSERT(params.count("type") && params.count("publish") &&
                       params.count("amount_multiplier"));
    }

    // docs/decisions.md D89: every route the server answers is documented with an operationId
    // (tests/http/openapi/check_operations.py), and the check fails on a missing one.
    void testEveryRouteIsDocumented() {
        auto& server = _app->server();
        finimport::server::Config config;
        finimport::app::ImportService imports(server.database(), server.plugins(), server.types(),
                                              config, server.jobs());
        auto router =
            finimport::http::buildRoutes({server.database(), imports, server.plugins(), config});
        const std::string base = std::string(FINIMPORT_BINARY_DIR) + "/served-openapi-ops";
        auto run = [&](const std::string& yaml, const std::string& extraRoute) {
            std::ofstream(base + ".yaml", std::ios::binary) << yaml;
            std::ofstream routes(base + ".routes");
            for (const auto& [method, pattern] : router.routes())
                routes << method << " " << pattern << "\n";
            routes << extraRoute;
            routes.close();
            const std::string checker =
                std::string(FINIMPORT_SOURCE_DIR) + "/tests/http/openapi/check_operations.py";
            int status = std::system(("/usr/bin/python3 '" + checker + "' '" + base + ".yaml' '" +
                                      base + ".routes' > '" + base + ".report' 2>&1")
                                         .c_str());
            std::ifstream in(base + ".report");
            return std::make_pair(status, std::string((std::istreambuf_iterator<char>(in)),
                                                      std::istreambuf_iterator<char>()));
        };
        CPPUNIT_ASSERT(router.routes().size() >= 25);
        auto [status, report] = run(_yaml, "");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(report, 0, status);
        auto missing = run(_yaml, "GET /api/v1/undocumented\n");
        CPPUNIT_ASSERT(missing.first != 0);
        CPPUNIT_ASSERT_EQUAL(std::string("GET /api/v1/undocumented: served but not documented\n"),
                             missing.second);
        std::string noId = _yaml;
        const std::string op = "      operationId: listTags\n";
        noId.erase(noId.find(op), op.size());
        CPPUNIT_ASSERT(run(noId, "").first != 0);
    }

    void testReadApiSchemasMatchResponses() {
        std::string key = _app->createKey("Family");
        auto account = seedAccount(*_app, "Family", "Checking");
        auto savings = seedAccount(*_app, "Family", "Savings");
        auto food = seedCategory(*_app, "Family", "Food");
        auto dining = seedCategory(*_app, "Family", "Dining", food.id);
        auto shop = seedMerchant(*_app, "Family", "Shop");
        auto tag = seedTag(*_app, "Family", "t");
        TxSeed seed;
        seed.accountId = account.id;
        seed.date = "2024-01-02";
        seed.name = "Out";
        seed.amount = kUnit;
        seed.categoryId = dining.id;
        seed.merchantId = shop.id;
        seed.tagIds = {tag.id};
        std::string out = seedTransaction(*_app, seed);
        seed.accountId = savings.id;
        seed.amount = -kUnit;
        std::string in = seedTransaction(*_app, seed);
        _app->server().database().write([&](finimport::store::Tx& s) {
            finimport::store::sqlExec(
                s,
                "INSERT INTO transfers (id, inflow_transaction_id, outflow_transaction_id, "
                "status, created_at, updated_at) VALUES ('0190a0a0-0000-7000-8000-0000000000ff', "
                "?, ?, 'confirmed', 0, 0)",
                {in, out});
        });
        auto accounts = jsonObject(_app->get("/api/v1/accounts", key));
        check("Account", accounts->getArray("accounts")->getObject(0));
        check("Pagination", accounts->getObject("pagination"));
        auto t = jsonObject(_app->get("/api/v1/transactions/" + out, key));
        check("Transaction", t);
        check("AccountRef", t->getObject("account"));
        check("AccountRef", t->getObject("transfer")->getObject("other_account"));
        auto categories = jsonObject(_app->get("/api/v1/categories", key));
        check("Category", categories->getArray("categories")->getObject(0));
        Poco::JSON::Parser parser;
        auto merchants = parser.parse(_app->get("/api/v1/merchants", key).body)
                             .extract<Poco::JSON::Array::Ptr>();
        check("Merchant", merchants->getObject(0));
        auto tags =
            parser.parse(_app->get("/api/v1/tags", key).body).extract<Poco::JSON::Array::Ptr>();
        check("Tag", tags->getObject(0));
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
        check("ImportDetail", detail, {"error", "verification", "progress"});
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
        check("ImportDetail", service, {"error", "verification", "progress"});
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
              {"headers", "required_headers", "missing_required_headers", "row_checks", "sniffed",
               "suggestions"});

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
