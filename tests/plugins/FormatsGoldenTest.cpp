// Golden files for the third-party format plugins (Mint, Actual, YNAB, QIF): each reference
// fixture through its built plugin, every callback as a JSON line, plus exact-value checks of
// the rows the spec names. FINIMPORT_UPDATE_GOLDEN=1 rewrites tests/plugins/golden/formats/.
#include "PluginHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace {

using Strings = std::vector<std::string>;

harness::RunResult runFixture(const char* plugin, const char* importer, const char* fixture,
                              const harness::OptionList& options, const char* golden) {
    const fi_plugin& p = harness::loadPlugin(plugin);
    const std::string content =
        harness::readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/" + fixture);
    const auto result = harness::run(harness::findImporter(p, importer), content, options, {7, -1});
    const std::string path = std::string(FINIMPORT_GOLDEN_DIR) + "/formats/" + golden;
    if (std::getenv("FINIMPORT_UPDATE_GOLDEN") != nullptr) harness::writeFile(path, result.text());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(golden, harness::readFile(path), result.text());
    const auto whole = harness::run(harness::findImporter(p, importer), content, options);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(golden, result.text(), whole.text());
    return result;
}

const harness::OptionList kUsd = {{"default_currency", "USD"}};

} // namespace

class FormatsGoldenTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FormatsGoldenTest);
    CPPUNIT_TEST(mint);
    CPPUNIT_TEST(mintHeaderless);
    CPPUNIT_TEST(actual);
    CPPUNIT_TEST(ynab);
    CPPUNIT_TEST(qifSample);
    CPPUNIT_TEST(qifHierarchical);
    CPPUNIT_TEST(qifOpeningBalance);
    CPPUNIT_TEST(qifInvestment);
    CPPUNIT_TEST(qifSplits);
    CPPUNIT_TEST(qifSplitPlaceholder);
    CPPUNIT_TEST(qifEuropeanExplicit);
    CPPUNIT_TEST(qifEuropeanDetected);
    CPPUNIT_TEST(qifMonthNames);
    CPPUNIT_TEST(qifDoubleCaretEndsOneRecord);
    CPPUNIT_TEST(qifBuyCostsCommission);
    CPPUNIT_TEST(qifTransferActions);
    CPPUNIT_TEST(qifAutoFormats);
    CPPUNIT_TEST(budgetAutoFormats);
    CPPUNIT_TEST(qifSplitDateKeepsTransactionDate);
    CPPUNIT_TEST_SUITE_END();

public:
    void mint() {
        auto r =
            runFixture("finimport_mint.so", "mint.transactions", "mint.csv",
                       {{"default_currency", "USD"}, {"date_format", "%m/%d/%Y"}}, "mint.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::size_t(10), r.rows.size());
        CPPUNIT_ASSERT(r.errors.empty());
        // docs/decisions.md D46: debit 78.32 → outflow 78.32; credit −45.67 → inflow (type gives
        // direction).
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       Strings({"78.32", "-45.67", "1500.00", "-2500.00", "15.75", "32.99", "89.50",
                                "4.25", "49.99", "24.50"}));
        CPPUNIT_ASSERT_EQUAL(std::string("2023-05-01"), *r.rows[0]["date"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Checking Account"), *r.rows[0]["account"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Income"), *r.rows[3]["tags"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Monthly membership"), *r.rows[8]["notes"]);
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), *r.rows[8]["currency"]);
    }

    // docs/decisions.md D38: without a header, Mint's own column order names the cells.
    void mintHeaderless() {
        const fi_plugin& p = harness::loadPlugin("finimport_mint.so");
        auto r = harness::run(harness::findImporter(p, "mint.transactions"),
                              "8/02/2016,Amazon,AMAZON MKTPLACE,29.99,debit,Shopping,Visa,,\n"
                              "6/02/2016,Payment,PAYMENT THANK YOU,123.45,credit,Credit Card "
                              "Payment,Visa,,\n",
                              {{"default_currency", "USD"}, {"has_header", "False"}});
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("date") == Strings({"2016-08-02", "2016-06-02"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == Strings({"29.99", "-123.45"}));
        CPPUNIT_ASSERT(r.column("account") == Strings({"Visa", "Visa"}));
    }

    void actual() {
        auto r =
            runFixture("finimport_actual.so", "actual.transactions", "actual.csv",
                       {{"default_currency", "EUR"}, {"date_format", "%Y-%m-%d"}}, "actual.jsonl");
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("category") ==
                       Strings({"Housing: Rent", "Food: Coffee", "Income: Paycheck", "Transfer",
                                "Income: Income"}));
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       Strings({"1500.00", "4.25", "-2500.00", "250.00", "-0.43"}));
        CPPUNIT_ASSERT_EQUAL(std::string("Reconciliation balance adjustment"), *r.rows[4]["name"]);
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), *r.rows[4]["currency"]);
    }

    void ynab() {
        auto r =
            runFixture("finimport_ynab.so", "ynab.transactions", "ynab.csv",
                       {{"default_currency", "USD"}, {"date_format", "%m/%d/%Y"}}, "ynab.jsonl");
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("amount") ==
                       Strings({"-1500.00", "-4.25", "2500.00", "-250.00", "0.43"}));
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       Strings({"1500.00", "4.25", "-2500.00", "250.00", "-0.43"}));
        CPPUNIT_ASSERT(r.column("category") ==
                       Strings({"Housing: Rent", "Food: Coffee", "Income: Paycheck", "", ""}));
        CPPUNIT_ASSERT(r.column("name") ==
                       Strings({"Landlord", "Coffee Shop", "Employer", "Transfer : Savings",
                                "Reconciliation balance adjustment"}));
    }

    void qifSample() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/sample.qif", kUsd,
                            "qif_sample.jsonl");
        CPPUNIT_ASSERT(r.errors.empty());
        // docs/decisions.md D66: the 3 `!Type:Cat` records (categories), 3 transactions, meta.
        CPPUNIT_ASSERT_EQUAL(std::size_t(7), r.rows.size());
        CPPUNIT_ASSERT(r.column("name") ==
                       Strings({"Food & Dining", "Restaurants", "Salary", "Merchant A",
                                "Transfer Out", "Payment Received", "<missing>"}));
        CPPUNIT_ASSERT(
            r.column("category_parent") ==
            Strings({"", "Food & Dining", "", "<missing>", "<missing>", "<missing>", "<missing>"}));
        CPPUNIT_ASSERT(r.column("date") ==
                       Strings({"<missing>", "<missing>", "<missing>", "2020-06-04", "2021-03-29",
                                "2020-10-01", "<missing>"}));
        CPPUNIT_ASSERT(r.column("amount") ==
                       Strings({"<missing>", "<missing>", "<missing>", "-99.00", "-28500.00",
                                "500.00", "<missing>"}));
        CPPUNIT_ASSERT(r.column("category") ==
                       Strings({"<missing>", "<missing>", "<missing>", "Fees & Charges", "",
                                "Food & Dining", "<missing>"}));
        CPPUNIT_ASSERT(r.column("tags") == Strings({"<missing>", "<missing>", "<missing>", "", "",
                                                    "TRIP2025", "<missing>"}));
        CPPUNIT_ASSERT(r.column("transfer_account") ==
                       Strings({"<missing>", "<missing>", "<missing>", "", "Savings Account", "",
                                "<missing>"}));
        CPPUNIT_ASSERT_EQUAL(std::string("QIF Credit Card"), *r.rows[3]["account"]);
        CPPUNIT_ASSERT_EQUAL(std::string("%m/%d/%Y"), *r.rows[6]["date_format"]);
    }

    void qifHierarchical() {
        auto r = runFixture("finimport_qif.so", "qif.transactions",
                            "qif/hierarchical_categories.qif", kUsd, "qif_hierarchical.jsonl");
        CPPUNIT_ASSERT(r.column("category") ==
                       Strings({"Home:Home Improvement", "Food:Groceries", "<missing>"}));
        CPPUNIT_ASSERT(r.column("date") == Strings({"2024-01-01", "2024-01-02", "<missing>"}));
    }

    void qifOpeningBalance() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/opening_balance.qif", kUsd,
                            "qif_opening_balance.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), r.rows.size());
        CPPUNIT_ASSERT_EQUAL(std::string("2020-01-01"), *r.rows[0]["date"]);
        CPPUNIT_ASSERT_EQUAL(std::string("500.00"), *r.rows[0]["amount"]);
        CPPUNIT_ASSERT(r.rows[0].count("signed_amount") == 0); // an opening_balance record
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       Strings({"<missing>", "-100.00", "25.00", "<missing>"}));
    }

    void qifInvestment() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/investment.qif", kUsd,
                            "qif_investment.jsonl");
        CPPUNIT_ASSERT(r.errors.empty());
        // Div (cash), Buy (trade), XIn (cash), Sell (trade), meta.
        CPPUNIT_ASSERT_EQUAL(std::string("Dividend: ACME"), *r.rows[0]["name"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-190.75"), *r.rows[0]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("2.0"), *r.rows[1]["qty"]);
        CPPUNIT_ASSERT_EQUAL(std::string("66.10"), *r.rows[1]["price"]);
        CPPUNIT_ASSERT_EQUAL(std::string("132.20"), *r.rows[1]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Buy 2.0 shares of ACME"), *r.rows[1]["name"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-8000.00"), *r.rows[2]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-3.0"), *r.rows[3]["signed_qty"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-135.00"), *r.rows[3]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("CORP"), *r.rows[3]["ticker"]);
    }

    void qifSplits() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/splits.qif", kUsd,
                            "qif_splits.jsonl");
        CPPUNIT_ASSERT(r.errors.empty());
        // docs/decisions.md D66: 3 `!Type:Cat` records first; the split parent is record 4.
        CPPUNIT_ASSERT(r.column("parent_record") ==
                       Strings({"<missing>", "<missing>", "<missing>", "<missing>", "4", "4",
                                "<missing>", "<missing>"}));
        CPPUNIT_ASSERT(r.column("category") ==
                       Strings({"<missing>", "<missing>", "<missing>", "", "Food & Dining",
                                "Household", "Utilities", "<missing>"}));
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       Strings({"<missing>", "<missing>", "<missing>", "150.00", "100.00", "50.00",
                                "75.00", "<missing>"}));
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries"), *r.rows[4]["notes"]);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-01"), *r.rows[5]["date"]);
    }

    void qifSplitPlaceholder() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/split_placeholder.qif",
                            kUsd, "qif_split_placeholder.jsonl");
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("category") == Strings({"", "Clothing", "Food", "Home Improvement",
                                                        "Food & Dining", "<missing>"}));
    }

    void qifEuropeanExplicit() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/european_dates.qif",
                            {{"default_currency", "EUR"}, {"date_format", "%d/%m/%Y"}},
                            "qif_european_dates.jsonl");
        CPPUNIT_ASSERT(r.column("date") == Strings({"2020-06-04", "2021-03-29", "<missing>"}));
    }

    void qifEuropeanDetected() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/european_dates_bank.qif",
                            kUsd, "qif_european_dates_bank.jsonl");
        CPPUNIT_ASSERT(r.column("date") == Strings({"2024-01-13", "2023-12-25", "<missing>"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%d/%m/%Y"), *r.rows[2]["date_format"]);
    }

    void qifMonthNames() {
        auto r = runFixture("finimport_qif.so", "qif.transactions", "qif/amex_month_name_dates.qif",
                            kUsd, "qif_amex.jsonl");
        CPPUNIT_ASSERT(r.column("date") == Strings({"2026-01-26", "2026-01-23", "<missing>"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%d %b %Y"), *r.rows[2]["date_format"]);
        CPPUNIT_ASSERT_EQUAL(std::string("AMAZON.COM.CA           WWW.AMAZON.CO"),
                             *r.rows[0]["name"]);
    }

    // docs/decisions.md D47: GnuCash ends records with `^^`; each must stay its own record with its
    // own date.
    void qifDoubleCaretEndsOneRecord() {
        auto r = runFixture("finimport_qif.so", "qif.transactions",
                            "../realworld/qif/Gnucash__gnucash__swipe.qif", kUsd,
                            "qif_gnucash_swipe.jsonl");
        CPPUNIT_ASSERT(r.errors.empty());
        // 11 records, and the 3 `…X` actions each add their transfer to ABC Bank (docs/decisions.md
        // D66).
        CPPUNIT_ASSERT(
            r.column("date") ==
            Strings({"1997-09-12", "1997-10-16", "1997-10-16", "1997-10-28", "1997-11-11",
                     "1997-11-11", "1997-11-11", "1997-11-11", "1997-11-11", "1997-11-11",
                     "1997-11-11", "1997-11-11", "1997-11-12", "1997-11-12", "<missing>"}));
        CPPUNIT_ASSERT_EQUAL(std::string("XIn"), *r.rows[0]["entity_type"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-5000.00"), *r.rows[0]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("ABC Bank"), *r.rows[0]["transfer_account"]);
        CPPUNIT_ASSERT_EQUAL(std::string("100.0"), *r.rows[1]["qty"]);
        CPPUNIT_ASSERT_EQUAL(std::string("3500.00"), *r.rows[1]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-120.00"), *r.rows[2]["signed_amount"]);
        // CGShortX: income of 12.00 here, then 12.00 leaves for ABC Bank.
        CPPUNIT_ASSERT_EQUAL(std::string("-12.00"), *r.rows[7]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string(""), *r.rows[7]["transfer_account"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Transfer to ABC Bank"), *r.rows[8]["name"]);
        CPPUNIT_ASSERT_EQUAL(std::string("12.00"), *r.rows[8]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("ABC Bank"), *r.rows[8]["transfer_account"]);
        // SellX: the sale brings 500.00, the transfer sends the `$` 500.00 to ABC Bank.
        CPPUNIT_ASSERT_EQUAL(std::string("-10.0"), *r.rows[12]["signed_qty"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-500.00"), *r.rows[12]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("SellX"), *r.rows[13]["entity_type"]);
        CPPUNIT_ASSERT_EQUAL(std::string("500.00"), *r.rows[13]["signed_amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("ABC Bank"), *r.rows[13]["transfer_account"]);
    }

    // docs/decisions.md D47: a split's own `D` line (quiffen) does not move its transaction to that
    // date.
    void qifSplitDateKeepsTransactionDate() {
        auto r = runFixture("finimport_qif.so", "qif.transactions",
                            "../realworld/qif/isaacharrisholt__quiffen__test.qif", kUsd,
                            "qif_quiffen_test.jsonl");
        bool found = false;
        for (auto& row : r.rows)
            if (row.count("name") && row["name"] && *row["name"] == "Amazon.com" &&
                row.count("parent_record") == 0) {
                CPPUNIT_ASSERT_EQUAL(std::string("2020-02-10"), *row["date"]);
                found = true;
            }
        CPPUNIT_ASSERT(found);
    }
    // docs/decisions.md D66: quiffen's `Buy` has no `T`: it costs Q×I+O = 376 × 32 + 10; its `$` is
    // no transfer (no X). Its `!Type:Cat` records are categories (Investments > Stocks, Bonds).
    void qifBuyCostsCommission() {
        auto r = harness::run(
            harness::findImporter(harness::loadPlugin("finimport_qif.so"), "qif.transactions"),
            harness::readFile(std::string(FINIMPORT_FIXTURES_DIR) +
                              "/../realworld/qif/isaacharrisholt__quiffen__test.qif"),
            kUsd);
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("Stocks"), *r.rows[0]["name"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Investments"), *r.rows[0]["category_parent"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Bonds"), *r.rows[1]["name"]);
        const auto& buy = r.rows[r.rows.size() - 2];
        CPPUNIT_ASSERT_EQUAL(std::string("376.0"), *buy.at("signed_qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("12042.00"), *buy.at("signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("12042.00"), *buy.at("amount"));
    }

    // docs/decisions.md D66: BuyX pays with `$` from the `L[Account]`; MiscExpX likewise; a sell
    // without T brings Q×I−O; DivX without `$` transfers T; an X action without `L[…]` keeps its
    // cash; `Cash` is signed as written.
    void qifTransferActions() {
        const std::string qif =
            "!Type:Invst\n"
            "D1/2/24\nNBuyX\nYACME\nI10\nQ5\nO1\nT51.00\nL[Checking]\n$51.00\n^\n"
            "D1/3/24\nNMiscExpX\nT4.00\nMFee\nL[Checking]\n$4.00\n^\n"
            "D1/4/24\nNSell\nYACME\nI12\nQ2\nO1.5\n^\n"
            "D1/5/24\nNDivX\nYACME\nT3.25\nL[Checking]\n^\n"
            "D1/6/24\nNIntIncX\nT1.00\n^\n"
            "D1/7/24\nNCash\nT-7.00\n^\n";
        auto r = harness::run(
            harness::findImporter(harness::loadPlugin("finimport_qif.so"), "qif.transactions"), qif,
            kUsd);
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(
            r.column("name") ==
            Strings({"Buy 5.0 shares of ACME", "Transfer from Checking", "Fee",
                     "Transfer from Checking", "Sell 2.0 shares of ACME", "Dividend: ACME",
                     "Transfer to Checking", "Interest", "Cash", "<missing>"}));
        CPPUNIT_ASSERT(r.column("signed_amount") ==
                       Strings({"51.00", "-51.00", "4.00", "-4.00", "-22.5", "-3.25", "3.25",
                                "-1.00", "7.00", "<missing>"}));
        CPPUNIT_ASSERT(r.column("transfer_account") ==
                       Strings({"<missing>", "Checking", "", "Checking", "<missing>", "",
                                "Checking", "", "", "<missing>"}));
    }
    // D45/D55 for QIF: `auto` decides from every record, echoes the result, never guesses.
    void qifAutoFormats() {
        const auto& qif =
            harness::findImporter(harness::loadPlugin("finimport_qif.so"), "qif.transactions");
        auto decided = harness::run(
            qif,
            "!Type:Bank\nD13/01/2024\nT-1.234,50\n^\n"
            "D02/02/2024\nT12,00\n^\n",
            {{"default_currency", "EUR"}, {"date_format", "auto"}, {"number_format", "auto"}});
        CPPUNIT_ASSERT(decided.errors.empty());
        CPPUNIT_ASSERT(decided.column("date") ==
                       Strings({"2024-01-13", "2024-02-02", "<missing>", "<missing>"}));
        CPPUNIT_ASSERT(decided.column("amount") ==
                       Strings({"-1234.50", "12.00", "<missing>", "<missing>"}));
        CPPUNIT_ASSERT(decided.column("date_format") ==
                       Strings({"<missing>", "<missing>", "%d/%m/%Y", "<missing>"}));
        CPPUNIT_ASSERT(decided.column("number_format") ==
                       Strings({"<missing>", "<missing>", "<missing>", "1.234,56"}));
        auto ambiguous = harness::run(qif, "!Type:Bank\nD02/01/2024\nT-1.00\n^\n",
                                      {{"default_currency", "EUR"}, {"date_format", "auto"}});
        CPPUNIT_ASSERT(ambiguous.column("error") ==
                       Strings({"Date format is ambiguous; send date_format"}));
        auto numbers = harness::run(qif, "!Type:Bank\nD2024-01-02\nT1,234\n^\n",
                                    {{"default_currency", "EUR"}, {"number_format", "auto"}});
        CPPUNIT_ASSERT(numbers.column("error") ==
                       Strings({"Number format is ambiguous; send number_format"}));
    }
    // D37/D45/D55 in the Mint/Actual/YNAB plugins: `auto` separator, dates and numbers.
    void budgetAutoFormats() {
        const harness::OptionList kAuto = {{"default_currency", "EUR"},
                                           {"col_sep", "auto"},
                                           {"date_format", "auto"},
                                           {"number_format", "auto"}};
        auto actual = harness::run(
            harness::findImporter(harness::loadPlugin("finimport_actual.so"),
                                  "actual.transactions"),
            "Account;Date;Payee;Notes;Category_Group;Category;Amount\n"
            "Giro;31.01.2024;Shop;;Food;Coffee;-1.234,50\nGiro;01.02.2024;Boss;;;;+12,00\n",
            kAuto);
        CPPUNIT_ASSERT(actual.errors.empty());
        CPPUNIT_ASSERT(actual.column("date") == Strings({"2024-01-31", "2024-02-01", "<missing>"}));
        CPPUNIT_ASSERT(actual.column("signed_amount") ==
                       Strings({"1234.50", "-12.00", "<missing>"}));
        auto& meta = actual.rows.back();
        CPPUNIT_ASSERT_EQUAL(std::string(";"), *meta["col_sep"]);
        CPPUNIT_ASSERT_EQUAL(std::string("%d.%m.%Y"), *meta["date_format"]);
        CPPUNIT_ASSERT_EQUAL(std::string("1.234,56"), *meta["number_format"]);
        auto ynab = harness::run(
            harness::findImporter(harness::loadPlugin("finimport_ynab.so"), "ynab.transactions"),
            "Account,Date,Payee,Outflow,Inflow\nChecking,01/02/2024,A,$4.25,$0.00\n", kAuto);
        CPPUNIT_ASSERT(ynab.column("error") ==
                       Strings({"Date format is ambiguous; send date_format"}));
        CPPUNIT_ASSERT(ynab.column("date") == Strings({"<missing>"})); // no transaction row
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FormatsGoldenTest);
