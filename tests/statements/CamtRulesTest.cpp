// CamtImport: one small hand-written document per rule of docs/decisions.md D49, D58, D59, D61–D63
// and D65.
#include "StatementTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

namespace {

using stmt::Strings;

const std::string kNs053 = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02";

std::string balance(const char* code, const char* amount, const char* cdi = "CRDT") {
    return std::string("<Bal><Tp><CdOrPrtry><Cd>") + code +
           "</Cd></CdOrPrtry></Tp><Amt Ccy=\"EUR\">" + amount + "</Amt><CdtDbtInd>" + cdi +
           "</CdtDbtInd><Dt><Dt>2024-01-31</Dt></Dt></Bal>";
}

std::string entry(const std::string& amount, const std::string& cdi, const std::string& more = "",
                  const std::string& details = "") {
    return "<Ntry><Amt Ccy=\"EUR\">" + amount + "</Amt><CdtDbtInd>" + cdi +
           "</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-15</Dt></BookgDt>" + more +
           (details.empty() ? "" : "<NtryDtls>" + details + "</NtryDtls>") + "</Ntry>";
}

std::string
statement(const std::string& body,
          const std::string& acct =
              "<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>") {
    return "<Stmt><Id>S1</Id>" + acct + body + "</Stmt>";
}

std::string document(const std::string& statements, const std::string& ns = kNs053,
                     const char* message = "BkToCstmrStmt") {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"" + ns + "\"><" +
           message + "><GrpHdr><MsgId>M</MsgId></GrpHdr>\n" + statements + "</" + message +
           "></Document>\n";
}

stmt::Output camt(const std::string& content) {
    return stmt::run("finimport_camt.so", "camt.statements", content);
}

} // namespace

class CamtRulesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CamtRulesTest);
    CPPUNIT_TEST(pendingEntriesAreSkippedAndCounted);
    CPPUNIT_TEST(signFromIndicatorAndReversalIgnored);
    CPPUNIT_TEST(bookingDateElseValueDateAsWritten);
    CPPUNIT_TEST(detailsWithOwnAmountsSplit);
    CPPUNIT_TEST(detailsThatDoNotSumKeepTheEntryAndWarn);
    CPPUNIT_TEST(instructedAmountIsNeverUsed);
    CPPUNIT_TEST(nameByDirectionThenUstrdThenEntryInfo);
    CPPUNIT_TEST(notesUstrdElseAdditionalInfo);
    CPPUNIT_TEST(externalIdOrderAndUnusableValues);
    CPPUNIT_TEST(splitEntryIdsStayDistinct);
    CPPUNIT_TEST(accountIbanElseOtherId);
    CPPUNIT_TEST(openingBalanceKindsAndDebitLevels);
    CPPUNIT_TEST(missingCurrencyWarns);
    CPPUNIT_TEST(anyVersionReportsAndNotifications);
    CPPUNIT_TEST(rowErrorsKeepGoing);
    CPPUNIT_TEST(extremeAmountsStayExact);
    CPPUNIT_TEST(malformedXmlIsRefusedWithLine);
    CPPUNIT_TEST(doctypeAndEntityAttacksAreRefused);
    CPPUNIT_TEST(xmlWithoutStatementIsRefused);
    CPPUNIT_TEST(stopsWhenTheHostSaysSo);
    CPPUNIT_TEST(probeAndManifest);
    CPPUNIT_TEST_SUITE_END();

public:
    void pendingEntriesAreSkippedAndCounted() {
        std::string pending = entry("5.00", "DBIT");
        pending.replace(pending.find("BOOK"), 4, "PDNG");
        // camt.053.001.08 nests the status code: <Sts><Cd>BOOK</Cd></Sts>.
        std::string nested = entry("1.00", "CRDT");
        nested.replace(nested.find("<Sts>BOOK</Sts>"), 15, "<Sts><Cd>BOOK</Cd></Sts>");
        auto o = camt(document(statement(entry("2.00", "CRDT") + pending + pending + nested)));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"2.00", "1.00"}));
        CPPUNIT_ASSERT(o.messages() ==
                       Strings({"Statement S1: 2 pending entries were skipped (only booked "
                                "entries are imported)"}));
    }

    void signFromIndicatorAndReversalIgnored() {
        auto o = camt(document(statement(entry("10.5", "CRDT", "<RvslInd>true</RvslInd>") +
                                         entry("3", "DBIT", "<RvslInd>true</RvslInd>"))));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"10.5", "-3"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "signed_amount") == Strings({"-10.5", "3"}));
    }

    void bookingDateElseValueDateAsWritten() {
        std::string late = entry("1.00", "DBIT");
        late.replace(late.find("<Dt>2024-01-15</Dt>"), 19,
                     "<DtTm>2024-01-31T23:30:00-05:00</DtTm>");
        std::string valueOnly = entry("2.00", "DBIT");
        valueOnly.replace(valueOnly.find("<BookgDt><Dt>2024-01-15</Dt></BookgDt>"), 38,
                          "<ValDt><Dt>2024-02-01+02:00</Dt></ValDt>");
        std::string both = entry("3.00", "DBIT", "<ValDt><Dt>2024-03-09</Dt></ValDt>");
        auto o = camt(document(statement(late + valueOnly + both)));
        CPPUNIT_ASSERT(o.column(o.transactions, "date") ==
                       Strings({"2024-01-31", "2024-02-01", "2024-01-15"}));
    }

    void detailsWithOwnAmountsSplit() {
        // camt.053.001.08 style: each TxDtls has its own Amt and CdtDbtInd.
        const std::string details =
            "<TxDtls><Amt Ccy=\"EUR\">120.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></TxDtls>"
            "<TxDtls><Amt Ccy=\"EUR\">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></TxDtls>"
            "<TxDtls><AmtDtls><TxAmt><Amt Ccy=\"EUR\">0.50</Amt></TxAmt></AmtDtls></TxDtls>";
        auto o = camt(document(statement(entry("100.50", "DBIT", "", details))));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({"-120.00", "20.00", "-0.50"}));
        CPPUNIT_ASSERT(o.warnings.empty());
    }

    void detailsThatDoNotSumKeepTheEntryAndWarn() {
        const std::string details =
            "<TxDtls><Amt Ccy=\"EUR\">60.00</Amt></TxDtls><TxDtls><Amt Ccy=\"EUR\">30.00</Amt>"
            "</TxDtls>";
        auto o = camt(
            document(statement(entry("100.00", "DBIT", "<AcctSvcrRef>R9</AcctSvcrRef>", details))));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"-100.00"}));
        CPPUNIT_ASSERT_EQUAL(std::string("R9"), *o.transactions[0]["external_id"]);
        CPPUNIT_ASSERT(o.messages() ==
                       Strings({"Statement S1: the details of entry R9 sum to -90.00, not the "
                                "entry's -100.00; it is imported as one transaction"}));
    }

    void instructedAmountIsNeverUsed() {
        const std::string details =
            "<TxDtls><AmtDtls><InstdAmt><Amt Ccy=\"USD\">11.00</Amt></InstdAmt></AmtDtls>"
            "<RltdPties><Cdtr><Nm>Shop</Nm></Cdtr></RltdPties></TxDtls>"
            "<TxDtls><AmtDtls><InstdAmt><Amt Ccy=\"USD\">2.00</Amt></InstdAmt></AmtDtls></TxDtls>";
        auto o = camt(document(statement(entry("12.34", "DBIT", "", details))));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"-12.34"}));
        CPPUNIT_ASSERT(o.warnings.empty());
    }

    void nameByDirectionThenUstrdThenEntryInfo() {
        const std::string parties =
            "<RltdPties><Dbtr><Pty><Nm>Payer Ltd</Nm></Pty></Dbtr><Cdtr><Nm>Payee GmbH</Nm>"
            "</Cdtr></RltdPties>";
        const std::string info = "<AddtlNtryInf>  ENTRY\n   INFO </AddtlNtryInf>";
        auto o = camt(document(statement(
            entry("1.00", "CRDT", "", "<TxDtls>" + parties + "</TxDtls>") +
            entry("2.00", "DBIT", "", "<TxDtls>" + parties + "</TxDtls>") +
            entry(
                "3.00", "DBIT", info,
                "<TxDtls><RmtInf><Ustrd>Invoice 7</Ustrd><Ustrd>and 8</Ustrd></RmtInf></TxDtls>") +
            entry("4.00", "DBIT", info) +
            entry("5.00", "DBIT", "<AddtlNtryInf> </AddtlNtryInf>"))));
        CPPUNIT_ASSERT(
            o.column(o.transactions, "name") ==
            Strings({"Payer Ltd", "Payee GmbH", "Invoice 7 and 8", "ENTRY INFO", "Imported item"}));
    }

    void notesUstrdElseAdditionalInfo() {
        const std::string info = "<AddtlNtryInf>Entry info</AddtlNtryInf>";
        auto o = camt(document(statement(
            entry("1.00", "DBIT", info,
                  "<TxDtls><RmtInf><Ustrd>Remit</Ustrd></RmtInf><AddtlTxInf>Tx info</AddtlTxInf>"
                  "</TxDtls>") +
            entry("2.00", "DBIT", info, "<TxDtls><AddtlTxInf>Tx info</AddtlTxInf></TxDtls>") +
            entry("3.00", "DBIT", info))));
        CPPUNIT_ASSERT(o.column(o.transactions, "notes") ==
                       Strings({"Remit", "Tx info", "Entry info"}));
    }

    void externalIdOrderAndUnusableValues() {
        auto o = camt(document(statement(
            entry("1.00", "DBIT", "<AcctSvcrRef>A1</AcctSvcrRef><NtryRef>N1</NtryRef>",
                  "<TxDtls><Refs><EndToEndId>E1</EndToEndId></Refs></TxDtls>") +
            entry("2.00", "DBIT", "<AcctSvcrRef>nonref</AcctSvcrRef><NtryRef>N2</NtryRef>") +
            entry("3.00", "DBIT", "<NtryRef>NONE</NtryRef>",
                  "<TxDtls><Refs><EndToEndId>E3</EndToEndId></Refs></TxDtls>") +
            entry("4.00", "DBIT", "<AcctSvcrRef>A4</AcctSvcrRef>",
                  "<TxDtls><Refs><AcctSvcrRef>D4</AcctSvcrRef></Refs></TxDtls>") +
            entry("5.00", "DBIT", "",
                  "<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs></TxDtls>"))));
        CPPUNIT_ASSERT(o.column(o.transactions, "external_id") ==
                       Strings({"A1", "N2", "E3", "D4", "<null>"}));
    }

    void splitEntryIdsStayDistinct() {
        const std::string details =
            "<TxDtls><Amt Ccy=\"EUR\">1.00</Amt><Refs><EndToEndId>E1</EndToEndId></Refs></TxDtls>"
            "<TxDtls><Amt Ccy=\"EUR\">2.00</Amt><Refs><AcctSvcrRef>D2</AcctSvcrRef></Refs>"
            "</TxDtls>";
        auto o = camt(
            document(statement(entry("3.00", "DBIT", "<AcctSvcrRef>BATCH</AcctSvcrRef>", details) +
                               entry("3.00", "CRDT", "", details))));
        CPPUNIT_ASSERT(o.column(o.transactions, "external_id") ==
                       Strings({"BATCH#1", "D2", "E1", "D2"}));
    }

    void accountIbanElseOtherId() {
        auto o = camt(document(
            statement(entry("1.00", "DBIT"),
                      "<Acct><Id><Othr><Id>0012345678</Id></Othr></Id><Ccy>CHF</Ccy></Acct>") +
            statement(entry("1.00", "DBIT"))));
        CPPUNIT_ASSERT(o.column(o.statements, "account") ==
                       Strings({"0012345678", "DE89370400440532013000"}));
        // Both say <Id>S1</Id>: ids stay unique within the file.
        CPPUNIT_ASSERT(o.column(o.statements, "statement_id") == Strings({"S1", "S1 (2)"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "statement_id") == Strings({"S1", "S1 (2)"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "account") ==
                       Strings({"0012345678", "DE89370400440532013000"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "currency") == Strings({"CHF", "EUR"}));
        CPPUNIT_ASSERT(o.column(o.statements, "account_kind") ==
                       Strings({"depository", "depository"}));
    }

    void openingBalanceKindsAndDebitLevels() {
        // PRCD opens when there is no OPBD; a DBIT level is negative; entries are summed.
        auto prcd = camt(document(statement(balance("CLBD", "5.00", "DBIT") +
                                            balance("PRCD", "10.00") + entry("15.00", "DBIT"))));
        CPPUNIT_ASSERT_EQUAL(std::string("10.00"), *prcd.statements[0]["opening_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-5.00"), *prcd.statements[0]["closing_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-31"), *prcd.statements[0]["closing_date"]);
        CPPUNIT_ASSERT(prcd.warnings.empty());
        // ITBD opens a report; the mismatch names every figure.
        auto itbd =
            camt(document(statement(balance("ITBD", "100.00") + balance("CLBD", "90.000") +
                                    entry("7.5", "DBIT") + entry("0.25", "CRDT")),
                          "urn:iso:std:iso:20022:tech:xsd:camt.052.001.02", "BkToCstmrAcctRpt"));
        CPPUNIT_ASSERT(itbd.messages() ==
                       Strings({"Statement S1: opening 100.000 + entries -7.250 = 92.750, but "
                                "the statement states 90.000"}));
        // Without a closing level nothing is checked; absent levels are null.
        auto none = camt(document(statement(entry("1.00", "DBIT"))));
        CPPUNIT_ASSERT(none.warnings.empty());
        CPPUNIT_ASSERT(!none.statements[0]["opening_balance"].has_value());
        CPPUNIT_ASSERT(!none.statements[0]["closing_date"].has_value());
    }

    void missingCurrencyWarns() {
        std::string e = entry("1.00", "DBIT");
        e.replace(e.find(" Ccy=\"EUR\""), 10, " Ccy=\"XXX\"");
        auto o = camt(document(statement(e, "<Acct><Id><IBAN>X1</IBAN></Id></Acct>")));
        CPPUNIT_ASSERT(!o.transactions[0]["currency"].has_value());
        CPPUNIT_ASSERT_EQUAL(std::string("false"), *o.transactions[0]["currency_given"]);
        CPPUNIT_ASSERT(!o.statements[0]["currency"].has_value());
        CPPUNIT_ASSERT(o.messages() ==
                       Strings({"Statement S1 states no currency: its entries take the account's "
                                "currency"}));
    }

    void anyVersionReportsAndNotifications() {
        const std::string body = entry("4.20", "CRDT");
        auto v8 = camt(document(statement(body), "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"));
        auto rpt = camt(document(
            "<Rpt><Id>R</Id><Acct><Id><IBAN>I</IBAN></Id><Ccy>EUR</Ccy></Acct>" + body + "</Rpt>",
            "urn:iso:std:iso:20022:tech:xsd:camt.052.001.06", "BkToCstmrAcctRpt"));
        auto ntf = camt(document("<Ntfctn><Id>N</Id><Acct><Id><IBAN>I</IBAN></Id><Ccy>EUR</Ccy>"
                                 "</Acct>" +
                                     body + "</Ntfctn>",
                                 "urn:iso:std:iso:20022:tech:xsd:camt.054.001.04",
                                 "BkToCstmrDbtCdtNtfctn"));
        // A prefixed namespace and no namespace at all read alike.
        auto prefixed = camt("<c:Document xmlns:c=\"urn:x\"><c:BkToCstmrStmt><c:Stmt><c:Id>P</c:Id>"
                             "<c:Acct><c:Ccy>EUR</c:Ccy></c:Acct><c:Ntry><c:Amt>4.20</c:Amt>"
                             "<c:CdtDbtInd>CRDT</c:CdtDbtInd><c:BookgDt><c:Dt>2024-01-15</c:Dt>"
                             "</c:BookgDt></c:Ntry></c:Stmt></c:BkToCstmrStmt></c:Document>");
        auto bare = camt("<Document><BkToCstmrStmt><Stmt><Ntry><Amt>4.20</Amt><CdtDbtInd>CRDT"
                         "</CdtDbtInd><ValDt><Dt>2024-01-15</Dt></ValDt></Ntry></Stmt>"
                         "</BkToCstmrStmt></Document>");
        for (const auto* o : {&v8, &rpt, &ntf, &prefixed, &bare}) {
            CPPUNIT_ASSERT_EQUAL(std::string(), o->result.fatal);
            CPPUNIT_ASSERT(o->column(o->transactions, "amount") == Strings({"4.20"}));
            CPPUNIT_ASSERT(o->column(o->transactions, "date") == Strings({"2024-01-15"}));
        }
        CPPUNIT_ASSERT(rpt.column(rpt.statements, "statement_id") == Strings({"R"}));
        CPPUNIT_ASSERT(ntf.column(ntf.statements, "statement_id") == Strings({"N"}));
        CPPUNIT_ASSERT(bare.column(bare.statements, "statement_id") == Strings({"#1"}));
    }

    void rowErrorsKeepGoing() {
        std::string badDate = entry("1.00", "DBIT");
        badDate.replace(badDate.find("2024-01-15"), 10, "2024-02-30");
        std::string noDate = entry("6.00", "DBIT");
        noDate.replace(noDate.find("<BookgDt><Dt>2024-01-15</Dt></BookgDt>"), 38, "");
        auto o = camt(document(
            statement(entry("1,00", "DBIT") + entry("-2.00", "CRDT") + entry("3.00", "BOTH") +
                      badDate + "<Ntry><CdtDbtInd>DBIT</CdtDbtInd></Ntry>" + noDate +
                      entry("7.00", "CRDT") + balance("OPBD", "1.00") + balance("CLBD", "2.00"))));
        CPPUNIT_ASSERT_EQUAL(std::size_t(7), o.transactions.size());
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({"1,00", "-2.00", "3.00", "-1.00", "<null>", "-6.00", "7.00"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "signed_amount") ==
                       Strings({"<null>", "<null>", "<null>", "1.00", "<null>", "6.00", "-7.00"}));
        CPPUNIT_ASSERT(
            o.result.errors ==
            Strings({"2 invalid_number amount: Amount \"1,00\" is not a CAMT amount (digits and "
                     "an optional . fraction)",
                     "3 invalid_number amount: Amount \"-2.00\" is not a CAMT amount (digits and "
                     "an optional . fraction)",
                     "4 invalid_number amount: Credit/debit indicator must be CRDT or DBIT, not "
                     "\"BOTH\"",
                     "5 invalid_date date: Date must be an ISO 8601 date (YYYY-MM-DD): 2024-02-30",
                     "6 required date: Date is required", "6 required amount: Amount is required",
                     "7 required date: Date is required"}));
        // An unreadable entry makes the sum unknown: no reconciliation line.
        CPPUNIT_ASSERT(o.warnings.empty());
    }

    void extremeAmountsStayExact() {
        const std::string max = "92233720368.54775807";
        auto o = camt(document(
            statement(balance("OPBD", "0.00000001", "DBIT") + balance("CLBD", "1") +
                      entry(max, "CRDT") + entry(max, "CRDT") +
                      entry("92233720368.54775808", "DBIT") + entry("0.000000001", "DBIT"))));
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({max, max, "92233720368.54775808", "0.000000001"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "signed_amount") ==
                       Strings({"-" + max, "-" + max, "<null>", "<null>"}));
        CPPUNIT_ASSERT_EQUAL(std::string("-0.00000001"), *o.statements[0]["opening_balance"]);
        auto sum = camt(document(statement(balance("OPBD", "0") + balance("CLBD", "1") +
                                           entry(max, "CRDT") + entry(max, "CRDT"))));
        CPPUNIT_ASSERT(sum.messages() ==
                       Strings({"Statement S1: the entries do not sum to a representable amount"}));
    }

    void malformedXmlIsRefusedWithLine() {
        auto o = camt(document(statement(entry("1.00", "DBIT") + "\n<Ntry><Amt>1</Ntry>")));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: mismatched tag (line 4)"),
                             o.result.fatal);
        CPPUNIT_ASSERT_EQUAL(1, o.result.status);
        auto truncated = camt(document(statement(entry("1.00", "DBIT"))).substr(0, 200));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: no element found (line 3)"),
                             truncated.result.fatal);
        auto nul = camt(std::string("<Document>\n\0</Document>", 23));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: not well-formed (invalid "
                                         "token) (line 2)"),
                             nul.result.fatal);
    }

    void doctypeAndEntityAttacksAreRefused() {
        const std::string laughs =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
            "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">]>\n"
            "<Document><BkToCstmrStmt><Stmt><Id>&lol2;</Id></Stmt></BkToCstmrStmt></Document>";
        auto o = camt(laughs);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CAMT could not be parsed: a DOCTYPE is not allowed in a CAMT file "
                        "(line 2)"),
            o.result.fatal);
        const std::string external = "<?xml version=\"1.0\"?>\n<!DOCTYPE d SYSTEM "
                                     "\"file:///etc/passwd\">\n<Document/>";
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CAMT could not be parsed: a DOCTYPE is not allowed in a CAMT file "
                        "(line 2)"),
            camt(external).result.fatal);
        // An undeclared entity is an error, never a lookup.
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: undefined entity (line 1)"),
                             camt("<Document>&xxe;</Document>").result.fatal);
    }

    void xmlWithoutStatementIsRefused() {
        auto o = camt("<?xml version=\"1.0\"?>\n<Document>\n<Other/>\n</Document>\n");
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: no Stmt, Rpt or Ntfctn "
                                         "element was found (line 5)"),
                             o.result.fatal);
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: no element found (line 1)"),
                             camt("").result.fatal);
    }

    void stopsWhenTheHostSaysSo() {
        const fi_importer& imp =
            harness::findImporter(harness::loadPlugin("finimport_camt.so"), "camt.statements");
        const std::string doc = document(statement(entry("1.00", "DBIT") + entry("2.00", "DBIT")) +
                                         statement(entry("3.00", "DBIT")));
        const auto r = harness::run(imp, doc, {}, {4096, 3});
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_STOPPED), r.status);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.rows.size()); // only the statement row
    }

    void probeAndManifest() {
        const fi_importer& imp =
            harness::findImporter(harness::loadPlugin("finimport_camt.so"), "camt.statements");
        const std::string doc = document(statement(entry("1.00", "DBIT")));
        CPPUNIT_ASSERT_EQUAL(int(FI_PROBE_YES), int(imp.probe(doc.data(), doc.size(), "a.xml")));
        CPPUNIT_ASSERT_EQUAL(int(FI_PROBE_NO), int(imp.probe("<html/>", 7, "a.xml")));
        const std::string file =
            harness::readFile(std::string(FINIMPORT_SOURCE_DIR) + "/plugins/camt/manifest.json");
        // Embedded at build time from the one file (finimport_add_plugin MANIFEST): byte for byte.
        CPPUNIT_ASSERT_EQUAL(file, std::string(imp.manifest_json));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CamtRulesTest);
