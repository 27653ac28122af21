// Mt940Import: one small hand-written file per rule of docs/decisions.md D50, D58, D59, D61, D62
// and D65.
#include "StatementTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

namespace {

using stmt::Strings;

stmt::Output mt940(const std::string& content) {
    return stmt::run("finimport_mt940.so", "mt940.statements", content);
}

std::string statement(const std::string& lines, const char* number = "1/1") {
    return std::string(":20:REF\n:25:NL91ABNA0417164300\n:28C:") + number +
           "\n:60F:C240101EUR100,00\n" + lines + "-\n";
}

} // namespace

class Mt940RulesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(Mt940RulesTest);
    CPPUNIT_TEST(swiftBlocksAndTextOutsideStatementsAreIgnored);
    CPPUNIT_TEST(marksGiveTheSign);
    CPPUNIT_TEST(entryDateYearFollowsTheValueDate);
    CPPUNIT_TEST(amountsWithShortFractions);
    CPPUNIT_TEST(structuredDetails);
    CPPUNIT_TEST(freeDetailsAndSupplementaryLine);
    CPPUNIT_TEST(bankReferenceIsTheId);
    CPPUNIT_TEST(severalStatementsWithoutTerminators);
    CPPUNIT_TEST(intermediateBalancesReconcile);
    CPPUNIT_TEST(mt942WithoutBalances);
    CPPUNIT_TEST(missingCurrencyAndBadBalanceWarn);
    CPPUNIT_TEST(rowErrorsKeepGoing);
    CPPUNIT_TEST(lineEndings);
    CPPUNIT_TEST(refusals);
    CPPUNIT_TEST(stopsWhenTheHostSaysSo);
    CPPUNIT_TEST(probeAndManifest);
    CPPUNIT_TEST(readmeExample);
    CPPUNIT_TEST_SUITE_END();

public:
    void swiftBlocksAndTextOutsideStatementsAreIgnored() {
        const std::string file =
            "{1:F01ABNANL2AXXXX0000000000}{2:O9401200240102ABNANL2AXXXX00000000002401021200N}"
            "{4:\n:20:REF\n:25:X\n:28C:7/1\n:60F:C240101EUR0,\n:61:240102C5,NTRFNONREF\n"
            ":62F:C240102EUR5,\n-}{5:{CHK:123456789ABC}}\n:61:240103C7,NTRFNONREF\nnoise\n";
        auto o = mt940(file);
        CPPUNIT_ASSERT_EQUAL(std::string(), o.result.fatal);
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"5"}));
        CPPUNIT_ASSERT(o.warnings.empty());
    }

    void marksGiveTheSign() {
        // docs/decisions.md D61: C and RD are money in; D and RC money out; a letter after the mark
        // is the funds code.
        auto o = mt940(statement(":61:240102C1,00NTRFNONREF\n:61:240102D2,00NTRFNONREF\n"
                                 ":61:240102RC3,00NTRFNONREF\n:61:240102RD4,00NTRFNONREF\n"
                                 ":61:240102CR5,00NTRFNONREF\n:61:240102DR6,00NTRFNONREF\n"
                                 ":61:2401020102RDR7,00NTRFNONREF\n"));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({"1.00", "-2.00", "-3.00", "4.00", "5.00", "-6.00", "7.00"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "signed_amount") ==
                       Strings({"-1.00", "2.00", "3.00", "-4.00", "-5.00", "6.00", "-7.00"}));
    }

    void entryDateYearFollowsTheValueDate() {
        auto o = mt940(statement(":61:2312310102D1,NTRFNONREF\n:61:2401021231D1,NTRFNONREF\n"
                                 ":61:240229D1,NTRFNONREF\n:61:6901010101D1,NTRFNONREF\n"
                                 ":61:6812310101D1,NTRFNONREF\n"));
        CPPUNIT_ASSERT(
            o.column(o.transactions, "date") ==
            Strings({"2024-01-02", "2023-12-31", "2024-02-29", "1969-01-01", "2069-01-01"}));
    }

    void amountsWithShortFractions() {
        auto o = mt940(statement(":61:240102D9,NTRFNONREF\n:61:240102D11,8NTRFNONREF\n"
                                 ":61:240102C0,01NTRFNONREF\n:61:240102C1234567,12345678NTRF\n"));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({"-9", "-11.8", "0.01", "1234567.12345678"}));
    }

    void structuredDetails() {
        auto o = mt940(statement(
            ":61:240102C100,00NTRFNONREF\n"
            ":86:166?00GUTSCHRIFT?109249?20EREF+123?21Miete Ja\nnuar?30BYLADEM1001?31DE0270\n"
            "0202?32Max Muster?33mann GmbH?34000\n"
            ":61:240102D1,00NMSCNONREF\n:86:?00LASTSCHRIFT?20Beitrag\n"
            ":61:240102D1,00NMSCNONREF\n:86:805?10931?20Fee\n"));
        CPPUNIT_ASSERT(o.column(o.transactions, "name") ==
                       Strings({"Max Mustermann GmbH", "LASTSCHRIFT", "805?10931?20Fee"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "notes") ==
                       Strings({"EREF+123Miete Januar", "Beitrag", "Fee"}));
    }

    void freeDetailsAndSupplementaryLine() {
        auto o =
            mt940(statement(":86:statement-level text is not an entry's\n"
                            ":61:240102D1,00NTRFNONREF\nCARD 1234\nmore supplementary text\n"
                            ":61:240102D2,00NTRFNONREF\nCARD 5678\n:86:  Shop  \n  Street 1\n\n"
                            ":61:240102D3,00NTRFNONREF\n"));
        CPPUNIT_ASSERT(o.column(o.transactions, "name") ==
                       Strings({"CARD 1234", "Shop", "Imported item"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "notes") == Strings({"", "Shop Street 1", ""}));
    }

    void bankReferenceIsTheId() {
        auto o = mt940(statement(":61:240102D1,NTRFCUST1//BANK99\n:61:240102D1,NTRFCUST2//nonref\n"
                                 ":61:240102D1,NTRFCUST3\n:61:240102D1,NTRFNONREF//B 7 \n"));
        CPPUNIT_ASSERT(o.column(o.transactions, "external_id") ==
                       Strings({"BANK99", "<null>", "<null>", "B 7"}));
    }

    void severalStatementsWithoutTerminators() {
        auto o = mt940(":20:A\n:25:ACC1\n:28C:5/1\n:60F:C240101EUR0,\n:61:240102C1,NTRFNONREF\n"
                       ":20:B\n:25:ACC2\n:28C:5/1\n:60F:D240101USD0,\n:61:240102D2,NTRFNONREF\n"
                       ":20:C\n:25:ACC3\n:60F:C240101EUR0,\n:61:240102C3,NTRFNONREF\n");
        CPPUNIT_ASSERT(o.column(o.statements, "statement_id") == Strings({"5/1", "5/1 (2)", "C"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "account") == Strings({"ACC1", "ACC2", "ACC3"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "currency") == Strings({"EUR", "USD", "EUR"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "statement_id") ==
                       Strings({"5/1", "5/1 (2)", "C"}));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), *o.statements[1]["opening_balance"]); // D0, is 0
    }

    void intermediateBalancesReconcile() {
        auto ok = mt940(":20:R\n:25:A\n:28C:1/2\n:60M:D240101EUR10,50\n:61:240102C0,5NTRFNONREF\n"
                        ":62M:D240102EUR10,\n-\n");
        CPPUNIT_ASSERT_EQUAL(std::string("-10.50"), *ok.statements[0]["opening_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-10"), *ok.statements[0]["closing_balance"]);
        CPPUNIT_ASSERT(ok.warnings.empty());
        auto bad = mt940(":20:R\n:25:A\n:28C:1/2\n:60F:C240101EUR10,50\n:61:240102D0,5NTRFNONREF\n"
                         ":62F:C240102EUR10,01\n-\n");
        CPPUNIT_ASSERT(bad.messages() ==
                       Strings({"Statement 1/2: opening 10.50 + entries -0.50 = 10.00, but the "
                                "statement states 10.01"}));
    }

    void mt942WithoutBalances() {
        auto o = mt940(":20:MT942\n:25:A\n:28C:3\n:34F:CHFD0,\n:13D:2401021200+0100\n"
                       ":61:240102D4,NTRFNONREF\n:86:Coffee\n:90D:1CHF4,\n-\n");
        CPPUNIT_ASSERT(o.column(o.transactions, "currency") == Strings({"CHF"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"-4"}));
        CPPUNIT_ASSERT(!o.statements[0]["opening_balance"].has_value());
        CPPUNIT_ASSERT(o.warnings.empty());
    }

    void missingCurrencyAndBadBalanceWarn() {
        auto o = mt940(":20:R\n:25:A\n:60F:X240101EUR1,\n:61:240102D4,NTRFNONREF\n-\n");
        CPPUNIT_ASSERT(!o.transactions[0]["currency"].has_value());
        CPPUNIT_ASSERT_EQUAL(std::string("false"), *o.transactions[0]["currency_given"]);
        CPPUNIT_ASSERT(o.messages() ==
                       Strings({"Statement R states no currency: its entries take the account's "
                                "currency",
                                "Statement R: the balance :60F: could not be read: X240101EUR1,"}));
    }

    void rowErrorsKeepGoing() {
        auto o = mt940(statement(":61:241332D1,NTRFNONREF\n:61:2401021340D1,NTRFNONREF\n"
                                 ":61:240102X1,NTRFNONREF\n:61:240102D1.000,00NTRFNONREF\n"
                                 ":61:240102DNTRFNONREF\n:61:240102D5,NTRFNONREF\n") +
                       "");
        CPPUNIT_ASSERT(o.column(o.transactions, "date") ==
                       Strings({"241332", "2401021340", "2024-01-02", "2024-01-02", "2024-01-02",
                                "2024-01-02"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({"-1", "-1", "240102X1,NTRFNONREF", "1.000,00", "", "-5"}));
        CPPUNIT_ASSERT(
            o.result.errors ==
            Strings(
                {"2 invalid_date date: The :61: value date must be YYMMDD: 241332",
                 "3 invalid_date date: The :61: entry date must be MMDD: 1340",
                 "4 invalid_number amount: The :61: line has no C, D, RC or RD mark: "
                 "240102X1,NTRFNONREF",
                 "5 invalid_number amount: Amount \"1.000,00\" is not an MT940 amount (digits and "
                 "a "
                 "decimal comma)",
                 "6 invalid_number amount: Amount is required"}));
    }

    void lineEndings() {
        const std::string lf = statement(":61:240102D1,NTRFNONREF\n:86:Shop\nStreet\n");
        std::string crlf, cr;
        for (char c : lf) {
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
            cr += c == '\n' ? '\r' : c;
        }
        const auto expected = mt940(lf).result.rows;
        CPPUNIT_ASSERT(mt940(crlf).result.rows == expected);
        CPPUNIT_ASSERT(mt940(cr).result.rows == expected);
        CPPUNIT_ASSERT(mt940(lf.substr(0, lf.size() - 3)).result.rows == expected); // no "-"
    }

    void refusals() {
        CPPUNIT_ASSERT_EQUAL(std::string("The MT940 could not be parsed: no :20: statement was "
                                         "found (line 3)"),
                             mt940("hello\n:25:X\n").result.fatal);
        CPPUNIT_ASSERT_EQUAL(std::string("The MT940 could not be parsed: no :20: statement was "
                                         "found (line 1)"),
                             mt940("").result.fatal);
        auto nul = mt940(std::string(":20:A\n:25:B\x00\n", 13));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The MT940 could not be parsed: the file contains a NUL byte (line 2)"),
            nul.result.fatal);
        CPPUNIT_ASSERT_EQUAL(1, nul.result.status);
    }

    void stopsWhenTheHostSaysSo() {
        const fi_importer& imp =
            harness::findImporter(harness::loadPlugin("finimport_mt940.so"), "mt940.statements");
        const auto r = harness::run(imp, statement(":61:240102D1,NTRFNONREF\n") + statement(""), {},
                                    {4096, 3});
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_STOPPED), r.status);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.rows.size());
    }

    void probeAndManifest() {
        const fi_importer& imp =
            harness::findImporter(harness::loadPlugin("finimport_mt940.so"), "mt940.statements");
        const std::string file = statement(":61:240102D1,NTRFNONREF\n");
        CPPUNIT_ASSERT_EQUAL(int(FI_PROBE_YES), int(imp.probe(file.data(), file.size(), "a.sta")));
        CPPUNIT_ASSERT_EQUAL(int(FI_PROBE_NO), int(imp.probe("a,b\n1,2\n", 8, "a.txt")));
        const std::string manifest =
            harness::readFile(std::string(FINIMPORT_SOURCE_DIR) + "/plugins/mt940/manifest.json");
        // Embedded at build time from the one file (finimport_add_plugin MANIFEST): byte for byte.
        CPPUNIT_ASSERT_EQUAL(manifest, std::string(imp.manifest_json));
    }

    void readmeExample() {
        auto o = mt940(":20:STARTUMS\n:25:10020030/1234567\n:28C:5/1\n:60F:C240101EUR100,00\n"
                       ":61:2401020102D12,5NDDTNONREF//B4A01\n"
                       ":86:105?00LASTSCHRIFT?20Strom Januar?32Stadtwerke\n"
                       ":62F:C240102EUR87,50\n-\n");
        CPPUNIT_ASSERT(o.column(o.statements, "statement_id") == Strings({"5/1"}));
        CPPUNIT_ASSERT(o.column(o.statements, "opening_balance") == Strings({"100.00"}));
        CPPUNIT_ASSERT(o.column(o.statements, "closing_balance") == Strings({"87.50"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "date") == Strings({"2024-01-02"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"-12.5"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "name") == Strings({"Stadtwerke"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "notes") == Strings({"Strom Januar"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "external_id") == Strings({"B4A01"}));
        CPPUNIT_ASSERT(o.warnings.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(Mt940RulesTest);
