// Malformed and edge-case input for the format plugins: row errors with exact messages or a
// clear fatal error, never a crash; and the options that change parsing (number_format).
#include "PluginHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

namespace {

using Strings = std::vector<std::string>;

harness::RunResult runText(const char* plugin, const char* importer, const std::string& text,
                           const harness::OptionList& options = {{"default_currency", "USD"}}) {
    const fi_plugin& p = harness::loadPlugin(plugin);
    return harness::run(harness::findImporter(p, importer), text, options);
}

} // namespace

class FormatsMalformedTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FormatsMalformedTest);
    CPPUNIT_TEST(mintStrictAmounts);
    CPPUNIT_TEST(mintUnclosedQuoteIsFatal);
    CPPUNIT_TEST(ynabOutflowNotANumber);
    CPPUNIT_TEST(ynabNoAmountColumns);
    CPPUNIT_TEST(ynabDifferenceNeverWraps);
    CPPUNIT_TEST(actualBadDate);
    CPPUNIT_TEST(qifWithoutTypeIsFatal);
    CPPUNIT_TEST(qifMultipleAccounts);
    CPPUNIT_TEST(qifDecimalComma);
    CPPUNIT_TEST(qifBadValues);
    CPPUNIT_TEST(qifSplitMismatchAndPercent);
    CPPUNIT_TEST(qifSplitSumNeverWraps);
    CPPUNIT_TEST(qifShareMoves);
    CPPUNIT_TEST(qifGarbageNeverCrashes);
    CPPUNIT_TEST_SUITE_END();

public:
    void mintStrictAmounts() {
        auto r = runText("finimport_mint.so", "mint.transactions",
                         "Date,Description,Amount,Transaction Type\n"
                         "01/02/2024,A,\"$1,234.50\",debit\n"
                         "01/03/2024,B,1.234,56,credit\n"
                         "01/04/2024,C,,debit\n",
                         {{"default_currency", "USD"}, {"date_format", "%m/%d/%Y"}});
        CPPUNIT_ASSERT_EQUAL(std::string("1234.50"), *r.rows[0]["signed_amount"]);
        CPPUNIT_ASSERT(r.errors == Strings({"3 required amount: Amount is required"}));
        // "1.234" with "56" in the next (type) column: 1.234 parses; type "56" is a debit.
        CPPUNIT_ASSERT_EQUAL(std::string("1.234"), *r.rows[1]["signed_amount"]);
    }

    void mintUnclosedQuoteIsFatal() {
        auto r = runText("finimport_mint.so", "mint.transactions",
                         "Date,Description,Amount\n01/02/2024,\"open,1\n");
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unclosed quoted field (line 2)"), r.fatal);
    }

    void ynabOutflowNotANumber() {
        auto r = runText("finimport_ynab.so", "ynab.transactions",
                         "Date,Payee,Outflow,Inflow\n01/02/2024,X,n/a,\n01/03/2024,Y,\"$30.00\","
                         "\"$100.00\"\n",
                         {{"default_currency", "USD"}, {"date_format", "%m/%d/%Y"}});
        CPPUNIT_ASSERT(r.errors == Strings({"1 invalid_number amount: Outflow \"n/a\" does not "
                                            "match the number format 1,234.56"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == Strings({"<null>", "-70.00"}));
    }

    // Inflow − |Outflow| below the int64 range is a row error, never a wrapped amount;
    // the largest difference that fits still imports.
    void ynabDifferenceNeverWraps() {
        auto r = runText("finimport_ynab.so", "ynab.transactions",
                         "Date,Payee,Outflow,Inflow\n01/02/2024,X,90000000000,-90000000000\n"
                         "01/03/2024,Y,2.5,-92233720366.04775807\n",
                         {{"default_currency", "USD"}, {"date_format", "%m/%d/%Y"}});
        CPPUNIT_ASSERT(r.errors == Strings({"1 invalid_number amount: Amount is out of range"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == Strings({"<null>", "92233720368.54775807"}));
    }

    void ynabNoAmountColumns() {
        auto r = runText("finimport_ynab.so", "ynab.transactions", "Date,Payee\n01/02/2024,X\n",
                         {{"default_currency", "USD"}, {"date_format", "%m/%d/%Y"}});
        CPPUNIT_ASSERT(r.errors == Strings({"1 required amount: Amount is required"}));
    }

    void actualBadDate() {
        auto r = runText("finimport_actual.so", "actual.transactions",
                         "Account,Date,Payee,Amount\nA,01/02/2024,X,5\n",
                         {{"default_currency", "USD"}, {"date_format", "%Y-%m-%d"}});
        CPPUNIT_ASSERT(
            r.errors ==
            Strings({"1 invalid_date date: Date must exactly match the format: %Y-%m-%d"}));
        CPPUNIT_ASSERT_EQUAL(std::string("-5"), *r.rows[0]["signed_amount"]);
    }

    void qifWithoutTypeIsFatal() {
        auto r = runText("finimport_qif.so", "qif.transactions", "D1/1/2024\nT5\n^\n");
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("The QIF could not be parsed: no !Type: header was found"),
                             r.fatal);
    }

    void qifMultipleAccounts() {
        auto r = runText("finimport_qif.so", "qif.transactions",
                         "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNVisa\nTCCard\n^\n"
                         "!Clear:AutoSwitch\n"
                         "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD01/02/2024\nT-10.00\n"
                         "PShop\nLFood/a,b:c|d\n^\n"
                         "!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD01/03/2024\nT-5.00\n"
                         "PPay\nL[Checking]\n^\n");
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("account") == Strings({"Checking", "Visa", "<missing>"}));
        CPPUNIT_ASSERT(r.column("tags") == Strings({"a\\,b|c\\|d", "", "<missing>"}));
        CPPUNIT_ASSERT(r.column("transfer_account") == Strings({"", "Checking", "<missing>"}));
    }

    void qifDecimalComma() {
        const std::string text = "!Type:Bank\nD01/02/2024\nT-1.234,56\nPX\n^\n";
        auto r = runText("finimport_qif.so", "qif.transactions", text,
                         {{"default_currency", "EUR"}, {"number_format", "1.234,56"}});
        CPPUNIT_ASSERT_EQUAL(std::string("1234.56"), *r.rows[0]["signed_amount"]);
        auto strict = runText("finimport_qif.so", "qif.transactions", text);
        CPPUNIT_ASSERT(strict.errors ==
                       Strings({"1 invalid_number amount: Amount \"-1.234,56\" does "
                                "not match the number format 1,234.56"}));
    }

    void qifBadValues() {
        auto r = runText("finimport_qif.so", "qif.transactions",
                         "!Type:Bank\nD31/31/2024\nT5\n^\nPNo date\n^\nD01/02/2024\nTabc\n^\n",
                         {{"default_currency", "USD"}, {"date_format", "%m/%d/%Y"}});
        CPPUNIT_ASSERT(
            r.errors ==
            Strings({"1 invalid_date date: Date must exactly match the format: %m/%d/%Y",
                     "2 required date: Date is required", "2 required amount: Amount is required",
                     "3 invalid_number amount: Amount \"abc\" does not match the "
                     "number format 1,234.56"}));
    }

    // Three splits whose int64 sum wraps around to exactly -100.00 (2^64 - 10^10 scaled):
    // a wrapping sum would accept them (sums use checked arithmetic).
    void qifSplitSumNeverWraps() {
        auto r = runText("finimport_qif.so", "qif.transactions",
                         "!Type:Bank\nD01/02/2024\nT-100.00\nPA\nSX\n$90000000000\nSY\n"
                         "$90000000000\nSZ\n$4467440637.09551616\n^\n");
        CPPUNIT_ASSERT(r.errors ==
                       Strings({"1 split_mismatch amount: Split amounts total beyond the supported "
                                "range but the transaction amount is -100.00"}));
    }

    void qifSplitMismatchAndPercent() {
        auto r = runText("finimport_qif.so", "qif.transactions",
                         "!Type:Bank\nD01/02/2024\nT-100.00\nPA\nSX\n$-40.00\nSY\n$-50.00\n^\n"
                         "D01/03/2024\nT-80.00\nPB\nSX\n%25\nSY\n%75\n^\n");
        CPPUNIT_ASSERT(r.errors == Strings({"1 split_mismatch amount: Split amounts total -90.00 "
                                            "but the transaction amount is -100.00"}));
        CPPUNIT_ASSERT(r.column("amount") == Strings({"-100.00", "-40.00", "-50.00", "-80.00",
                                                      "-20.00", "-60.00", "<missing>"}));
        CPPUNIT_ASSERT(r.column("parent_record") ==
                       Strings({"<missing>", "1", "1", "<missing>", "4", "4", "<missing>"}));
    }

    void qifShareMoves() {
        auto r = runText("finimport_qif.so", "qif.transactions",
                         "!Type:Invst\nD01/02/2024\nNShrsIn\nYACME\nQ10\n^\n"
                         "D01/03/2024\nNShrsOut\nYACME\nQ4\n^\n");
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("signed_qty") == Strings({"10.0", "-4.0", "<missing>"}));
        CPPUNIT_ASSERT(r.column("price") == Strings({"0", "0", "<missing>"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == Strings({"0", "0", "<missing>"}));
    }

    void qifGarbageNeverCrashes() {
        const std::vector<std::string> inputs = {
            "!Type:Bank\n^\n^\n",
            "!Type:Bank",
            "!type:invst\nN\n^\nNBuy\nQ1e9999\n^\n",
            "!Type:Bank\nD'''\nT--\n$\n%\nS\n^\n",
            std::string("!Type:Bank\nD1/1/24\nT1\0x\n", 21),
            "!Account\n^\n!Type:Oth L\nD99/99/99\nT99999999999999999999\n^"};
        for (const auto& text : inputs) {
            auto r = runText("finimport_qif.so", "qif.transactions", text);
            CPPUNIT_ASSERT(r.status == FI_RUN_OK || r.status == FI_RUN_FAILED);
            CPPUNIT_ASSERT(r.status == FI_RUN_OK || !r.fatal.empty());
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FormatsMalformedTest);
