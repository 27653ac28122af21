// The M-PESA sample statement through finimport_pdf.so: every detailed-table row with its sign
// and amount (golden file), the running-balance check, and refusals of non-statements.
#include "PluginHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <string>

class PdfGoldenTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PdfGoldenTest);
    CPPUNIT_TEST(mpesaStatement);
    CPPUNIT_TEST(notAPdf);
    CPPUNIT_TEST(brokenPdf);
    CPPUNIT_TEST_SUITE_END();

    static harness::RunResult run(const std::string& content) {
        const fi_plugin& p = harness::loadPlugin("finimport_pdf.so");
        return harness::run(harness::findImporter(p, "pdf.statements"), content,
                            {{"default_currency", "KES"}});
    }

public:
    void mpesaStatement() {
        const auto r = run(
            harness::readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/sample_bank_statement.pdf"));
        const std::string path = std::string(FINIMPORT_GOLDEN_DIR) + "/formats/mpesa.jsonl";
        if (std::getenv("FINIMPORT_UPDATE_GOLDEN") != nullptr) harness::writeFile(path, r.text());
        CPPUNIT_ASSERT_EQUAL(harness::readFile(path), r.text());
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_OK), r.status);
        CPPUNIT_ASSERT(r.errors.empty()); // every balance follows from the one before
        CPPUNIT_ASSERT_EQUAL(std::size_t(56), r.rows.size()); // 55 transactions + meta
        const auto& first = r.rows.front();
        CPPUNIT_ASSERT_EQUAL(std::string("2025-06-17"), *first.at("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1000.00"), *first.at("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("1000.00"), *first.at("signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("TFH385MBXJ"), *first.at("notes"));
        CPPUNIT_ASSERT_EQUAL(std::string("Pay Bill Online to 244441 - SAFARICOM POSTPAID "
                                         "BUNDLES Acc. USARoamingBundles"),
                             *first.at("name"));
        const auto& deposit = r.rows[54];
        CPPUNIT_ASSERT_EQUAL(std::string("2025-05-09"), *deposit.at("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("80000.00"), *deposit.at("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("-80000.00"), *deposit.at("signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Statement account 7605"), *deposit.at("account"));
        const auto& meta = r.rows.back();
        CPPUNIT_ASSERT_EQUAL(std::string("0.00"), *meta.at("opening_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("4243.00"), *meta.at("closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("Winrose Ngetha"), *meta.at("account_holder"));
    }

    void notAPdf() {
        const auto r = run("Date,Amount\n");
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("The file is not a PDF document"), r.fatal);
    }

    void brokenPdf() {
        const auto r = run("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF garbage");
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("The PDF could not be read"), r.fatal);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PdfGoldenTest);
