// POST /api/v1/imports error tables (docs/api.md §7.2–§7.4, §7.7, §7.10 with §10 changes 1, 2, 3,
// 10; docs/decisions.md D12, D26, D30).
#include "ApiSupport.h"
#include "KeyedAppFixture.h"
#include "UnknownType.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <regex>

using namespace finimport::test;

namespace {
const std::string kPath = "/api/v1/imports";
const std::string kInvalid = "Import could not be created";
} // namespace

class ImportCreateApiTest : public finimport::test::KeyedAppFixture {
    CPPUNIT_TEST_SUITE(ImportCreateApiTest);
    CPPUNIT_TEST(testEmptyRequestCreatesPendingImport);
    CPPUNIT_TEST(testConfiguredDetail);
    CPPUNIT_TEST(testTypeRules);
    CPPUNIT_TEST(testAccountRules);
    CPPUNIT_TEST(testOptionTableInOrder);
    CPPUNIT_TEST(testRealWorldCsvOptions);
    CPPUNIT_TEST(testRowsToSkipAgainstLines);
    CPPUNIT_TEST(testRawContentMustBeString);
    CPPUNIT_TEST(testSizeLimits);
    CPPUNIT_TEST(testFileTypes);
    CPPUNIT_TEST(testFileFieldAsText);
    CPPUNIT_TEST(testPublishRefusals);
    CPPUNIT_TEST(testPublishSpellings);
    CPPUNIT_TEST(testServiceImportChecks);
    CPPUNIT_TEST(testScopeAndAuth);
    CPPUNIT_TEST_SUITE_END();

    HttpResult post(const std::string& body) { return _app->postJson(kPath, body, _key); }

public:
    void testEmptyRequestCreatesPendingImport() {
        auto r = post("{}");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("TransactionImport"), d->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), d->getValue<std::string>("status"));
        CPPUNIT_ASSERT(
            std::regex_match(d->getValue<std::string>("created_at"),
                             std::regex(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)")));
        CPPUNIT_ASSERT(d->isNull("account_id"));
        CPPUNIT_ASSERT(!d->has("error"));
        CPPUNIT_ASSERT(!d->has("verification"));
        CPPUNIT_ASSERT_EQUAL(false, d->getObject("status_detail")->getValue<bool>("uploaded"));
        auto c = d->getObject("configuration");
        CPPUNIT_ASSERT_EQUAL(std::string("%m/%d/%Y"), c->getValue<std::string>("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("1,234.56"), c->getValue<std::string>("number_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("inflows_positive"),
                             c->getValue<std::string>("signage_convention"));
        CPPUNIT_ASSERT(c->isNull("date_col_label"));
        CPPUNIT_ASSERT_EQUAL(0, d->getObject("stats")->getValue<int>("rows_count"));
    }

    void testConfiguredDetail() {
        auto account = seedAccount(*_app, "Family", "Checking");
        auto r = post(
            R"({"account_id":")" + account.id +
            R"(","date_col_label":"date","raw_file_content":"date,amount,name\n01/02/2024,5.00,Coffee\n"})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(account.id, d->getValue<std::string>("account_id"));
        auto sd = d->getObject("status_detail");
        for (const char* f : {"uploaded", "configured", "cleaned", "publishable"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(f, true, sd->getValue<bool>(f));
        for (const char* f : {"terminal", "revertable"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(f, false, sd->getValue<bool>(f));
        CPPUNIT_ASSERT_EQUAL(
            std::string("date"),
            d->getObject("configuration")->getValue<std::string>("date_col_label"));
        CPPUNIT_ASSERT_EQUAL(std::string("UTF-8"),
                             d->getObject("configuration")->getValue<std::string>("encoding"));
        auto s = d->getObject("stats");
        CPPUNIT_ASSERT_EQUAL(1, s->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(1, s->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(0, s->getValue<int>("invalid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(0, s->getValue<int>("duplicate_rows_count"));
    }

    void testTypeRules() {
        ASSERT_API_ERROR(post(R"({"type":"Bogus"})"), 422, "validation_failed", kInvalid,
                         Errors({unknownType(_app->server().types())}));
        ASSERT_API_ERROR(post(R"({"type":"transactionimport"})"), 422, "validation_failed",
                         kInvalid, Errors({unknownType(_app->server().types())}));
        auto sure =
            post(R"({"type":"SureImport","raw_file_content":"{\"type\":\"Tag\",\"data\":{}}"})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(sure.body, 201, sure.status);
        CPPUNIT_ASSERT_EQUAL(std::string("ServiceImport"),
                             jsonObject(sure)->getObject("data")->getValue<std::string>("type"));
        auto blank = post(R"({"type":""})");
        CPPUNIT_ASSERT_EQUAL(std::string("TransactionImport"),
                             jsonObject(blank)->getObject("data")->getValue<std::string>("type"));
    }

    void testAccountRules() {
        _app->createKey("Other");
        auto foreign = seedAccount(*_app, "Other", "Theirs");
        ASSERT_API_ERROR(post(R"({"account_id":"12345"})"), 422, "validation_failed", kInvalid,
                         Errors({"Account must be a valid UUID"}));
        ASSERT_API_ERROR(post(R"({"account_id":")" + foreign.id + "\"}"), 422, "validation_failed",
                         kInvalid, Errors({"Account must belong to your family"}));
        ASSERT_API_ERROR(post(R"({"account_id":"00000000-0000-4000-8000-000000000000"})"), 422,
                         "validation_failed", kInvalid,
                         Errors({"Account must belong to your family"}));
        // docs/decisions.md D26 order: type first, then account.
        ASSERT_API_ERROR(
            post(R"({"type":"X","account_id":"1","raw_file_content":[1]})"), 422,
            "validation_failed", kInvalid,
            Errors({unknownType(_app->server().types()), "Account must be a valid UUID",
                    "raw_file_content must be a string"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }

    // D37/D38/D40/D42/D54/D57: the real-world CSV options are validated, passed and echoed.
    void testRealWorldCsvOptions() {
        ASSERT_API_ERROR(
            post(R"({"amount_type_strategy":"split_columns","inflow_col_label":"In",)"
                 R"("has_header":"maybe","footer_rows_to_skip":"x","amount_divisor":"0"})"),
            422, "validation_failed", kInvalid,
            Errors({"Split columns imports require inflow and outflow columns",
                    "Has header is not included in the list", "Footer rows to skip is not a number",
                    "Amount divisor must be a non-zero decimal with at most 12 places"}));
        for (const char* type : {"ActualImport", "YnabImport"})
            ASSERT_API_ERROR(post(std::string(R"({"type":")") + type +
                                  R"(","has_header":false,"raw_file_content":"a\n1\n"})"),
                             422, "validation_failed", kInvalid,
                             Errors({"This import type needs its header row"}));
        auto r = post(R"({"col_sep":"tab","has_header":"FALSE","date_col_label":"#1",)"
                      R"("amount_col_label":"#2","amount_multiplier":"-1",)"
                      R"("raw_file_content":"01/02/2024\t+1.50\n\r\r\n01/03/2024\t2.00-\n"})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto d = jsonObject(r)->getObject("data");
        auto c = d->getObject("configuration");
        CPPUNIT_ASSERT_EQUAL(std::string("\t"), c->getValue<std::string>("col_sep"));
        CPPUNIT_ASSERT_EQUAL(std::string("false"), c->getValue<std::string>("has_header"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1"), c->getValue<std::string>("amount_multiplier"));
        CPPUNIT_ASSERT(c->isNull("inflow_col_label"));
        CPPUNIT_ASSERT_EQUAL(2, d->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(0, d->getObject("stats")->getValue<int>("invalid_rows_count"));
    }

    void testOptionTableInOrder() {
        auto r = post(
            R"({"amount_type_strategy":"x","col_sep":":","signage_convention":"","number_format":"",)"
            R"("rows_to_skip":"abc","encoding":"klingon"})");
        ASSERT_API_ERROR(
            r, 422, "validation_failed", kInvalid,
            Errors({"Encoding is not a known character set",
                    "Amount type strategy is not included in the list",
                    "Column separator is not included in the list",
                    "Signage convention is not included in the list",
                    "Number Format can't be blank", "Number Format is not included in the list",
                    "Rows to skip is not a number"}));
        ASSERT_API_ERROR(
            post(
                R"({"amount_type_strategy":"custom_column","number_format":"1.234","rows_to_skip":"1.5"})"),
            422, "validation_failed", kInvalid,
            Errors({"Number Format is not included in the list",
                    "Custom column imports require an inflow column to be selected",
                    "Rows to skip must be an integer"}));
        ASSERT_API_ERROR(post(R"({"rows_to_skip":"-2"})"), 422, "validation_failed", kInvalid,
                         Errors({"Rows to skip must be greater than or equal to 0"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }

    void testRowsToSkipAgainstLines() {
        ASSERT_API_ERROR(
            post(R"({"rows_to_skip":"2","raw_file_content":"a\nb\n"})"), 422, "validation_failed",
            kInvalid,
            Errors({"Rows to skip must be less than the number of lines in the file (2)"}));
    }

    void testRawContentMustBeString() {
        for (const char* v : {"5", "[\"a\"]", "{\"a\":1}", "true"})
            ASSERT_API_ERROR(post(std::string(R"({"raw_file_content":)") + v + "}"), 422,
                             "validation_failed", kInvalid,
                             Errors({"raw_file_content must be a string"}));
        // ServiceImport reads it as text and fails the NDJSON gate (docs/api.md §7.2).
        ASSERT_API_ERROR(post(R"({"type":"ServiceImport","raw_file_content":5})"), 422,
                         "invalid_ndjson", "Invalid service NDJSON content.", kNoErrors);
    }

    void testSizeLimits() {
        std::string exact(10485760, 'a');
        exact.replace(0, 12, "date,amount\n");
        // Exactly 10 MB in rows below the 64 KiB row bound (a larger row is 422).
        std::string exactRows = exact;
        for (std::size_t i = 60000; i < exactRows.size(); i += 60000)
            exactRows[i] = '\n';
        MultipartBuilder ok;
        ok.file("file", "big.csv", "text/csv", exactRows);
        auto passed = _app->postMultipart(kPath, ok, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(passed.body.substr(0, 200), 201, passed.status);
        MultipartBuilder big;
        big.file("file", "big.csv", "image/png", exact + "a"); // size before type
        ASSERT_API_ERROR(_app->postMultipart(kPath, big, _key), 422, "file_too_large",
                         "File is too large. Maximum size is 10MB.", kNoErrors);
        ASSERT_API_ERROR(post(R"({"raw_file_content":")" + exact.substr(12) + "aaaaaaaaaaaaa\"}"),
                         422, "content_too_large", "Content is too large. Maximum size is 10MB.",
                         kNoErrors);
        MultipartBuilder service;
        service.field("type", "ServiceImport")
            .file("file", "x.ndjson", "application/x-ndjson", exact + "a");
        ASSERT_API_ERROR(_app->postMultipart(kPath, service, _key), 422, "file_too_large",
                         "File is too large. Maximum size is 10MB.", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "imports"));
    }

    void testFileTypes() {
        MultipartBuilder png;
        png.file("file", "x.png", "image/png", "date,amount\n");
        ASSERT_API_ERROR(_app->postMultipart(kPath, png, _key), 422, "invalid_file_type",
                         "Invalid file type. Please upload a CSV file.", kNoErrors);
        // docs/api.md §10 change 10: parameters and generic types with a .csv name are accepted.
        MultipartBuilder charset;
        charset.file("file", "x", "text/csv; charset=utf-8", "date,amount\n01/01/2024,1\n");
        CPPUNIT_ASSERT_EQUAL(201, _app->postMultipart(kPath, charset, _key).status);
        MultipartBuilder generic;
        generic.file("file", "bank.CSV", "application/octet-stream", "date,amount\n01/01/2024,1\n");
        CPPUNIT_ASSERT_EQUAL(201, _app->postMultipart(kPath, generic, _key).status);
        MultipartBuilder service;
        service.field("type", "ServiceImport").file("file", "x.txt", "image/png", "{}");
        ASSERT_API_ERROR(_app->postMultipart(kPath, service, _key), 422, "invalid_file_type",
                         "Invalid file type. Please upload a service NDJSON file.", kNoErrors);
    }

    void testFileFieldAsText() {
        MultipartBuilder form;
        form.field("file", "just text");
        ASSERT_API_ERROR(_app->postMultipart(kPath, form, _key), 422, "validation_failed",
                         "file must be an uploaded file",
                         Errors({"file must be an uploaded file"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }

    void testPublishRefusals() {
        auto r = post(R"({"publish":"true","raw_file_content":"date,amount\n13/45/2024,1\n"})");
        auto body = ASSERT_API_ERROR(
            r, 422, "not_publishable", "Import was uploaded but is not ready to publish.",
            Errors({"1 row is invalid (rows 1)",
                    "No account for rows 1: send account_id or an account column"}));
        std::string id = body->getValue<std::string>("import_id");
        auto shown = jsonObject(_app->get(kPath + "/" + id, _key))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), shown->getValue<std::string>("status"));
        // Not configured: publish silently ignored.
        auto quiet = post(R"({"publish":"true"})");
        CPPUNIT_ASSERT_EQUAL(201, quiet.status);
        CPPUNIT_ASSERT_EQUAL(std::string("pending"),
                             jsonObject(quiet)->getObject("data")->getValue<std::string>("status"));
        // Row cap: AccountImport publishes at most 50 rows automatically.
        std::string rows = "name,amount,type\\n";
        for (int i = 0; i < 51; ++i)
            rows += "A" + std::to_string(i) + ",1,checking\\n";
        auto capped =
            post(R"({"type":"AccountImport","publish":"true","raw_file_content":")" + rows + "\"}");
        auto capBody = ASSERT_API_ERROR(
            capped, 422, "max_row_count_exceeded",
            "Import was uploaded but has too many rows to publish automatically: 51 rows, the "
            "limit is 50 (setting limits.account_rows).",
            kNoErrors);
        CPPUNIT_ASSERT(capBody->has("import_id"));
    }

    void testPublishSpellings() {
        auto account = seedAccount(*_app, "Family", "Checking");
        const std::string content = R"("account_id":")" + account.id +
                                    R"(","raw_file_content":"date,amount\n01/02/2024,5\n")";
        for (const std::string& p :
             {std::string("\"TRUE\""), std::string("true"), std::string("\"true\"")}) {
            auto r = post("{\"publish\":" + p + "," + content + "}");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                p, std::string("importing"),
                jsonObject(r)->getObject("data")->getValue<std::string>("status"));
        }
        for (const std::string& p :
             {std::string("\"1\""), std::string("\"yes\""), std::string("false")}) {
            auto r = post("{\"publish\":" + p + "," + content + "}");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                p, std::string("pending"),
                jsonObject(r)->getObject("data")->getValue<std::string>("status"));
        }
        _app->waitForJobs();
    }

    void testServiceImportChecks() {
        ASSERT_API_ERROR(post(R"({"type":"ServiceImport"})"), 422, "missing_content",
                         "Provide a service NDJSON file or raw_file_content.", kNoErrors);
        ASSERT_API_ERROR(
            post(
                R"({"type":"ServiceImport","raw_file_content":"\n{\"type\":\"Tag\",\"data\":{}}"})"),
            422, "invalid_ndjson", "Invalid service NDJSON content.", kNoErrors);
        ASSERT_API_ERROR(post(R"({"type":"ServiceImport","raw_file_content":"[1]"})"), 422,
                         "invalid_ndjson", "Invalid service NDJSON content.", kNoErrors);
        auto r = post(
            R"({"type":"ServiceImport","account_id":"ignored","rows_to_skip":"x",)"
            R"("raw_file_content":"{\"type\":\"Tag\",\"data\":{\"id\":\"t1\",\"name\":\"Food\"}}\n{\"type\":\"Widget\",\"data\":1}\nbroken\n"})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto d = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT(d->isNull("account_id"));
        CPPUNIT_ASSERT_EQUAL(2, d->getObject("stats")->getValue<int>("rows_count"));
        auto v = d->getObject("verification");
        CPPUNIT_ASSERT_EQUAL(std::size_t(15), v->getObject("expected_record_counts")->size());
        CPPUNIT_ASSERT_EQUAL(1, v->getObject("expected_record_counts")->getValue<int>("tags"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), v->getObject("readback")->size());
        auto sd = d->getObject("status_detail");
        CPPUNIT_ASSERT_EQUAL(true, sd->getValue<bool>("uploaded"));
        CPPUNIT_ASSERT_EQUAL(true, sd->getValue<bool>("publishable"));
        // No importable line: docs/api.md §7.7 step 4 runs preflight (step 2) before the
        // publishable check (step 3), and preflight already refuses an unsupported record type.
        auto none = post(
            R"({"type":"ServiceImport","publish":"true","raw_file_content":"{\"type\":\"Widget\",\"data\":{}}"})");
        auto body = ASSERT_API_ERROR(
            none, 422, "preflight_failed",
            "Import was uploaded but did not pass service NDJSON preflight.",
            (std::vector<std::string>{"Service import preflight failed:",
                                      "Line 1 has unsupported record type Widget."}));
        CPPUNIT_ASSERT(body->has("import_id"));
    }

    void testScopeAndAuth() {
        std::string readKey = _app->createKey("Family", "read", "reader");
        ASSERT_API_ERROR(_app->postJson(kPath, "{}", readKey), 403, "insufficient_scope",
                         "This action requires the 'write' scope", kNoErrors);
        ASSERT_API_ERROR(_app->postJson(kPath, "{}", "nope"), 401, "unauthorized",
                         "Access token or API key is invalid, expired, or missing", kNoErrors);
        ASSERT_API_ERROR(_app->postJson(kPath, "[1]", _key), 400, "bad_request",
                         "Request body must be a JSON object", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ImportCreateApiTest);
