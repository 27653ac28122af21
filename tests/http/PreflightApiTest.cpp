// POST /api/v1/imports/preflight (docs/api.md §12.4; docs/decisions.md D29): read scope, create's
// checks with create's codes and messages, a report on the content, nothing stored.
#include "ApiSupport.h"
#include "UnknownType.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;

namespace {
const std::string kPath = "/api/v1/imports/preflight";
}

class PreflightApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PreflightApiTest);
    CPPUNIT_TEST(testSpecExampleMissingColumns);
    CPPUNIT_TEST(testValidCsvReport);
    CPPUNIT_TEST(testNoDataRowsAndMintLabels);
    CPPUNIT_TEST(testReadScopeAndNothingStored);
    CPPUNIT_TEST(testSameErrorsAsCreate);
    CPPUNIT_TEST(testMissingContent);
    CPPUNIT_TEST(testFilePartReport);
    CPPUNIT_TEST(testNdjsonReport);
    CPPUNIT_TEST(testEmptyNdjsonFilePart);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _read, _write;

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _read = _app->createKey("Family", "read");
        _write = _app->createKey("Family", "read_write", "writer");
    }
    void tearDown() override { _app.reset(); }

    Poco::JSON::Object::Ptr report(const std::string& body) {
        auto r = _app->postJson(kPath, body, _read);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getObject("data");
    }

    void testSpecExampleMissingColumns() {
        auto r = _app->postJson(kPath, R"({"raw_file_content":"name\nMissing Amount"})", _read);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"data":{"type":"TransactionImport","valid":false,"content":{"filename":"import.csv",)"
                R"("content_type":"text/csv","byte_size":19},"stats":{"rows_count":1},"headers":["name"],)"
                R"("required_headers":["date","amount"],"missing_required_headers":["date","amount"],)"
                R"("row_checks":{"rows_checked":1,"invalid_rows_count":1,"row_errors":[)"
                R"({"row":1,"line":2,"field":"date","message":"Date is required"},)"
                R"({"row":1,"line":2,"field":"amount","message":"Amount is required"}]},)"
                R"("sniffed":{"col_sep":",","rows_to_skip":0,"has_header":true,"date_format":null,)"
                R"("number_format":null},"suggestions":[)"
                R"({"field":"date","option":"date_col_label","required":true,"label":null,)"
                R"("reason":"none","candidates":[]},)"
                R"({"field":"amount","option":"amount_col_label","required":true,"label":null,)"
                R"("reason":"none","candidates":[]},)"
                R"({"field":"name","option":"name_col_label","required":false,"label":"name",)"
                R"("reason":"exact","candidates":[]},)"
                R"({"field":"category","option":"category_col_label","required":false,)"
                R"("label":null,"reason":"none","candidates":[]},)"
                R"({"field":"notes","option":"notes_col_label","required":false,"label":null,)"
                R"("reason":"none","candidates":[]},)"
                R"({"field":"currency","option":"currency_col_label","required":false,)"
                R"("label":null,"reason":"none","candidates":[]}],)"
                R"("errors":[{"code":"missing_required_headers","message":"Missing required columns: date, amount"}],)"
                R"("warnings":[]}})"),
            r.body);
    }

    void testValidCsvReport() {
        auto d = report(
            R"({"type":"TradeImport","rows_to_skip":"1","ticker_col_label":"Symbol",)"
            R"("raw_file_content":"junk line\nDate,Symbol,Qty,Price,\n2024-01-01,VTI,1,2\nbad,,x,y\n"})");
        CPPUNIT_ASSERT_EQUAL(std::string("TradeImport"), d->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(true, d->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(
            2, d->getObject("stats")->getValue<int>("rows_count")); // rows not validated
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), d->getObject("stats")->size());
        auto headers = d->getArray("headers");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), headers->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Symbol"), headers->getElement<std::string>(1));
        auto required = d->getArray("required_headers");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), required->size());
        CPPUNIT_ASSERT_EQUAL(std::string("date"), required->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::string("Symbol"), required->getElement<std::string>(1));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), d->getArray("missing_required_headers")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), d->getArray("errors")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), d->getArray("warnings")->size());
    }

    void testNoDataRowsAndMintLabels() {
        auto d = report(
            R"({"type":"MintImport","amount_col_label":"Total","raw_file_content":"Date,Total\n"})");
        CPPUNIT_ASSERT_EQUAL(false, d->getValue<bool>("valid"));
        auto required = d->getArray("required_headers");
        CPPUNIT_ASSERT_EQUAL(std::string("Date"), required->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::string("Total"),
                             required->getElement<std::string>(1)); // client's label kept
        auto errors = d->getArray("errors");
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), errors->size());
        CPPUNIT_ASSERT_EQUAL(std::string("no_data_rows"),
                             errors->getObject(0)->getValue<std::string>("code"));
        CPPUNIT_ASSERT_EQUAL(std::string("No data rows were found."),
                             errors->getObject(0)->getValue<std::string>("message"));
    }

    void testReadScopeAndNothingStored() {
        CPPUNIT_ASSERT_EQUAL(
            200,
            _app->postJson(kPath, R"({"raw_file_content":"date,amount\n01/01/2024,1"})", _write)
                .status);
        CPPUNIT_ASSERT_EQUAL(
            200,
            _app->postJson(kPath,
                           R"({"raw_file_content":"date,amount\n01/01/2024,1","publish":"true"})",
                           _read)
                .status);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storedRowCount(*_app));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "jobs"));
        ASSERT_API_ERROR(_app->postJson(kPath, "{}", ""), 401, "unauthorized",
                         "Access token or API key is invalid, expired, or missing", kNoErrors);
        ASSERT_API_ERROR(_app->postJson(kPath, "{oops", _read), 400, "bad_request",
                         "Request body is not valid JSON", kNoErrors);
    }

    // docs/decisions.md D29: the same codes, messages and errors as create, and nothing stored.
    void testSameErrorsAsCreate() {
        _app->createKey("Other");
        auto foreign = seedAccount(*_app, "Other", "Theirs");
        const std::vector<std::string> bodies = {
            R"({"type":"Bogus","raw_file_content":"a"})",
            R"({"account_id":"nope","raw_file_content":"a"})",
            R"({"account_id":")" + foreign.id + R"(","raw_file_content":"a"})",
            R"({"raw_file_content":5})",
            R"({"encoding":"no-such-charset","raw_file_content":"a"})",
            R"({"col_sep":":","signage_convention":"","number_format":"","rows_to_skip":"-1","raw_file_content":"a"})",
            R"({"rows_to_skip":"3","raw_file_content":"a\nb\n"})",
            R"({"type":"ServiceImport","raw_file_content":"not json"})",
            R"({"type":"ServiceImport"})",
            R"({"raw_file_content":"date,name\n\"open quote"})",
        };
        for (const auto& body : bodies) {
            auto created = _app->postJson("/api/v1/imports", body, _write);
            auto checked = _app->postJson(kPath, body, _read);
            CPPUNIT_ASSERT_MESSAGE(body + " -> " + created.body, created.status >= 400);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(body, created.status, checked.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(body, created.body, checked.body);
        }
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
        // Spot checks of the exact bodies.
        ASSERT_API_ERROR(_app->postJson(kPath, bodies[0], _read), 422, "validation_failed",
                         "Import could not be created",
                         Errors({unknownType(_app->server().types())}));
        ASSERT_API_ERROR(
            _app->postJson(kPath, bodies[5], _read), 422, "validation_failed",
            "Import could not be created",
            Errors({"Column separator is not included in the list",
                    "Signage convention is not included in the list",
                    "Number Format can't be blank", "Number Format is not included in the list",
                    "Rows to skip must be greater than or equal to 0"}));
    }

    void testMissingContent() {
        ASSERT_API_ERROR(_app->postJson(kPath, "{}", _read), 422, "missing_content",
                         "Provide a CSV file or raw_file_content.", kNoErrors);
        ASSERT_API_ERROR(_app->postJson(kPath, R"({"raw_file_content":"  \n "})", _read), 422,
                         "missing_content", "Provide a CSV file or raw_file_content.", kNoErrors);
        ASSERT_API_ERROR(_app->postJson(kPath, R"({"type":"SureImport"})", _read), 422,
                         "missing_content", "Provide a service NDJSON file or raw_file_content.",
                         kNoErrors);
        MultipartBuilder form;
        form.field("file", "text, not a file");
        ASSERT_API_ERROR(_app->postMultipart(kPath, form, _read), 422, "validation_failed",
                         "file must be an uploaded file",
                         Errors({"file must be an uploaded file"}));
    }

    void testFilePartReport() {
        MultipartBuilder form;
        form.field("raw_file_content", "ignored")
            .file("file", "bank.csv", "text/csv; charset=utf-8", "date,amount\n01/02/2024,5\n");
        auto r = _app->postMultipart(kPath, form, _read);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto d = jsonObject(r)->getObject("data");
        auto c = d->getObject("content");
        CPPUNIT_ASSERT_EQUAL(std::string("bank.csv"), c->getValue<std::string>("filename"));
        CPPUNIT_ASSERT_EQUAL(std::string("text/csv; charset=utf-8"),
                             c->getValue<std::string>("content_type"));
        CPPUNIT_ASSERT_EQUAL(25, c->getValue<int>("byte_size"));
        CPPUNIT_ASSERT_EQUAL(true, d->getValue<bool>("valid"));
        MultipartBuilder bad;
        bad.file("file", "x.png", "image/png", "abc");
        ASSERT_API_ERROR(_app->postMultipart(kPath, bad, _read), 422, "invalid_file_type",
                         "Invalid file type. Please upload a CSV file.", kNoErrors);
    }

    void testNdjsonReport() {
        std::string content =
            "{\"type\":\"Account\",\"data\":{\"id\":\"a1\",\"name\":\"Checking\",\"balance\":\"1\","
            "\"accountable_type\":\"Depository\"}}\n"
            "\n"
            "{\"type\":\"Category\",\"data\":{\"id\":\"c1\"}}\n"
            "{\"type\":\"Widget\",\"data\":{}}\n"
            "not json\n";
        auto d =
            report(R"({"type":"ServiceImport","raw_file_content":)" + jsonQuote(content) + "}");
        CPPUNIT_ASSERT_EQUAL(std::string("ServiceImport"), d->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(false, d->getValue<bool>("valid"));
        CPPUNIT_ASSERT(!d->has("headers"));
        CPPUNIT_ASSERT_EQUAL(std::string("service-import.ndjson"),
                             d->getObject("content")->getValue<std::string>("filename"));
        CPPUNIT_ASSERT_EQUAL(std::string("application/x-ndjson"),
                             d->getObject("content")->getValue<std::string>("content_type"));
        auto stats = d->getObject("stats");
        CPPUNIT_ASSERT_EQUAL(4, stats->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(1, stats->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(3, stats->getValue<int>("invalid_rows_count"));
        auto entities = stats->getObject("entity_counts");
        CPPUNIT_ASSERT_EQUAL(std::size_t(15), entities->size());
        CPPUNIT_ASSERT_EQUAL(1, entities->getValue<int>("accounts"));
        CPPUNIT_ASSERT_EQUAL(1, entities->getValue<int>("categories"));
        CPPUNIT_ASSERT_EQUAL(0, entities->getValue<int>("rules"));
        auto types = stats->getObject("record_type_counts");
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), types->size());
        CPPUNIT_ASSERT_EQUAL(1, types->getValue<int>("Widget"));
        auto errors = d->getArray("errors");
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), errors->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Line 3 Category is missing required field(s): name."),
                             errors->getObject(0)->getValue<std::string>("message"));
        CPPUNIT_ASSERT_EQUAL(std::string("unsupported_record_type"),
                             errors->getObject(1)->getValue<std::string>("code"));
        CPPUNIT_ASSERT_EQUAL(std::string("Line 4 has unsupported record type Widget."),
                             errors->getObject(1)->getValue<std::string>("message"));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_json"),
                             errors->getObject(2)->getValue<std::string>("code"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0),
                             errors->getObject(2)->getValue<std::string>("message").rfind(
                                 "Line 5 is not valid JSON: ", 0));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }

    void testEmptyNdjsonFilePart() {
        MultipartBuilder form;
        form.field("type", "ServiceImport")
            .file("file", "export.ndjson", "application/x-ndjson", "");
        auto r = _app->postMultipart(kPath, form, _read);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(false, d->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(0, d->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("no_data_rows"),
                             d->getArray("errors")->getObject(0)->getValue<std::string>("code"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PreflightApiTest);
