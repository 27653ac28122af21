// Materialised balances: a credit card, a loan and an investment account created by
// AccountImport and moved by TransactionImport/TradeImport; the rows served by
// GET /api/v1/balances equal the engine's (domain::computeBalances on the same entries, built
// here from the files by hand), and an incremental recompute equals a full one.
#include "LifecycleSupport.h"
#include "domain/BalanceCalculator.h"
#include "domain/Currency.h"
#include "domain/MoneyFormat.h"
#include "jobs/BalanceMaterializer.h"

#include <Poco/JSON/Array.h>

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;
using namespace finimport::domain;

namespace {

const std::string kIso = R"("date_format":"%Y-%m-%d")";

Date day(const char* iso) {
    return *Date::parseIso(iso);
}
Decimal dec(const char* text) {
    return *Decimal::parse(text);
}

BalanceEntry anchor(const char* date, const char* amount) {
    BalanceEntry e;
    e.kind = BalanceEntry::Kind::Valuation;
    e.date = day(date);
    e.amount = dec(amount);
    e.openingAnchor = true;
    return e;
}
BalanceEntry transaction(const char* date, const char* amount) {
    BalanceEntry e;
    e.date = day(date);
    e.amount = dec(amount);
    return e;
}
BalanceEntry trade(const char* date, const char* qty, const char* price) {
    BalanceEntry e;
    e.kind = BalanceEntry::Kind::Trade;
    e.date = day(date);
    e.securityId = "AAPL";
    e.qty = dec(qty);
    e.price = dec(price);
    e.amount = e.qty * e.price;
    return e;
}

// Every API row of the account equals the engine row of that date, string and cents alike.
void assertApiEqualsEngine(AppHarness& app, const std::string& key, const std::string& accountId,
                           const BalanceInput& input) {
    auto expected = computeBalances(input);
    auto body = jsonObject(app.get("/api/v1/balances?per_page=100&account_id=" + accountId, key));
    auto rows = body->getArray("balances");
    CPPUNIT_ASSERT_EQUAL(expected.size(), static_cast<size_t>(rows->size()));
    const Currency& usd = *findCurrency("USD");
    for (size_t i = 0; i < expected.size(); ++i) {
        const BalanceRow& e = expected[expected.size() - 1 - i]; // API: date descending
        auto r = rows->getObject(static_cast<unsigned>(i));
        CPPUNIT_ASSERT_EQUAL(e.date.iso(), r->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(int64_t(e.flowsFactor), r->getValue<int64_t>("flows_factor"));
        const std::pair<const char*, Decimal> fields[] = {
            {"balance", e.endBalance()},
            {"start_balance", e.startBalance()},
            {"start_cash_balance", e.startCash},
            {"start_non_cash_balance", e.startNonCash},
            {"cash_inflows", e.cashInflows},
            {"cash_outflows", e.cashOutflows},
            {"non_cash_inflows", e.nonCashInflows},
            {"non_cash_outflows", e.nonCashOutflows},
            {"net_market_flows", e.netMarketFlows},
            {"cash_adjustments", e.cashAdjustments},
            {"non_cash_adjustments", e.nonCashAdjustments},
            {"end_cash_balance", e.endCash},
            {"end_non_cash_balance", e.endNonCash},
            {"end_balance", e.endBalance()}};
        for (const auto& [name, value] : fields) {
            const std::string where = e.date.iso() + " " + name;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(where, formatMoney(value, usd),
                                         r->getValue<std::string>(name));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(where, minorUnits(value, usd),
                                         r->getValue<int64_t>(std::string(name) + "_cents"));
        }
    }
}

// Every value column of the account's stored rows, one line per day.
std::string storedRows(AppHarness& app, const std::string& accountId) {
    std::string out;
    for (const auto& r : storeQuery(
             app,
             "SELECT date, balance, cash_balance, start_cash_balance, start_non_cash_balance, "
             "cash_inflows, cash_outflows, non_cash_inflows, non_cash_outflows, "
             "net_market_flows, cash_adjustments, non_cash_adjustments, end_cash_balance, "
             "end_non_cash_balance, flows_factor FROM balances WHERE account_id = ? ORDER BY date",
             {accountId})) {
        out += r.str(0);
        for (size_t i = 1; i < r.size(); ++i)
            out += " " + std::to_string(r.i64(i));
        out += "\n";
    }
    return out;
}

} // namespace

class BalancesLifecycleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BalancesLifecycleTest);
    CPPUNIT_TEST(apiRowsEqualEngine);
    CPPUNIT_TEST_SUITE_END();

public:
    void apiRowsEqualEngine() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto accounts = createImport(app, key,
                                     importBody("AccountImport",
                                                "type,name,balance,currency,date\n"
                                                "credit card,Visa,500.00,USD,2024-01-01\n"
                                                "loan,Car Loan,10000.00,USD,2024-01-01\n"
                                                "investment,Broker,1000.00,USD,2024-01-01\n",
                                                kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, accounts));
        const std::string visa = accountIdByName(app, "Visa"),
                          loan = accountIdByName(app, "Car Loan"),
                          broker = accountIdByName(app, "Broker");
        auto withAccount = [&](const std::string& id) {
            return kIso + ",\"account_id\":\"" + id + "\"";
        };

        auto card = createImport(
            app, key,
            importBody("TransactionImport",
                       "date,name,amount\n2024-01-02,Dinner,-45.50\n2024-01-04,Payment,200.00\n",
                       withAccount(visa)));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, card));
        auto payment = createImport(app, key,
                                    importBody("TransactionImport",
                                               "date,name,amount\n2024-01-03,Installment,300.00\n",
                                               withAccount(loan)));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, payment));
        auto trades = createImport(
            app, key,
            importBody("TradeImport",
                       "date,ticker,qty,price\n2024-01-02,AAPL,2,100\n2024-01-03,AAPL,-1,110.50\n",
                       withAccount(broker)));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, trades));

        BalanceInput cardInput{AccountKind::CreditCard,
                               {anchor("2024-01-01", "500"), transaction("2024-01-02", "45.50"),
                                transaction("2024-01-04", "-200")},
                               {},
                               Date::today()};
        assertApiEqualsEngine(app, key, visa, cardInput);
        BalanceInput loanInput{AccountKind::Loan,
                               {anchor("2024-01-01", "10000"), transaction("2024-01-03", "-300")},
                               {},
                               Date::today()};
        assertApiEqualsEngine(app, key, loan, loanInput);
        BalanceInput brokerInput{AccountKind::Investment,
                                 {anchor("2024-01-01", "1000"), trade("2024-01-02", "2", "100"),
                                  trade("2024-01-03", "-1", "110.50")},
                                 {},
                                 Date::today()};
        assertApiEqualsEngine(app, key, broker, brokerInput);
        // Hand-checked anchors of the three series.
        auto last = [&](const std::string& id) {
            return jsonObject(app.get("/api/v1/balances?account_id=" + id, key))
                ->getArray("balances")
                ->getObject(0);
        };
        CPPUNIT_ASSERT_EQUAL(std::string("$345.50"), last(visa)->getValue<std::string>("balance"));
        CPPUNIT_ASSERT_EQUAL(-1, last(visa)->getValue<int>("flows_factor"));
        CPPUNIT_ASSERT_EQUAL(std::string("$9,700.00"),
                             last(loan)->getValue<std::string>("balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("$1,021.00"),
                             last(broker)->getValue<std::string>("balance"));

        // A publish inside the existing series recomputes incrementally from its date; the rows
        // equal a full recompute, and so does an explicit incremental run.
        auto late = createImport(app, key,
                                 importBody("TransactionImport",
                                            "date,name,amount\n2024-01-03,Taxi,-12.25\n",
                                            withAccount(visa)));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, late));
        const std::string afterPublish = storedRows(app, visa);
        finimport::jobs::MaterializeResult incremental;
        app.server().database().write([&](finimport::store::Tx& s) {
            incremental =
                finimport::jobs::materializeBalances(s, visa, Date::today(), day("2024-01-03"));
        });
        CPPUNIT_ASSERT(incremental.incremental);
        CPPUNIT_ASSERT_EQUAL(size_t(2), incremental.rows);
        const std::string afterIncremental = storedRows(app, visa);
        app.server().database().write([&](finimport::store::Tx& s) {
            CPPUNIT_ASSERT(
                !finimport::jobs::materializeBalances(s, visa, Date::today()).incremental);
        });
        CPPUNIT_ASSERT_EQUAL(storedRows(app, visa), afterPublish);
        CPPUNIT_ASSERT_EQUAL(afterIncremental, afterPublish);
        cardInput.entries.push_back(transaction("2024-01-03", "12.25"));
        assertApiEqualsEngine(app, key, visa, cardInput);
        CPPUNIT_ASSERT_EQUAL(std::string("$357.75"), last(visa)->getValue<std::string>("balance"));

        // Revert re-materialises: the card is back to the engine's rows without the taxi.
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, late));
        cardInput.entries.pop_back();
        assertApiEqualsEngine(app, key, visa, cardInput);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BalancesLifecycleTest);
