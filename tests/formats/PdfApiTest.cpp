// PdfImport over the API (docs/decisions.md D11, D12, D17): a multipart application/pdf part; rows
// generated at upload; publish=true reaches `complete`; the created account's balance is the
// statement's closing balance; a PDF without a statement table is 201 with 0 rows and an error.
#include "FormatsSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;
using Strings = std::vector<std::string>;

class PdfApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PdfApiTest);
    CPPUNIT_TEST(mpesaStatementPublishes);
    CPPUNIT_TEST(unreadablePdfHasAnError);
    CPPUNIT_TEST(notAPdfIsRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    void mpesaStatementPublishes() {
        AppHarness app;
        const std::string key = app.createKey("Pdf family");
        auto created = uploadFile(app, key, "PdfImport", "statement.pdf", "application/pdf",
                                  fixture("sample_bank_statement.pdf"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto data = jsonObject(created)->getObject("data");
        // The answer is the import as queued, however fast the worker is.
        CPPUNIT_ASSERT_EQUAL(std::string("importing"), data->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(55, data->getObject("stats")->getValue<int>("rows_count"));
        auto detail = importDetail(app, key, data->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(detail->optValue<std::string>("error", ""),
                                     std::string("complete"),
                                     detail->getValue<std::string>("status"));
        // Opening balance 0.00 on the statement, so the closing balance is the ledger's sum.
        CPPUNIT_ASSERT(latestBalance(app, key, "Statement account 7605") ==
                       std::make_pair(std::string("$4,243.00"), int64_t(424300)));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries") == Strings({"55"}));
        CPPUNIT_ASSERT(column(app, "SELECT notes FROM entries WHERE amount = -8000000000000") ==
                       Strings({"TE921YWWQM"}));
        CPPUNIT_ASSERT(column(app, "SELECT extracted FROM imports")[0].find(
                           "\"closing_balance\":\"4243.00\"") != std::string::npos);
    }

    void unreadablePdfHasAnError() {
        AppHarness app;
        const std::string key = app.createKey("Pdf family");
        auto created = uploadFile(app, key, "PdfImport", "broken.pdf", "application/pdf",
                                  "%PDF-1.4\ngarbage\n%%EOF\n");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto data = jsonObject(created)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(0, data->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), data->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("The PDF could not be read"),
                             data->getValue<std::string>("error"));
    }

    void notAPdfIsRefused() {
        AppHarness app;
        const std::string key = app.createKey("Pdf family");
        auto r =
            uploadFile(app, key, "PdfImport", "statement.pdf", "application/pdf", "Date,Amount\n");
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_file_type"),
                             jsonObject(r)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("Invalid file type. Please upload a PDF file."),
                             jsonObject(r)->getValue<std::string>("message"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PdfApiTest);
