// On SQLite and,
// as http_nul_pg, on PostgreSQL, whose text columns cannot hold a NUL at all. Keys and options
// are refused by the body parser; inside raw_file_content the NUL is file content
// (docs/decisions.md D65) and the format's reader refuses it with its 422. Nothing is stored.
#include "ApiSupport.h"
#include "KeyedAppFixture.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

namespace {

const std::string kPath = "/api/v1/imports";

} // namespace

class NulContentApiTest : public finimport::test::KeyedAppFixture {
    CPPUNIT_TEST_SUITE(NulContentApiTest);
    CPPUNIT_TEST(nulInKeysAndOptionsIs400);
    CPPUNIT_TEST(nulInCsvContentIsTheReadersError);
    CPPUNIT_TEST(nulInServiceNdjsonContentIsRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    HttpResult post(const std::string& body) { return _app->postJson(kPath, body, _key); }

    void nulInKeysAndOptionsIs400() {
        const std::string message = "Request body contains a NUL character";
        ASSERT_API_ERROR(post(R"({"type":"TransactionImport","a\u0000":1})"), 400, "bad_request",
                         message, kNoErrors);
        ASSERT_API_ERROR(post(R"({"type":"TransactionImport","col_sep":"\u0000"})"), 400,
                         "bad_request", message, kNoErrors);
        ASSERT_API_ERROR(post(R"({"type":"TransactionImport","date_col_label":"da\u0000te"})"), 400,
                         "bad_request", message, kNoErrors);
        MultipartBuilder form;
        form.field("type", "TransactionImport").field("name_col_label", std::string("n\0", 2));
        ASSERT_API_ERROR(_app->postMultipart(kPath, form, _key), 400, "bad_request", message,
                         kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }

    void nulInCsvContentIsTheReadersError() {
        ASSERT_API_ERROR(
            post(R"({"type":"TransactionImport","raw_file_content":)"
                 R"("date,name,amount\n2024-01-02,Shop,1.00\n2024-01-03,Sh\u0000op,2.00\n"})"),
            422, "invalid_csv", "The CSV could not be parsed: NUL byte in record (line 3)",
            kNoErrors);
        MultipartBuilder file;
        file.file("file", "bank.csv", "text/csv",
                  std::string("date,name,amount\n2024-01-02,Sh\0op,1.00\n", 39));
        ASSERT_API_ERROR(_app->postMultipart(kPath, file, _key), 422, "invalid_csv",
                         "The CSV could not be parsed: NUL byte in record (line 2)", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }

    void nulInServiceNdjsonContentIsRefused() {
        // A valid first line, then a line holding a raw NUL byte (never valid JSON). Before
        // this was refused the import was created and its stored content came back cut at the
        // NUL (89 of 95 bytes), on SQLite and PostgreSQL alike.
        auto r = post(R"({"type":"ServiceImport","raw_file_content":)"
                      R"("{\"type\":\"Tag\",\"data\":{\"id\":\"t1\",\"name\":\"Food\"}}\n)"
                      R"({\"type\":\"Tag\",\"data\":{\"id\":\"t2\",\"name\":\"a\u0000b\"}}\n"})");
        ASSERT_API_ERROR(r, 422, "invalid_ndjson", "Invalid service NDJSON content.", kNoErrors);
        MultipartBuilder file;
        file.field("type", "ServiceImport")
            .file("file", "backup.ndjson", "application/x-ndjson",
                  std::string("{\"type\":\"Tag\",\"data\":{\"id\":\"t1\",\"name\":\"Food\"}}\n\0\n",
                              50));
        ASSERT_API_ERROR(_app->postMultipart(kPath, file, _key), 422, "invalid_ndjson",
                         "Invalid service NDJSON content.", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "imports"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NulContentApiTest);
