// One small hand-written file per rule of docs/decisions.md D48, D58-D60 and D65, through the built
// plugin.
#include "OfxTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using ofxtest::value;
using Strings = std::vector<std::string>;

namespace {

const std::string kSgmlHeader = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\n"
                                "ENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\n"
                                "OLDFILEUID:NONE\nNEWFILEUID:NONE\n\n";

// An SGML bank statement holding `entries` (STMTTRN bodies).
std::string bank(const std::string& entries, const std::string& curdef = "USD",
                 const std::string& eol = "\n") {
    return kSgmlHeader + "<OFX>" + eol + "<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>" + curdef +
           eol + "<BANKACCTFROM><BANKID>1<ACCTID>998877<ACCTTYPE>CHECKING</BANKACCTFROM>" + eol +
           "<BANKTRANLIST><DTSTART>20240101<DTEND>20240131" + eol + entries +
           "</BANKTRANLIST><LEDGERBAL><BALAMT>10.00<DTASOF>20240131</LEDGERBAL>" + eol +
           "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>" + eol;
}

std::string trn(const std::string& amount, const std::string& extra = "<NAME>Shop") {
    return "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>" + amount + "<FITID>F1" + extra +
           "</STMTTRN>\n";
}

// An investment statement with `entries` in its INVTRANLIST and `seclist` after it.
std::string invest(const std::string& entries, const std::string& seclist = "") {
    return kSgmlHeader +
           "<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20240131<CURDEF>USD"
           "<INVACCTFROM><BROKERID>b<ACCTID>555</INVACCTFROM><INVTRANLIST><DTSTART>20240101"
           "<DTEND>20240131\n" +
           entries +
           "</INVTRANLIST><INVPOSLIST><POSSTOCK><INVPOS><SECID><UNIQUEID>X<UNIQUEIDTYPE>CUSIP"
           "</SECID><HELDINACCT>CASH<POSTYPE>LONG<UNITS>5<UNITPRICE>1<MKTVAL>5"
           "<DTPRICEASOF>20240131</INVPOS></POSSTOCK></INVPOSLIST>"
           "</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>" +
           (seclist.empty()
                ? ""
                : "<SECLISTMSGSRSV1><SECLIST>" + seclist + "</SECLIST></SECLISTMSGSRSV1>") +
           "</OFX>\n";
}

std::string invtran(const std::string& fitid) {
    return "<INVTRAN><FITID>" + fitid + "<DTTRADE>20240110093000.000[-5:EST]</INVTRAN>";
}
const std::string kSecId = "<SECID><UNIQUEID>US0000000001<UNIQUEIDTYPE>ISIN</SECID>";
const std::string kSecList =
    "<STOCKINFO><SECINFO>" + kSecId + "<SECNAME>Acme &amp; Sons<TICKER>acme</SECINFO></STOCKINFO>";

} // namespace

class OfxRulesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OfxRulesTest);
    CPPUNIT_TEST(amountsWithCommaPlusAndZeros);
    CPPUNIT_TEST(badAmountIsARowError);
    CPPUNIT_TEST(amountWithTooManyPlaces);
    CPPUNIT_TEST(datesAsWritten);
    CPPUNIT_TEST(badAndMissingDates);
    CPPUNIT_TEST(nameFallbacks);
    CPPUNIT_TEST(entitiesDecodedUntilStable);
    CPPUNIT_TEST(missingEndTagsOfEntries);
    CPPUNIT_TEST(textInsideTheRoot);
    CPPUNIT_TEST(rawLessThanInText);
    CPPUNIT_TEST(anyLineEndings);
    CPPUNIT_TEST(junkBeforeHeader);
    CPPUNIT_TEST(xmlWithEmptyAndSelfClosingElements);
    CPPUNIT_TEST(emptyCurrencyWarns);
    CPPUNIT_TEST(severalStatementsOfEachKind);
    CPPUNIT_TEST(buysSellsAndSecurityNames);
    CPPUNIT_TEST(reinvestIsBuyPlusIncome);
    CPPUNIT_TEST(cashInvestmentTransactions);
    CPPUNIT_TEST(transferJournalAndSplitAtPriceZero);
    CPPUNIT_TEST(unknownInvestmentEntriesWarn);
    CPPUNIT_TEST(tickerFallsBackToSecurityId);
    CPPUNIT_TEST(noOfxElement);
    CPPUNIT_TEST(noStatement);
    CPPUNIT_TEST(truncatedFile);
    CPPUNIT_TEST(notUtf8IsReadAsWindows1252);
    CPPUNIT_TEST(stopIsHonoured);
    CPPUNIT_TEST(manifestFile);
    CPPUNIT_TEST_SUITE_END();

public:
    void amountsWithCommaPlusAndZeros() {
        auto r = ofxtest::run(
            bank(trn("-12,50") + trn("+0007.5") + trn("000") + trn("-.5") + trn(" 1234567.891 ")));
        CPPUNIT_ASSERT(r.column(r.transactions, "amount") ==
                       Strings({"-12.50", "7.5", "0", "-0.5", "1234567.891"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "signed_amount") ==
                       Strings({"12.50", "-7.5", "0", "0.5", "-1234567.891"}));
        CPPUNIT_ASSERT(r.raw.errors.empty());
    }

    void badAmountIsARowError() {
        auto r = ofxtest::run(bank(trn("1.2.3") + trn("$5") + trn("") + trn("-7.00")));
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), r.transactions.size());
        CPPUNIT_ASSERT(r.raw.errors ==
                       Strings({"2 invalid_number amount: Amount \"1.2.3\" is not an OFX number",
                                "3 invalid_number amount: Amount \"$5\" is not an OFX number",
                                "4 required amount: Amount is required"}));
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.3"), value(r.transactions[0], "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.transactions[0], "signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("-7.00"), value(r.transactions[3], "amount"));
    }

    void amountWithTooManyPlaces() {
        auto r = ofxtest::run(
            bank(trn("1.123456789") + trn("1.1234567800000") + trn("99999999999999999999")));
        CPPUNIT_ASSERT(r.raw.errors ==
                       Strings({"2 invalid_number amount: Amount has more than 8 decimal places",
                                "4 invalid_number amount: Amount \"99999999999999999999\" is out "
                                "of range"}));
        CPPUNIT_ASSERT_EQUAL(std::string("1.12345678"), value(r.transactions[1], "amount"));
    }

    void datesAsWritten() {
        auto entry = [](const std::string& date) {
            return "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>" + date + "<TRNAMT>1<FITID>x</STMTTRN>";
        };
        auto r = ofxtest::run(bank(entry("20240131233000[-5:EST]") + entry("20240229") +
                                   entry("20240101000000.000[+13:NZDT]") + entry("202403151200")));
        CPPUNIT_ASSERT(r.column(r.transactions, "date") ==
                       Strings({"2024-01-31", "2024-02-29", "2024-01-01", "2024-03-15"}));
    }

    void badAndMissingDates() {
        auto r = ofxtest::run(bank("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20230229<TRNAMT>1</STMTTRN>"
                                   "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2024-01-05<TRNAMT>1</STMTTRN>"
                                   "<STMTTRN><TRNTYPE>DEBIT<TRNAMT>1</STMTTRN>"));
        CPPUNIT_ASSERT(
            r.raw.errors ==
            Strings({"2 invalid_date date: Date \"20230229\" is not an OFX date (YYYYMMDD...)",
                     "3 invalid_date date: Date \"2024-01-05\" is not an OFX date (YYYYMMDD...)",
                     "4 required date: Date is required"}));
        CPPUNIT_ASSERT_EQUAL(std::string("20230229"), value(r.transactions[0], "date"));
    }

    void nameFallbacks() {
        auto r = ofxtest::run(bank(trn("1", "<NAME>N<MEMO>M") +
                                   trn("1", "<PAYEE><NAME>Payee Co<ADDR1>x</PAYEE><MEMO>M") +
                                   trn("1", "<NAME><MEMO>Only memo") + trn("1", "")));
        CPPUNIT_ASSERT(r.column(r.transactions, "name") ==
                       Strings({"N", "Payee Co", "Only memo", "Imported item"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "notes") == Strings({"M", "M", "Only memo", ""}));
    }

    void entitiesDecodedUntilStable() {
        auto r = ofxtest::run(bank(
            trn("1", "<NAME>A &amp;amp;amp; B &#233;&#x20AC; &amp;lt;x&amp;gt; &bogus; &#0;")));
        CPPUNIT_ASSERT_EQUAL(std::string("A & B \xC3\xA9\xE2\x82\xAC <x> &bogus; &#0;"),
                             value(r.transactions[0], "name"));
    }

    void missingEndTagsOfEntries() {
        auto r = ofxtest::run(
            bank("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1<FITID>a<NAME>One\n"
                 "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>-2<FITID>b<NAME>Two\n"
                 "</STMTTRN>\n"));
        CPPUNIT_ASSERT(r.column(r.transactions, "amount") == Strings({"-1", "-2"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "name") == Strings({"One", "Two"}));
    }

    void textInsideTheRoot() {
        // Fuzzer regression: text right inside <OFX> once made the root a leaf, and a repeated
        // statement tag then emptied the element stack.
        auto r = ofxtest::run("<OFX>junk<CCSTMTRS><CURDEF>EUR<CCACCTFROM><ACCTID>1</CCACCTFROM>"
                              "<CCSTMTRS><CURDEF>USD</CCSTMTRS></OFX>");
        CPPUNIT_ASSERT_EQUAL(0, r.raw.status);
        CPPUNIT_ASSERT(r.column(r.statements, "currency") == Strings({"EUR", "USD"}));
    }

    void rawLessThanInText() {
        auto r = ofxtest::run(bank(trn("1", "<NAME>AT&T <SALE 10%> <MEMO>1 < 2 <3 <=4")));
        CPPUNIT_ASSERT_EQUAL(std::string("AT&T <SALE 10%>"), value(r.transactions[0], "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("1 < 2 <3 <=4"), value(r.transactions[0], "notes"));
    }

    void anyLineEndings() {
        const std::string entries = trn("-1.00") + trn("-2.00");
        for (const std::string eol : {"\n", "\r\n", "\r", "\r\r\n"}) {
            std::string file = bank(entries, "USD", eol);
            std::string converted;
            for (char c : file)
                if (c == '\n')
                    converted += eol;
                else
                    converted += c;
            auto r = ofxtest::run(converted);
            CPPUNIT_ASSERT_EQUAL(0, r.raw.status);
            CPPUNIT_ASSERT(r.column(r.transactions, "amount") == Strings({"-1.00", "-2.00"}));
            CPPUNIT_ASSERT_EQUAL(std::string("Shop"), value(r.transactions[1], "name"));
        }
    }

    void junkBeforeHeader() {
        auto r =
            ofxtest::run("\xEF\xBB\xBF\n\n  Content-Type: application/x-ofx\n<html>junk</html>\n" +
                         bank(trn("-3.00")));
        CPPUNIT_ASSERT_EQUAL(0, r.raw.status);
        CPPUNIT_ASSERT(r.column(r.transactions, "amount") == Strings({"-3.00"}));
    }

    void xmlWithEmptyAndSelfClosingElements() {
        const std::string xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<?OFX OFXHEADER=\"200\" VERSION=\"220\"?>\n<!--- a comment <OFX> --->\n"
            "<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>eur</CURDEF>"
            "<CCACCTFROM><ACCTID>4111</ACCTID></CCACCTFROM><BANKTRANLIST>"
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-4.20</TRNAMT>"
            "<FITID>A1</FITID><NAME/><MEMO><![CDATA[Caf\xC3\xA9 <3]]></MEMO></STMTTRN>"
            "</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>";
        auto r = ofxtest::run(xml);
        CPPUNIT_ASSERT_EQUAL(std::string("credit_card"), value(r.statements[0], "account_kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), value(r.transactions[0], "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("Caf\xC3\xA9 <3"), value(r.transactions[0], "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.statements[0], "closing_date"));
    }

    void emptyCurrencyWarns() {
        auto r = ofxtest::run(bank(trn("-1.00"), ""));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.transactions[0], "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("false"), value(r.transactions[0], "currency_given"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.warnings.size());
    }

    void severalStatementsOfEachKind() {
        const std::string file =
            kSgmlHeader +
            "<OFX><BANKMSGSRSV1>"
            "<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>A1</BANKACCTFROM>"
            "<BANKTRANLIST>" +
            trn("-1") +
            "</BANKTRANLIST></STMTRS></STMTTRNRS>"
            "<STMTTRNRS><STMTRS><CURDEF>GBP<BANKACCTFROM><ACCTID>A2</BANKACCTFROM>"
            "<BANKTRANLIST>" +
            trn("-2") +
            "</BANKTRANLIST>"
            "<BANKTRANLIST>" +
            trn("-3") +
            "</BANKTRANLIST></STMTRS></STMTTRNRS>"
            "</BANKMSGSRSV1><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD"
            "<CCACCTFROM><ACCTID>C1</CCACCTFROM><BANKTRANLIST>" +
            trn("-4") + "</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>";
        auto r = ofxtest::run(file);
        CPPUNIT_ASSERT(r.column(r.statements, "account") == Strings({"A1", "A2", "C1"}));
        CPPUNIT_ASSERT(r.column(r.statements, "statement_id") == Strings({"1", "2", "3"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "statement_id") == Strings({"1", "2", "2", "3"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "account") == Strings({"A1", "A2", "A2", "C1"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "currency") ==
                       Strings({"USD", "GBP", "GBP", "USD"}));
        // Each statement comes before its entries.
        CPPUNIT_ASSERT(r.raw.lines[1].find("\"statement_id\":\"1\"") != std::string::npos);
    }

    void buysSellsAndSecurityNames() {
        auto r = ofxtest::run(
            invest("<BUYSTOCK><INVBUY>" + invtran("B1") + kSecId +
                       "<UNITS>10<UNITPRICE>12.5<COMMISSION>1<TOTAL>-126.00</INVBUY><BUYTYPE>BUY</"
                       "BUYSTOCK>"
                       "<SELLMF><INVSELL>" +
                       invtran("S1") + kSecId +
                       "<UNITS>-4<UNITPRICE>13<TOTAL>51.00</INVSELL><SELLTYPE>SELL</SELLMF>"
                       "<SELLSTOCK><INVSELL>" +
                       invtran("S2") + kSecId +
                       "<UNITS>2<UNITPRICE>13<TOTAL>25</INVSELL><SELLTYPE>SELL</SELLSTOCK>",
                   kSecList));
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), r.trades.size());
        CPPUNIT_ASSERT(r.column(r.trades, "qty") == Strings({"10", "-4", "-2"}));
        CPPUNIT_ASSERT(r.column(r.trades, "signed_qty") == Strings({"10", "-4", "-2"}));
        CPPUNIT_ASSERT(r.column(r.trades, "signed_amount") == Strings({"126.00", "-51.00", "-25"}));
        CPPUNIT_ASSERT(r.column(r.trades, "ticker") == Strings({"ACME", "ACME", "ACME"}));
        CPPUNIT_ASSERT_EQUAL(std::string("Acme & Sons"), value(r.trades[0], "security_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("US0000000001"), value(r.trades[0], "security_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-10"), value(r.trades[0], "date"));
        CPPUNIT_ASSERT_EQUAL(std::string("B1"), value(r.trades[0], "external_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("12.5"), value(r.trades[0], "price"));
        CPPUNIT_ASSERT(r.transactions.empty()); // INVPOSLIST is not imported
    }

    void reinvestIsBuyPlusIncome() {
        auto r = ofxtest::run(invest("<REINVEST>" + invtran("R1") + kSecId +
                                         "<INCOMETYPE>DIV<TOTAL>-30.00<UNITS>2.5<UNITPRICE>12"
                                         "</REINVEST>",
                                     kSecList));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.trades.size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.transactions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("2.5"), value(r.trades[0], "qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("30.00"), value(r.trades[0], "signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("30.00"), value(r.transactions[0], "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("-30.00"), value(r.transactions[0], "signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("REINVEST"), value(r.transactions[0], "entity_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("R1"), value(r.transactions[0], "external_id"));
    }

    void cashInvestmentTransactions() {
        auto r = ofxtest::run(
            invest("<INCOME>" + invtran("I1") + kSecId +
                   "<INCOMETYPE>DIV<TOTAL>7.25</INCOME>"
                   "<INVEXPENSE>" +
                   invtran("E1") + kSecId +
                   "<TOTAL>-1.10</INVEXPENSE>"
                   "<MARGININTEREST>" +
                   invtran("M1") +
                   "<TOTAL>-2.00</MARGININTEREST>"
                   "<RETOFCAP>" +
                   invtran("C1") + kSecId +
                   "<TOTAL>3</RETOFCAP>"
                   "<INVBANKTRAN><STMTTRN><TRNTYPE>DEP<DTPOSTED>20240111<TRNAMT>100<FITID>D1"
                   "<NAME>Deposit</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>"));
        CPPUNIT_ASSERT(r.trades.empty());
        CPPUNIT_ASSERT(r.column(r.transactions, "amount") ==
                       Strings({"7.25", "-1.10", "-2.00", "3", "100"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "entity_type") ==
                       Strings({"INCOME", "INVEXPENSE", "MARGININTEREST", "RETOFCAP", "DEP"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "external_id") ==
                       Strings({"I1", "E1", "M1", "C1", "D1"}));
        CPPUNIT_ASSERT(
            r.column(r.transactions, "date") ==
            Strings({"2024-01-10", "2024-01-10", "2024-01-10", "2024-01-10", "2024-01-11"}));
    }

    void transferJournalAndSplitAtPriceZero() {
        auto r = ofxtest::run(
            invest("<TRANSFER>" + invtran("T1") + kSecId +
                       "<SUBACCTSEC>CASH<UNITS>5<TFERACTION>OUT<POSTYPE>LONG</TRANSFER>"
                       "<JRNLSEC>" +
                       invtran("J1") + kSecId +
                       "<SUBACCTTO>CASH<SUBACCTFROM>MARGIN<UNITS>3</JRNLSEC>"
                       "<SPLIT>" +
                       invtran("P1") + kSecId +
                       "<SUBACCTSEC>CASH<OLDUNITS>10<NEWUNITS>20<NUMERATOR>2<DENOMINATOR>1</SPLIT>",
                   kSecList));
        CPPUNIT_ASSERT(r.column(r.trades, "qty") == Strings({"-5", "3", "10"}));
        CPPUNIT_ASSERT(r.column(r.trades, "price") == Strings({"0", "0", "0"}));
        CPPUNIT_ASSERT(r.column(r.trades, "signed_amount") == Strings({"0", "0", "0"}));
        CPPUNIT_ASSERT(r.raw.errors.empty());
    }

    void unknownInvestmentEntriesWarn() {
        auto r =
            ofxtest::run(invest("<JRNLFUND>" + invtran("F1") +
                                "<SUBACCTTO>CASH<SUBACCTFROM>MARGIN<TOTAL>5</JRNLFUND>"
                                "<JRNLFUND>" +
                                invtran("F2") +
                                "<SUBACCTTO>CASH<SUBACCTFROM>MARGIN<TOTAL>5</JRNLFUND>"
                                "<CLOSUREOPT>" +
                                invtran("O1") + kSecId + "<OPTACTION>EXPIRE<UNITS>1</CLOSUREOPT>"));
        CPPUNIT_ASSERT(r.trades.empty() && r.transactions.empty());
        CPPUNIT_ASSERT(r.warnings ==
                       Strings({"Statement 1: 1 CLOSUREOPT entry was not imported",
                                "Statement 1: 2 JRNLFUND entries were not imported"}));
    }

    void tickerFallsBackToSecurityId() {
        auto r = ofxtest::run(invest("<BUYMF><INVBUY>" + invtran("B1") +
                                     "<SECID><UNIQUEID>123456789<UNIQUEIDTYPE>CUSIP</SECID>"
                                     "<UNITS>1<UNITPRICE>2</INVBUY></BUYMF>"
                                     "<BUYMF><INVBUY>" +
                                     invtran("B2") + "<UNITS>1<UNITPRICE>2</INVBUY></BUYMF>" +
                                     "<BUYMF><INVBUY>" + invtran("B3") +
                                     "<SECID><UNIQUEID>vwrl<UNIQUEIDTYPE>TICKER</SECID>"
                                     "<UNITS>1<UNITPRICE>2</INVBUY></BUYMF>"));
        CPPUNIT_ASSERT(r.column(r.trades, "ticker") == Strings({"123456789", "", "VWRL"}));
        CPPUNIT_ASSERT(r.column(r.trades, "security_id") ==
                       Strings({"123456789", "<null>", "<null>"}));
        CPPUNIT_ASSERT(r.column(r.trades, "security_name") ==
                       Strings({"<null>", "<null>", "<null>"}));
        // No TOTAL: price × qty, like TradeImport.
        CPPUNIT_ASSERT(r.column(r.trades, "signed_amount") == Strings({"2", "2", "2"}));
        CPPUNIT_ASSERT(r.raw.errors == Strings({"3 required ticker: Ticker is required"}));
    }

    void noOfxElement() {
        auto r = ofxtest::run("Date,Amount\n2024-01-01,5\n");
        CPPUNIT_ASSERT_EQUAL(1, r.raw.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The OFX could not be parsed: no <OFX> element was found (line 3)"),
            r.raw.fatal);
    }

    void noStatement() {
        auto r = ofxtest::run(kSgmlHeader +
                              "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR"
                              "<MESSAGE>Invalid &amp; expired password</STATUS></SONRS>"
                              "</SIGNONMSGSRSV1></OFX>");
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: no bank, credit card or "
                                         "investment statement was found (the server said: "
                                         "Invalid & expired password) (line 11)"),
                             r.raw.fatal);
        CPPUNIT_ASSERT(r.raw.rows.empty());
    }

    void truncatedFile() {
        std::string file = bank(trn("-1.00") + trn("-2.00"));
        file.resize(file.find("-2.00") + 5);
        auto r = ofxtest::run(file);
        CPPUNIT_ASSERT_EQUAL(1, r.raw.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The OFX could not be parsed: the file ends inside <STMTRS> (line 16)"),
            r.raw.fatal);
        CPPUNIT_ASSERT(r.raw.rows.empty());
        auto tag = ofxtest::run(kSgmlHeader + "<OFX><STMTRS><CURDEF");
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                "The OFX could not be parsed: the file ends inside the tag <CURDEF (line 11)"),
            tag.raw.fatal);
    }

    void notUtf8IsReadAsWindows1252() {
        auto r = ofxtest::run(bank(trn("1", "<NAME>Caf\xE9 \x80 5")));
        CPPUNIT_ASSERT_EQUAL(std::string("Caf\xC3\xA9 \xE2\x82\xAC 5"),
                             value(r.transactions[0], "name"));
    }

    void stopIsHonoured() {
        const fi_plugin& p = harness::loadPlugin("finimport_ofx.so");
        const fi_importer& importer = harness::findImporter(p, "ofx.statements");
        const std::string file = bank(trn("-1") + trn("-2") + trn("-3"));
        for (int stop = 1; stop <= 6; ++stop) {
            auto r = harness::run(importer, file, {}, {4096, stop});
            CPPUNIT_ASSERT_EQUAL(int(FI_RUN_STOPPED), r.status);
            CPPUNIT_ASSERT_EQUAL(std::size_t(stop + 1), r.lines.size()); // callbacks + status
        }
    }

    void manifestFile() {
        const fi_plugin& p = harness::loadPlugin("finimport_ofx.so");
        const fi_importer& importer = harness::findImporter(p, "ofx.statements");
        // Embedded at build time from the one file (finimport_add_plugin MANIFEST): byte for byte.
        const std::string file = harness::readFile(FINIMPORT_OFX_MANIFEST);
        CPPUNIT_ASSERT_EQUAL(file, std::string(importer.manifest_json));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_YES, importer.probe("", 0, "Statement.QFX"));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_YES, importer.probe("\n\nOFXHEADER:100", 15, "x.txt"));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_NO, importer.probe("Date,Amount", 11, "x.csv"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OfxRulesTest);
