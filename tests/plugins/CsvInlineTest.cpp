// Inline cases for the CSV plugin: number formats, date patterns, signs, labels, errors.
#include "PluginHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

namespace {

using Strings = std::vector<std::string>;

harness::RunResult runCsv(const std::string& importer, const std::string& content,
                          harness::OptionList options, harness::RunSettings settings = {}) {
    const fi_plugin& plugin = harness::loadPlugin("finimport_csv.so");
    options.emplace_back("default_currency", "USD");
    return harness::run(harness::findImporter(plugin, importer), content, options, settings);
}

harness::RunResult transactions(const std::string& content, harness::OptionList options = {}) {
    return runCsv("csv.transactions", content, std::move(options));
}

// One amount cell under a number format: {amount, signed_amount} or the error message.
Strings amountUnder(const std::string& cell, const std::string& format) {
    auto r =
        transactions("date;amount\n2024-01-15;" + cell + "\n",
                     {{"number_format", format}, {"col_sep", ";"}, {"date_format", "%Y-%m-%d"}});
    Strings out = {r.column("amount").at(0), r.column("signed_amount").at(0)};
    out.insert(out.end(), r.errors.begin(), r.errors.end());
    return out;
}

std::string joined(const Strings& parts) {
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : "|") + p;
    return out;
}

std::string dateUnder(const std::string& cell, const std::string& format) {
    auto r =
        transactions("date;amount\n" + cell + ";1\n", {{"date_format", format}, {"col_sep", ";"}});
    return r.errors.empty() ? r.column("date").at(0)
                            : r.column("date").at(0) + " | " + r.errors.at(0);
}

} // namespace

class CsvInlineTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CsvInlineTest);
    CPPUNIT_TEST(everyNumberFormat);
    CPPUNIT_TEST(numberErrors);
    CPPUNIT_TEST(everyDatePattern);
    CPPUNIT_TEST(dateErrors);
    CPPUNIT_TEST(inflowsNegative);
    CPPUNIT_TEST(customColumn);
    CPPUNIT_TEST(tradesUnderBothConventions);
    CPPUNIT_TEST(tradeRequiredFields);
    CPPUNIT_TEST(tagsWithEscapesPassThrough);
    CPPUNIT_TEST(labelsAndAliases);
    CPPUNIT_TEST(duplicateNormalisedHeaders);
    CPPUNIT_TEST(currencyAndDefaults);
    CPPUNIT_TEST(rowsBlankLinesAndLineNumbers);
    CPPUNIT_TEST(rowsToSkipAndBom);
    CPPUNIT_TEST(strayCarriageReturnsAreBlankLines);
    CPPUNIT_TEST(tabAndPipeSeparators);
    CPPUNIT_TEST(decoratedAmounts);
    CPPUNIT_TEST(headerlessWithPositions);
    CPPUNIT_TEST(footerRowsToSkip);
    CPPUNIT_TEST(splitColumns);
    CPPUNIT_TEST(multiplierAndDivisor);
    CPPUNIT_TEST(raiffeisenRealWorld);
    CPPUNIT_TEST(malformedCsvIsFatal);
    CPPUNIT_TEST(stopEndsTheRun);
    CPPUNIT_TEST(accountRequiredFields);
    CPPUNIT_TEST(categoryAndMerchantHeaders);
    CPPUNIT_TEST(ruleFallbacks);
    CPPUNIT_TEST(externalIdColumn);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyNumberFormat() {
        CPPUNIT_ASSERT(amountUnder("\"$1,234.50\"", "1,234.56") ==
                       (Strings{"1234.50", "-1234.50"}));
        CPPUNIT_ASSERT(amountUnder("-89.75", "1,234.56") == (Strings{"-89.75", "89.75"}));
        CPPUNIT_ASSERT(amountUnder("(50.00)", "1,234.56") == (Strings{"-50.00", "50.00"}));
        CPPUNIT_ASSERT(amountUnder("1.234,56 \u20AC", "1.234,56") ==
                       (Strings{"1234.56", "-1234.56"}));
        CPPUNIT_ASSERT(amountUnder("-1.234,5", "1.234,56") == (Strings{"-1234.5", "1234.5"}));
        CPPUNIT_ASSERT(amountUnder("1\u00A0234,56", "1 234,56") ==
                       (Strings{"1234.56", "-1234.56"}));
        CPPUNIT_ASSERT(amountUnder("1 234,56 kr", "1 234,56") == (Strings{"1234.56", "-1234.56"}));
        CPPUNIT_ASSERT(amountUnder("1\u202F234", "1 234,56") == (Strings{"1234", "-1234"}));
        CPPUNIT_ASSERT(amountUnder("1,234", "1,234") == (Strings{"1234", "-1234"}));
        CPPUNIT_ASSERT(amountUnder("-7", "1,234") == (Strings{"-7", "7"}));
    }

    void numberErrors() {
        CPPUNIT_ASSERT(amountUnder("1.234,56", "1,234.56") ==
                       (Strings{"1.234,56", "<null>",
                                "1 invalid_number amount: Amount \"1.234,56\" does not match the "
                                "number format 1,234.56"}));
        CPPUNIT_ASSERT(amountUnder("12.50", "1,234") ==
                       (Strings{"12.50", "<null>",
                                "1 invalid_number amount: Amount \"12.50\" does not match the "
                                "number format 1,234"}));
        CPPUNIT_ASSERT(amountUnder("0.123456789", "1,234.56") ==
                       (Strings{"0.123456789", "<null>",
                                "1 invalid_number amount: Amount has more than 8 decimal places"}));
        CPPUNIT_ASSERT(amountUnder("", "1,234.56") ==
                       (Strings{"", "<null>", "1 required amount: Amount is required"}));
        // docs/decisions.md D155: only a currency of the table may stand around an amount.
        CPPUNIT_ASSERT(amountUnder("x12", "1,234.56") ==
                       (Strings{"x12", "<null>",
                                "1 invalid_number amount: Amount \"x12\": \"x\" is not a "
                                "currency symbol or code"}));
        CPPUNIT_ASSERT(amountUnder("12abc", "1,234.56") ==
                       (Strings{"12abc", "<null>",
                                "1 invalid_number amount: Amount \"12abc\": \"abc\" is not a "
                                "currency symbol or code"}));
        CPPUNIT_ASSERT(amountUnder("1.2.3", "1,234.56") ==
                       (Strings{"1.2.3", "<null>",
                                "1 invalid_number amount: Amount \"1.2.3\" does not match the "
                                "number format 1,234.56"}));
        CPPUNIT_ASSERT(amountUnder("--5", "1,234.56") ==
                       (Strings{"--5", "<null>",
                                "1 invalid_number amount: Amount \"--5\" does not match the "
                                "number format 1,234.56"}));
        CPPUNIT_ASSERT_EQUAL(std::string("-5|5"), joined(amountUnder("5-", "1,234.56")));
        CPPUNIT_ASSERT(amountUnder("\u22121.234,56", "1.234,56") ==
                       (Strings{"-1234.56", "1234.56"}));
        CPPUNIT_ASSERT(amountUnder("\u20AC 12,00", "1.234,56") == (Strings{"12.00", "-12.00"}));
        CPPUNIT_ASSERT(amountUnder("12,00 EURO", "1.234,56") ==
                       (Strings{"12,00 EURO", "<null>",
                                "1 invalid_number amount: Amount \"12,00 EURO\": \"EURO\" is not "
                                "a currency symbol or code"}));
    }

    void everyDatePattern() {
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("01-15-2024", "%m-%d-%Y"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("15.01.2024", "%d.%m.%Y"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("15-01-2024", "%d-%m-%Y"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("2024-01-15", "%Y-%m-%d"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("15/01/2024", "%d/%m/%Y"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("2024/01/15", "%Y/%m/%d"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-05"), dateUnder("1/5/2024", "%m/%d/%Y"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-05"), dateUnder("5/01/2024", "%e/%m/%Y"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("2024.01.15", "%Y.%m.%d"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("20240115", "%Y%m%d"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("15 jan 2024", "%d %b %Y"));
        CPPUNIT_ASSERT_EQUAL(std::string("1999-01-15"), dateUnder("15/01/99", "%d/%m/%y"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), dateUnder("01/15/2024", "")); // default
    }

    void dateErrors() {
        CPPUNIT_ASSERT_EQUAL(
            std::string("2024-01-15T00:00:00Z | 1 invalid_date date: Date must exactly "
                        "match the format: %Y-%m-%d"),
            dateUnder("2024-01-15T00:00:00Z", "%Y-%m-%d"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("02/30/2024 | 1 invalid_date date: Date must exactly match the "
                        "format: %m/%d/%Y"),
            dateUnder("02/30/2024", "%m/%d/%Y"));
        CPPUNIT_ASSERT_EQUAL(std::string(" | 1 required date: Date is required"),
                             dateUnder("", "%m/%d/%Y"));
    }

    void inflowsNegative() {
        auto r = transactions("date,amount\n01/02/2024,-50.00\n01/03/2024,20\n",
                              {{"signage_convention", "inflows_negative"}});
        CPPUNIT_ASSERT(r.column("amount") == (Strings{"-50.00", "20"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == (Strings{"-50.00", "20"}));
        auto p = transactions("date,amount\n01/02/2024,-50.00\n",
                              {{"signage_convention", "inflows_positive"}});
        CPPUNIT_ASSERT(p.column("signed_amount") == (Strings{"50.00"}));
    }

    void customColumn() {
        const std::string csv = "date,amount,type\n01/01/2024,100,debit\n01/02/2024,200,credit\n"
                                "01/03/2024,300,debit\n";
        auto r = transactions(csv, {{"amount_type_strategy", "custom_column"},
                                    {"amount_type_inflow_value", "debit"}});
        CPPUNIT_ASSERT(r.column("signed_amount") == (Strings{"-100", "200", "-300"}));
        CPPUNIT_ASSERT(r.column("entity_type") == (Strings{"debit", "credit", "debit"}));
        auto n = transactions(csv, {{"amount_type_strategy", "custom_column"},
                                    {"amount_type_inflow_value", "debit"},
                                    {"signage_convention", "inflows_negative"}});
        CPPUNIT_ASSERT(n.column("signed_amount") == (Strings{"100", "-200", "300"}));
        auto literal = transactions(csv, {{"amount_type_strategy", "custom_column"},
                                          {"amount_type_inflow_value", "inflows_negative"}});
        CPPUNIT_ASSERT(literal.column("signed_amount") == (Strings{"-100", "-200", "-300"}));
    }

    void tradesUnderBothConventions() {
        const std::string csv =
            "date,ticker,qty,price\n01/02/2024, aapl ,10,150.25\n01/03/2024,msft,-2.5,0.333\n";
        auto pos = runCsv("csv.trades", csv, {});
        CPPUNIT_ASSERT(pos.column("ticker") == (Strings{"AAPL", "MSFT"}));
        CPPUNIT_ASSERT(pos.column("signed_qty") == (Strings{"10", "-2.5"}));
        CPPUNIT_ASSERT(pos.column("signed_amount") == (Strings{"1502.50", "-0.8325"}));
        CPPUNIT_ASSERT(pos.column("name") == (Strings{"Imported item", "Imported item"}));
        CPPUNIT_ASSERT(pos.column("amount") == (Strings{"", ""}));
        auto neg = runCsv("csv.trades", csv, {{"signage_convention", "inflows_negative"}});
        CPPUNIT_ASSERT(neg.column("qty") == (Strings{"10", "-2.5"}));
        CPPUNIT_ASSERT(neg.column("signed_qty") == (Strings{"-10", "2.5"}));
        CPPUNIT_ASSERT(neg.column("signed_amount") == (Strings{"-1502.50", "0.8325"}));
        auto rounded =
            runCsv("csv.trades", "date,ticker,qty,price\n01/02/2024,X,0.00000005,0.1\n", {});
        CPPUNIT_ASSERT(rounded.column("signed_amount") == (Strings{"0.00000001"}));
    }

    void tradeRequiredFields() {
        // Not a blank line (docs/decisions.md D39): the name cell holds text.
        auto r = runCsv("csv.trades", "date,ticker,qty,price,name\n,,,,x\n", {});
        CPPUNIT_ASSERT(
            r.errors ==
            (Strings{"1 required date: Date is required", "1 required ticker: Ticker is required",
                     "1 required qty: Qty is required", "1 required price: Price is required"}));
        CPPUNIT_ASSERT(r.column("signed_qty") == (Strings{"<null>"}));
        auto bad = runCsv("csv.trades", "date,ticker,qty,price\n01/02/2024,X,1.2.3,x\n", {});
        CPPUNIT_ASSERT(
            bad.errors ==
            (Strings{
                "1 invalid_number qty: Qty \"1.2.3\" does not match the number format 1,234.56",
                "1 invalid_number price: Price \"x\" does not match the number format 1,234.56"}));
    }

    void tagsWithEscapesPassThrough() {
        auto r = transactions(
            "date,amount,tags\n01/02/2024,1,\"Food\\, Dining,essentials\"\n01/02/2024,1,a\\|b|c\n");
        CPPUNIT_ASSERT(r.column("tags") == (Strings{"Food\\, Dining,essentials", "a\\|b|c"}));
    }

    void labelsAndAliases() {
        const std::string csv = "When,Value,Balance,Custom Name Column,Account Name\n"
                                "01/02/2024,5,7,Shop,Main\n01/03/2024,,8,,\n";
        auto r = transactions(csv, {{"date_col_label", "when"},
                                    {"amount_col_label", "VALUE"},
                                    {"name_col_label", "Custom-Name  column*"}});
        CPPUNIT_ASSERT(r.column("date") == (Strings{"2024-01-02", "2024-01-03"}));
        CPPUNIT_ASSERT(r.column("amount") ==
                       (Strings{"5", "8"})); // blank label cell -> alias balance
        CPPUNIT_ASSERT(r.column("name") == (Strings{"Shop", "Imported item"}));
        CPPUNIT_ASSERT(r.column("account") == (Strings{"Main", ""}));
        auto noLabel = transactions(csv);
        CPPUNIT_ASSERT(noLabel.column("date") == (Strings{"", ""}));
        CPPUNIT_ASSERT(noLabel.column("amount") == (Strings{"7", "8"}));
    }

    void duplicateNormalisedHeaders() {
        auto r = transactions("date,Date*,amount,amount\n01/02/2024,x,1,2\n");
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("CSV headers normalize to duplicate columns: date, Date*"),
                             r.fatal);
        auto same = transactions("date,amount,amount\n01/02/2024,1,2\n");
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_OK), same.status);
        CPPUNIT_ASSERT(same.column("amount") == (Strings{"1"}));
    }

    void currencyAndDefaults() {
        auto r = transactions("date,amount,currency\n01/02/2024,1,eur\n01/02/2024,1,\n");
        CPPUNIT_ASSERT(r.column("currency") == (Strings{"EUR", "USD"}));
        const fi_plugin& plugin = harness::loadPlugin("finimport_csv.so");
        auto none = harness::run(harness::findImporter(plugin, "csv.transactions"),
                                 "date,amount\n01/02/2024,1\n", {});
        CPPUNIT_ASSERT(none.column("currency") == (Strings{"<null>"}));
    }

    void rowsBlankLinesAndLineNumbers() {
        // docs/decisions.md D39: a blank line (or one of separators only) is never a row, even
        // between data.
        auto r =
            transactions("\n  \ndate,amount\n01/02/2024,1\n\n , \n\"01/03/2024\",\"2\n\"\n\n \n");
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                "{\"record\":0,\"line\":3,\"values\":{\"date\":\"date\",\"amount\":\"amount\"}}"),
            r.lines.at(1));
        CPPUNIT_ASSERT(r.column("date") == (Strings{"2024-01-02", "2024-01-03"}));
        CPPUNIT_ASSERT(r.column("amount") == (Strings{"1", "2"}));
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), r.rows.size());
        CPPUNIT_ASSERT(r.lines.at(4).find("{\"record\":2,\"line\":7,") != std::string::npos);
        auto ragged = transactions("date,amount,name\n01/02/2024\n01/02/2024,1,a,extra\n");
        CPPUNIT_ASSERT(ragged.column("name") == (Strings{"Imported item", "a"}));
    }

    // docs/decisions.md D39: `\r\r\n` endings leave stray CRs that must not become empty invalid
    // rows.
    void strayCarriageReturnsAreBlankLines() {
        auto r = transactions("date,amount\r\r\n01/02/2024,1.50\r\r\n01/03/2024,-2\r\r\n");
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("date") == (Strings{"2024-01-02", "2024-01-03"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == (Strings{"-1.50", "2"}));
    }

    // docs/decisions.md D37: TAB (as a character, `\t` or `tab`) and `|` separators.
    void tabAndPipeSeparators() {
        for (const char* sep : {"\t", "\\t", "tab", "TAB"}) {
            auto r = transactions("date\tamount\tname\n01/02/2024\t1,234.50\tShop, Inc\n",
                                  {{"col_sep", sep}});
            CPPUNIT_ASSERT_MESSAGE(sep, r.errors.empty());
            CPPUNIT_ASSERT(r.column("amount") == (Strings{"1234.50"}));
            CPPUNIT_ASSERT(r.column("name") == (Strings{"Shop, Inc"}));
        }
        auto pipe = transactions(
            "date|amount\n20240102|-3,00\n",
            {{"col_sep", "|"}, {"date_format", "%Y%m%d"}, {"number_format", "1.234,56"}});
        CPPUNIT_ASSERT(pipe.errors.empty());
        CPPUNIT_ASSERT(pipe.column("date") == (Strings{"2024-01-02"}));
        CPPUNIT_ASSERT(pipe.column("signed_amount") == (Strings{"3.00"}));
    }

    // docs/decisions.md D41 through the plugin: `+`, `+ £1,100.00`, trailing minus.
    void decoratedAmounts() {
        CPPUNIT_ASSERT(amountUnder("+50,00", "1.234,56") == (Strings{"50.00", "-50.00"}));
        CPPUNIT_ASSERT(amountUnder("\"+ \u00A31,100.00\"", "1,234.56") ==
                       (Strings{"1100.00", "-1100.00"}));
        CPPUNIT_ASSERT(amountUnder("12.00-", "1,234.56") == (Strings{"-12.00", "12.00"}));
        // docs/decisions.md D53: a code that contradicts the row's currency (USD here) is a row
        // error.
        CPPUNIT_ASSERT(amountUnder("12.00 USD", "1,234.56") == (Strings{"12.00", "-12.00"}));
        CPPUNIT_ASSERT(amountUnder("12.00 EUR", "1,234.56") ==
                       (Strings{"12.00", "<null>",
                                "1 invalid_number amount: Amount \"12.00 EUR\" is not in the "
                                "row's currency USD"}));
    }

    // D38/D54: `#N` positions, with or without a header; beyond the row is blank.
    void headerlessWithPositions() {
        auto r = transactions("01/02/2024;Shop;-1,50\n01/03/2024;Pay;+20,00;x\n",
                              {{"has_header", "FALSE"},
                               {"col_sep", ";"},
                               {"number_format", "1.234,56"},
                               {"date_col_label", "#1"},
                               {"name_col_label", "#2"},
                               {"amount_col_label", "#3"},
                               {"notes_col_label", "#4"}});
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("date") == (Strings{"2024-01-02", "2024-01-03"}));
        CPPUNIT_ASSERT(r.column("name") == (Strings{"Shop", "Pay"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == (Strings{"1.50", "-20.00"}));
        CPPUNIT_ASSERT(r.column("notes") == (Strings{"", "x"}));
        // An empty header cell is named by its position; positions never fall back.
        auto named = transactions("date,,amount\n01/02/2024,Shop,1\n",
                                  {{"name_col_label", "#2"}, {"notes_col_label", "#9"}});
        CPPUNIT_ASSERT(named.column("name") == (Strings{"Shop"}));
        CPPUNIT_ASSERT(named.column("notes") == (Strings{""}));
        auto bad = transactions("date,amount\n01/02/2024,1\n", {{"has_header", "yes"}});
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), bad.status);
    }

    // D39/D54: the last N non-blank records are dropped; N ≥ data rows is refused.
    void footerRowsToSkip() {
        auto r = transactions("date,amount\n01/02/2024,1\n01/03/2024,2\n\nTotal,3\n\n",
                              {{"footer_rows_to_skip", "1"}});
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("amount") == (Strings{"1", "2"}));
        auto all =
            transactions("date,amount\n01/02/2024,1\nTotal,3\n", {{"footer_rows_to_skip", "2"}});
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), all.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("Footer rows to skip must be less than the number of data rows"),
            all.fatal);
    }

    // D40/D53: amount = |inflow| − |outflow|, signage ignored, both blank is required.
    // docs/decisions.md D63: external_id_col_label names the id column of transactions and trades;
    // a blank cell (or no label) is no id.
    void externalIdColumn() {
        auto t = transactions("date,amount,Ref\n01/02/2024,5,TX-1\n01/03/2024,6,  \n",
                              {{"external_id_col_label", "Ref"}});
        CPPUNIT_ASSERT_EQUAL(std::string("TX-1"), t.column("external_id").at(0));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), t.column("external_id").at(1));
        CPPUNIT_ASSERT(t.errors.empty());
        auto positional =
            transactions("date,amount,Ref\n01/02/2024,5,TX-9\n", {{"external_id_col_label", "#3"}});
        CPPUNIT_ASSERT_EQUAL(std::string("TX-9"), positional.column("external_id").at(0));
        auto unlabelled = transactions("date,amount,external_id\n01/02/2024,5,TX-1\n");
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), unlabelled.column("external_id").at(0));
        auto trades = runCsv("csv.trades", "date,ticker,qty,price,Id\n01/02/2024,VTI,1,10,B-7\n",
                             {{"external_id_col_label", "Id"}});
        CPPUNIT_ASSERT_EQUAL(std::string("B-7"), trades.column("external_id").at(0));
    }

    void splitColumns() {
        auto r = transactions("date,paid in,paid out\n01/02/2024,\"$327.49\",\n"
                              "01/03/2024,,-$76.00\n01/04/2024,10,2.5\n01/05/2024,,\n",
                              {{"amount_type_strategy", "split_columns"},
                               {"inflow_col_label", "Paid in"},
                               {"outflow_col_label", "#3"},
                               {"signage_convention", "inflows_negative"}});
        CPPUNIT_ASSERT(r.column("amount") == (Strings{"327.49", "-76.00", "7.5", ""}));
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       (Strings{"-327.49", "76.00", "-7.5", "<null>"}));
        CPPUNIT_ASSERT(r.errors == (Strings{"4 required amount: Amount is required"}));
    }

    // D42/D53: exact factors, rounded half away from zero to the currency's minor units.
    void multiplierAndDivisor() {
        auto ats = transactions(
            "date|amount\n20190311|-89.30\n20190311|-2015.88\n",
            {{"col_sep", "|"}, {"date_format", "%Y%m%d"}, {"amount_divisor", "13.760300331"}});
        CPPUNIT_ASSERT(ats.errors.empty());
        // 89.30 / 13.760300331 = 6.4896…, 2015.88 / 13.760300331 = 146.4996…
        CPPUNIT_ASSERT(ats.column("signed_amount") == (Strings{"6.49", "146.50"}));
        CPPUNIT_ASSERT(ats.column("amount") == (Strings{"-89.30", "-2015.88"}));
        auto flip = transactions("date,amount\n01/02/2024,1.005\n", {{"amount_multiplier", "-1"}});
        CPPUNIT_ASSERT(flip.column("signed_amount") == (Strings{"1.01"}));
        auto yen = transactions("date,amount,currency\n01/02/2024,1234.5,JPY\n",
                                {{"amount_multiplier", "2"}});
        CPPUNIT_ASSERT(yen.column("signed_amount") == (Strings{"-2469"}));
        auto zero = transactions("date,amount\n01/02/2024,1\n", {{"amount_divisor", "0"}});
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), zero.status);
        auto places =
            transactions("date,amount\n01/02/2024,1\n", {{"amount_multiplier", "0.0000000000001"}});
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), places.status);
    }

    // tests/fixtures/realworld/csv/bank2ynab__bank2ynab__kta_ei.dat with a user's options.
    void raiffeisenRealWorld() {
        const std::string content =
            harness::readFile(std::string(FINIMPORT_FIXTURES_DIR) +
                              "/../realworld/csv/bank2ynab__bank2ynab__kta_ei.dat");
        auto r = transactions(content, {{"col_sep", "|"},
                                        {"rows_to_skip", "1"},
                                        {"has_header", "false"},
                                        {"date_format", "%Y%m%d"},
                                        {"date_col_label", "#3"},
                                        {"name_col_label", "#4"},
                                        {"notes_col_label", "#2"},
                                        {"amount_col_label", "#5"},
                                        {"amount_divisor", "13.760300331"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.fatal, std::size_t(11), r.rows.size());
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       (Strings{"6.49", "7.96", "49.90", "12.87", "71.48", "16.55", "4.50",
                                "146.50", "108.50", "9.95", "12.40"}));
        CPPUNIT_ASSERT_EQUAL(std::string("2019-03-13"), r.column("date").at(10));
        CPPUNIT_ASSERT_EQUAL(std::string("FORSTINGER"), r.column("name").at(0));
    }

    void rowsToSkipAndBom() {
        auto r = transactions("\xEF\xBB\xBF"
                              "Bank export\r\n\"quoted\nline\"\r\ndate,amount\r\n01/02/2024,1\r\n",
                              {{"rows_to_skip", "3"}});
        CPPUNIT_ASSERT(r.column("amount") == (Strings{"1"}));
        CPPUNIT_ASSERT(r.lines.at(3).find("\"record\":1,\"line\":5,") != std::string::npos);
        auto bom = transactions("\xEF\xBB\xBF"
                                "date,amount\n01/02/2024,1\n");
        CPPUNIT_ASSERT(bom.column("date") == (Strings{"2024-01-02"}));
    }

    void malformedCsvIsFatal() {
        auto r = transactions("date,amount\n01/02/2024,1\n01/03/2024,\"2\n");
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unclosed quoted field (line 3)"), r.fatal);
        auto nul = transactions(std::string("da\0te,amount\n", 13));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: NUL byte in header (line 1)"), nul.fatal);
        auto skipped = transactions("junk\njunk\n\"open", {{"rows_to_skip", "2"}});
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unclosed quoted field (line 3)"),
            skipped.fatal);
        auto badOption = transactions("date,amount\n", {{"number_format", "1.234"}});
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), badOption.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Option number_format has an unsupported value: 1.234"),
                             badOption.fatal);
    }

    void stopEndsTheRun() {
        const std::string csv = "date,amount\n01/02/2024,1\n01/02/2024,x\n01/02/2024,3\n";
        // callbacks: 1 begin header, 2 header row, 3 begin transaction, 4 row 1, 5 row 2, 6 error
        for (int stopAt = 1; stopAt <= 6; ++stopAt) {
            auto r = runCsv("csv.transactions", csv, {}, {4096, stopAt});
            CPPUNIT_ASSERT_EQUAL(int(FI_RUN_STOPPED), r.status);
            CPPUNIT_ASSERT_EQUAL(std::size_t(stopAt + 1), r.lines.size()); // + the status line
        }
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_OK), runCsv("csv.transactions", csv, {}, {4096, 8}).status);
    }

    void accountRequiredFields() {
        auto r = runCsv("csv.accounts",
                        "Account type*,Name*,Balance*,Currency,Balance Date\nChecking,,,,\n"
                        "Savings,Rainy day,\"1,000.50\",gbp,2024-01-31\n",
                        {{"date_format", "%Y-%m-%d"}});
        CPPUNIT_ASSERT(r.errors == (Strings{"1 required name: Name is required",
                                            "1 required amount: Amount is required"}));
        CPPUNIT_ASSERT(r.column("entity_type") == (Strings{"Checking", "Savings"}));
        CPPUNIT_ASSERT(r.column("amount") == (Strings{"", "1000.50"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == (Strings{"<null>", "1000.50"}));
        CPPUNIT_ASSERT(r.column("currency") == (Strings{"USD", "GBP"}));
        CPPUNIT_ASSERT(r.column("date") == (Strings{"", ""})); // "Balance Date" is no alias of date
    }

    void categoryAndMerchantHeaders() {
        auto missing = runCsv("csv.categories", "title,color\nA,#fff\n", {});
        CPPUNIT_ASSERT_EQUAL(std::string("Missing required columns: name"), missing.fatal);
        auto spaced =
            runCsv("csv.categories",
                   "Name,Parent Category,Lucide Icon,Color\nKids,Family,baby,#123456\n,,,\n", {});
        CPPUNIT_ASSERT(spaced.column("category_parent") == (Strings{"Family", ""}));
        CPPUNIT_ASSERT(spaced.column("category_icon") == (Strings{"baby", ""}));
        CPPUNIT_ASSERT(spaced.errors == (Strings{"2 required name: Name is required"}));
        auto dup = runCsv("csv.merchants", "name,Name ,website\nA,B,c\n", {});
        CPPUNIT_ASSERT_EQUAL(std::string("Duplicate column names after normalization: name, Name "),
                             dup.fatal);
        auto merchants =
            runCsv("csv.merchants", "name;website url;color\nShop;https://x.test;#abcdef\n",
                   {{"col_sep", ";"}});
        CPPUNIT_ASSERT(merchants.column("merchant_website") == (Strings{"https://x.test"}));
        CPPUNIT_ASSERT(merchants.column("merchant_color") == (Strings{"#abcdef"}));
        CPPUNIT_ASSERT_EQUAL(std::string("Missing required columns: name"),
                             runCsv("csv.merchants", "title\nx\n", {}).fatal);
    }

    void ruleFallbacks() {
        auto r = runCsv("csv.rules",
                        "a,b,c,d,e,f\nR,transaction,YES,bad-date,\"[1]\",\"[2]\"\n,,,,,\n", {});
        CPPUNIT_ASSERT(r.column("name") == (Strings{"R", ""}));
        CPPUNIT_ASSERT(r.column("active") == (Strings{"true", "false"}));
        CPPUNIT_ASSERT(r.column("effective_date") == (Strings{"<null>", "<null>"}));
        CPPUNIT_ASSERT(r.column("conditions") == (Strings{"[1]", ""}));
        CPPUNIT_ASSERT(r.column("actions") == (Strings{"[2]", ""}));
        CPPUNIT_ASSERT(r.errors == (Strings{"2 required resource_type: Resource type is required",
                                            "2 required conditions: Conditions is required",
                                            "2 required actions: Actions is required"}));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CsvInlineTest);
