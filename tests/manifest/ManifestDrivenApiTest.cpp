// A third-party type (DemoImport, fixtures/demo) that the host has no code for gets
// what a built-in gets, from its manifest alone: binary bytes passed as uploaded, its size
// limit and content prefix, its options validated, passed and echoed, its rule, its fatal
// error as 422 invalid_<format>, preflight through the plugin, and the served OpenAPI entry.
#include "ApiSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;

namespace {

const char* const kInvalid = "Import could not be created";

} // namespace

class ManifestDrivenApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ManifestDrivenApiTest);
    CPPUNIT_TEST(binaryBytesArriveAsUploaded);
    CPPUNIT_TEST(fileChecksComeFromTheManifest);
    CPPUNIT_TEST(optionsAreValidatedPassedAndEchoed);
    CPPUNIT_TEST(fatalErrorIsInvalidFormat);
    CPPUNIT_TEST(preflightRunsThePlugin);
    CPPUNIT_TEST(openApiDocumentsTheType);
    CPPUNIT_TEST(eachServerKnowsOnlyItsOwnTypes);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key;

    HttpResult upload(const std::string& bytes,
                      std::vector<std::pair<std::string, std::string>> fields = {},
                      const std::string& path = "/api/v1/imports",
                      const std::string& filename = "statement.demo",
                      const std::string& media = "application/octet-stream") {
        MultipartBuilder form;
        form.field("type", "DemoImport");
        for (const auto& [name, value] : fields)
            form.field(name, value);
        form.file("file", filename, media, bytes);
        return _app->postMultipart(path, form, _key);
    }

public:
    void setUp() override {
        HarnessOptions options;
        options.pluginDirs = {MANIFEST_FIXTURE_DIR, FINIMPORT_PLUGIN_BUILD_DIR};
        _app = std::make_unique<AppHarness>(options);
        _key = _app->createKey("Family");
    }
    void tearDown() override { _app.reset(); }

    void binaryBytesArriveAsUploaded() {
        // 8 bytes, not UTF-8: a transcoded text would have more (0xFF, 0xFE, 0x80 widen).
        const std::string bytes("DEMO\xFF\xFE\x00\x80", 8);
        auto r = upload(bytes, {{"scale", "3"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("DemoImport"), d->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(1, d->getObject("stats")->getValue<int>("rows_count"));
        auto rows = jsonObject(
            _app->get("/api/v1/imports/" + d->getValue<std::string>("id") + "/rows", _key));
        auto fields = rows->getArray("data")->getObject(0)->getObject("fields");
        CPPUNIT_ASSERT_EQUAL(std::string("24"), fields->getValue<std::string>("amount"));
        // Mappings from the manifest: the account column is an account mapping.
        CPPUNIT_ASSERT_EQUAL(1, d->getObject("stats")->getValue<int>("mappings_count"));
    }

    void fileChecksComeFromTheManifest() {
        ASSERT_API_ERROR(upload("PDF-1.4 nope"), 422, "invalid_file_type",
                         "Invalid file type. Please upload a DEMO file.", kNoErrors);
        ASSERT_API_ERROR(upload("DEMO", {}, "/api/v1/imports", "x.csv", "text/csv"), 422,
                         "invalid_file_type", "Invalid file type. Please upload a DEMO file.",
                         kNoErrors);
        ASSERT_API_ERROR(upload("DEMO" + std::string(61, 'x')), 422, "file_too_large",
                         "File is too large. Maximum size is 64 bytes.", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(201, upload("DEMO" + std::string(60, 'x')).status);
    }

    void optionsAreValidatedPassedAndEchoed() {
        ASSERT_API_ERROR(
            upload("DEMO", {{"mode", "loud"}, {"scale", "0"}, {"memo", "123456789"}}), 422,
            "validation_failed", kInvalid,
            Errors({"Mode is not included in the list", "Scale must be greater than or equal to 1",
                    "Memo is too long (maximum is 8 characters)"}));
        ASSERT_API_ERROR(upload("DEMO", {{"mode", "fail"}}), 422, "validation_failed", kInvalid,
                         Errors({"Failing needs a memo"}));
        auto r = upload("DEMO", {{"scale", "+2"}, {"undeclared", "ignored"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto c = jsonObject(r)->getObject("data")->getObject("configuration");
        CPPUNIT_ASSERT_EQUAL(std::string("ok"), c->getValue<std::string>("mode")); // default
        CPPUNIT_ASSERT_EQUAL(std::string("2"), c->getValue<std::string>("scale")); // canonical
        CPPUNIT_ASSERT(c->isNull("memo"));
        CPPUNIT_ASSERT(c->isNull("encoding")); // binary: never decoded
        CPPUNIT_ASSERT(!c->has("undeclared"));
        CPPUNIT_ASSERT(!c->has("col_sep")); // no CSV option on a type that does not declare it
        // docs/decisions.md D57: the host's own options are echoed for every type.
        CPPUNIT_ASSERT_EQUAL(std::string("false"), c->getValue<std::string>("skip_invalid_rows"));
        CPPUNIT_ASSERT(c->isNull("template_from_import_id"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(6), c->size());
    }

    void fatalErrorIsInvalidFormat() {
        ASSERT_API_ERROR(upload("DEMO", {{"mode", "fail"}, {"memo", "m"}}), 422, "invalid_demo",
                         "The DEMO could not be parsed: told to fail (line 1)", kNoErrors);
        // Any fatal error without its own code is the format's (not a 201 with 0 rows).
        ASSERT_API_ERROR(upload("DEMO", {{"mode", "empty"}}), 422, "invalid_demo",
                         "No demo records were found", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(
            std::size_t(0),
            jsonObject(_app->get("/api/v1/imports", _key))->getArray("data")->size());
    }

    void preflightRunsThePlugin() {
        ASSERT_API_ERROR(
            upload("DEMO", {{"mode", "fail"}, {"memo", "m"}}, "/api/v1/imports/preflight"), 422,
            "invalid_demo", "The DEMO could not be parsed: told to fail (line 1)", kNoErrors);
        auto r = upload("DEMOabc", {}, "/api/v1/imports/preflight");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("DemoImport"), d->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(1, d->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(true, d->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(
            std::size_t(0),
            jsonObject(_app->get("/api/v1/imports", _key))->getArray("data")->size());
    }

    void openApiDocumentsTheType() {
        const std::string yaml = _app->get("/api/v1/openapi.yaml", "").body;
        const auto typeLine = yaml.find("        type: {type: string, enum: [");
        CPPUNIT_ASSERT(typeLine != std::string::npos);
        CPPUNIT_ASSERT(yaml.find("\"DemoImport\"", typeLine) < yaml.find('\n', typeLine));
        CPPUNIT_ASSERT(yaml.find(R"(        mode: {type: string, enum: ["ok", "fail", "empty"], )"
                                 R"(default: "ok", description: "ok: one row counting the bytes, )"
                                 R"(fail: a fatal error, empty: nothing recognisable. )"
                                 R"(Types: DemoImport."})") != std::string::npos);
    }

    // docs/decisions.md D225: a server's import types are those of its own plugins. A second
    // server started after this one, without the demo plugin, refuses DemoImport as unknown
    // while this one still serves it.
    void eachServerKnowsOnlyItsOwnTypes() {
        AppHarness other;
        const std::string otherKey = other.createKey("Family");
        const std::string otherTypes = other.server().types().knownTypesText();
        CPPUNIT_ASSERT(otherTypes.find("TransactionImport") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string::npos, otherTypes.find("DemoImport"));
        CPPUNIT_ASSERT(!other.server().types().traitsOf("DemoImport").known());
        ASSERT_API_ERROR(other.postJson("/api/v1/imports", R"({"type":"DemoImport"})", otherKey),
                         422, "validation_failed", kInvalid,
                         Errors({"Type is not included in the list: " + otherTypes + ", auto"}));
        CPPUNIT_ASSERT(_app->server().types().traitsOf("DemoImport").known());
        CPPUNIT_ASSERT(_app->server().types().knownTypesText().find("DemoImport") !=
                       std::string::npos);
        CPPUNIT_ASSERT_EQUAL(201, upload("DEMO").status);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ManifestDrivenApiTest);
