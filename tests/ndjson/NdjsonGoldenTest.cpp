// Golden tests: every file of shared/fixtures/sure/ndjson published as a ServiceImport, with the
// outcome of that folder's README — or, where this project's decisions change it (docs/decisions.md
// D19 implicit counts, D21 balances), the new outcome, named so in the test.
#include "NdjsonSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <map>

using namespace finimport::test;
using Counts = std::map<std::string, int64_t>;

namespace {

const char* kKeys[] = {"accounts",     "balances",          "categories",
                       "tags",         "merchants",         "recurring_transactions",
                       "transactions", "transfers",         "rejected_transfers",
                       "trades",       "holdings",          "valuations",
                       "budgets",      "budget_categories", "rules"};

int64_t at(const Counts& c, const std::string& k) {
    auto it = c.find(k);
    return it == c.end() ? 0 : it->second;
}

// complete + readback matched, expected and implicit counts exactly as given (0 elsewhere).
void assertMatched(const ServiceRun& run, const Counts& expected, const Counts& implicit = {}) {
    CPPUNIT_ASSERT_EQUAL(201, run.createStatus);
    CPPUNIT_ASSERT_EQUAL(std::string("complete"), run.import->getValue<std::string>("status"));
    auto rb = readback(run.import);
    CPPUNIT_ASSERT_EQUAL(std::string("matched"), rb->getValue<std::string>("status"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(0), rb->getObject("mismatches")->size());
    for (const char* k : kKeys) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(k, at(expected, k),
                                     countOf(rb->getObject("expected_record_counts"), k));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(k, at(expected, k) + at(implicit, k),
                                     countOf(rb->getObject("actual_delta_counts"), k));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(k, at(implicit, k),
                                     countOf(rb->getObject("implicit_counts"), k));
    }
}

// 422 preflight_failed on create; the import is failed with the same lines.
void assertPreflight(const ServiceRun& run, const std::vector<std::string>& messages) {
    CPPUNIT_ASSERT_EQUAL(422, run.createStatus);
    CPPUNIT_ASSERT_EQUAL(std::string("preflight_failed"),
                         run.created->getValue<std::string>("error"));
    CPPUNIT_ASSERT_EQUAL(
        std::string("Import was uploaded but did not pass service NDJSON preflight."),
        run.created->getValue<std::string>("message"));
    std::vector<std::string> expected{"Service import preflight failed:"};
    expected.insert(expected.end(), messages.begin(), messages.end());
    auto lines = errorLines(run.created);
    CPPUNIT_ASSERT_EQUAL(expected.size(), lines.size());
    for (size_t i = 0; i < expected.size(); ++i)
        CPPUNIT_ASSERT_EQUAL(expected[i], lines[i]);
    CPPUNIT_ASSERT_EQUAL(std::string("failed"), run.import->getValue<std::string>("status"));
    std::string text = "Service import preflight failed:";
    for (const auto& m : messages)
        text += "\n" + m;
    CPPUNIT_ASSERT_EQUAL(text, run.import->getValue<std::string>("error"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(0), readback(run.import)->size());
}

} // namespace

class NdjsonGoldenTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NdjsonGoldenTest);
    CPPUNIT_TEST(testSampleMatched);
    CPPUNIT_TEST(testImplicitOpeningAnchorNowMatchedD19);
    CPPUNIT_TEST(testMissingAccountReferenceFailsPreflight);
    CPPUNIT_TEST(testBadDateRollsBackWithFailedReadback);
    CPPUNIT_TEST(testSplitTransactionChildrenImplicitD19);
    CPPUNIT_TEST(testSplitAmountMismatchFailsPreflight);
    CPPUNIT_TEST(testPreflightErrorsEveryCheck);
    CPPUNIT_TEST(testWarningsOnlyPassesPreflightThenRuleWithoutActionFails);
    CPPUNIT_TEST(testFullScenarioRuleWithoutIdFailsPreflight);
    CPPUNIT_TEST(testBalancesMatchedThenRecomputedD21);
    CPPUNIT_TEST(testOpeningBalanceClamp);
    CPPUNIT_TEST(testAuthoritativeBalanceHistoryNoAnchor);
    CPPUNIT_TEST(testCategoriesWithParent);
    CPPUNIT_TEST(testRecurringTransactions);
    CPPUNIT_TEST(testSplitLinesTransfer);
    CPPUNIT_TEST(testSplitLinesInheritTaxonomy);
    CPPUNIT_TEST(testTrades);
    CPPUNIT_TEST(testHoldingsAnchorDayBefore);
    CPPUNIT_TEST(testValuationUnknownKindIsReconciliation);
    CPPUNIT_TEST(testTransfersFundsMovement);
    CPPUNIT_TEST(testBudgets);
    CPPUNIT_TEST(testRuleFilesWithoutIdFailPreflight);
    CPPUNIT_TEST(testSkipInvalidLineFailsPreflight);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Ndjson");
    }
    void tearDown() override { _app.reset(); }

    ServiceRun run(const std::string& file) {
        return publishService(*_app, _key, ndjsonFixture(file));
    }

    void testSampleMatched() {
        assertMatched(run("sample.ndjson"), {{"accounts", 1},
                                             {"valuations", 1},
                                             {"categories", 1},
                                             {"tags", 1},
                                             {"merchants", 1},
                                             {"transactions", 1}});
        auto tx = sqlRows(
            *_app,
            "SELECT e.amount, e.name, c.name, m.name, tg.name FROM entries e "
            "JOIN transactions t ON t.entry_id = e.id JOIN categories c ON c.id = t.category_id "
            "JOIN merchants m ON m.id = t.merchant_id JOIN transaction_tags tt ON tt.entry_id = "
            "e.id "
            "JOIN tags tg ON tg.id = tt.tag_id");
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), tx.size());
        CPPUNIT_ASSERT_EQUAL(std::string("1234000000"), tx[0][0]); // 12.34 scaled 1e8
        CPPUNIT_ASSERT_EQUAL(std::string("Verified transaction"), tx[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("Verified Category"), tx[0][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("Verified Merchant"), tx[0][3]);
        CPPUNIT_ASSERT_EQUAL(std::string("Verified Tag"), tx[0][4]);
        CPPUNIT_ASSERT_EQUAL(std::string("checking"),
                             sqlRows(*_app, "SELECT subtype FROM accounts")[0][0]);
    }

    // Reference: mismatch (valuations expected 0, actual 1). docs/decisions.md D19: the anchor is
    // implicit.
    void testImplicitOpeningAnchorNowMatchedD19() {
        assertMatched(run("service_implicit_opening_anchor.ndjson"), {{"accounts", 1}},
                      {{"valuations", 1}});
    }

    void testMissingAccountReferenceFailsPreflight() {
        assertPreflight(run("service_missing_account_reference.ndjson"),
                        {"Line 1 Transaction references missing account_id \"missing-account\"."});
    }

    void testBadDateRollsBackWithFailedReadback() {
        auto r = run("service_failed_bad_date.ndjson");
        CPPUNIT_ASSERT_EQUAL(201, r.createStatus);
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), r.import->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("Line 2 Transaction has an invalid date \"not-a-date\"."),
                             r.import->getValue<std::string>("error"));
        auto rb = readback(r.import);
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), rb->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(r.import->getValue<std::string>("error"),
                             rb->getValue<std::string>("error"));
        for (const char* k : kKeys)
            CPPUNIT_ASSERT_EQUAL(int64_t(0), countOf(rb->getObject("actual_delta_counts"), k));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(*_app, "SELECT COUNT(*) FROM accounts"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(*_app, "SELECT COUNT(*) FROM entries"));
    }

    // Reference: transactions expected 1 / actual 3 (mismatch). docs/decisions.md D19: the children
    // are implicit.
    void testSplitTransactionChildrenImplicitD19() {
        assertMatched(run("service_split_transaction.ndjson"),
                      {{"accounts", 1}, {"transactions", 1}},
                      {{"transactions", 2}, {"valuations", 1}});
        auto rows = sqlRows(
            *_app,
            "SELECT e.name, e.amount, e.excluded, (e.parent_entry_id IS NULL) FROM entries e "
            "WHERE e.entryable_type = 'Transaction' ORDER BY e.amount DESC");
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), rows.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Revertable split parent"), rows[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("1"), rows[0][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("Split child two"), rows[1][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("6000000000"), rows[1][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), rows[1][3]);
        CPPUNIT_ASSERT_EQUAL(std::string("Split child one"), rows[2][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("4000000000"), rows[2][1]);
    }

    void testSplitAmountMismatchFailsPreflight() {
        assertPreflight(
            run("service_split_amount_mismatch.ndjson"),
            {"Line 2 Transaction split amounts total 90.00 but the transaction amount is 100.00."});
    }

    void testPreflightErrorsEveryCheck() {
        assertPreflight(run("service_preflight_errors.ndjson"),
                        {"Line 1 RecurringTransaction is missing required field(s): amount, "
                         "expected_day_of_month, "
                         "last_occurrence_date, next_expected_date.",
                         "Line 2 has unsupported record type MysteryType.",
                         "Line 3 Account has invalid Depository subtype \"not-a-subtype\".",
                         "Line 5 duplicates valuation for account \"account-1\" on 2024-01-01; "
                         "first seen on line 4.",
                         "Line 6 Transaction references missing account_id \"missing-account\".",
                         "Line 6 Transaction references missing tag_ids \"missing-tag\"."});
    }

    void testWarningsOnlyPassesPreflightThenRuleWithoutActionFails() {
        auto r = run("service_preflight_warnings_only.ndjson");
        CPPUNIT_ASSERT_EQUAL(201, r.createStatus); // preflight passed: the job was queued
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), r.import->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("Line 1 Rule must have at least one action."),
                             r.import->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("failed"),
                             readback(r.import)->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), sqlCount(*_app, "SELECT COUNT(*) FROM rules"));
    }

    void testFullScenarioRuleWithoutIdFailsPreflight() {
        assertPreflight(run("full_scenario.ndjson"),
                        {"Line 9 Rule is missing required field(s): id."});
    }

    // README: "balance row stored as given". docs/decisions.md D21: only for authoritative
    // accounts; this one is recomputed after the publish (the readback snapshot, taken before,
    // still counts the row).
    void testBalancesMatchedThenRecomputedD21() {
        assertMatched(run("balances.ndjson"), {{"accounts", 1}, {"balances", 1}},
                      {{"valuations", 1}});
        // docs/decisions.md D31: the series ends at the latest entry (the synthesized anchor of
        // 2024-01-30), so the recomputed history is that one day; the imported 2024-01-31 row is
        // replaced.
        auto rows = sqlRows(*_app, "SELECT date, balance, cash_balance FROM balances");
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), rows.size());
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-30"), rows[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("120000000000"), rows[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("120000000000"), rows[0][2]);
    }

    void testOpeningBalanceClamp() {
        assertMatched(run("opening_balance_clamp.ndjson"), {{"accounts", 1}, {"transactions", 1}},
                      {{"valuations", 1}});
        auto anchor = sqlRows(
            *_app,
            "SELECT e.date, e.amount, e.name FROM entries e JOIN valuations v ON v.entry_id = e.id "
            "WHERE v.kind = 'opening_anchor'");
        CPPUNIT_ASSERT_EQUAL(std::string("2020-04-01"), anchor[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("500000000000"), anchor[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("Opening balance"), anchor[0][2]);
    }

    void testAuthoritativeBalanceHistoryNoAnchor() {
        assertMatched(run("authoritative_balance_history.ndjson"),
                      {{"accounts", 1}, {"valuations", 1}});
        CPPUNIT_ASSERT_EQUAL(
            int64_t(0),
            sqlCount(*_app, "SELECT COUNT(*) FROM valuations WHERE kind = 'opening_anchor'"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0),
                             sqlCount(*_app, "SELECT COUNT(*) FROM balances")); // not recomputed
        CPPUNIT_ASSERT_EQUAL(std::string("500000000000"),
                             sqlRows(*_app, "SELECT balance FROM accounts")[0][0]);
    }

    void testCategoriesWithParent() {
        assertMatched(run("categories_with_parent.ndjson"), {{"categories", 2}});
        auto rows = sqlRows(*_app, "SELECT c.name, p.name, c.color FROM categories c JOIN "
                                   "categories p ON p.id = c.parent_id");
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), rows.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries"), rows[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("Shopping"), rows[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("#33FF57"), rows[0][2]);
    }

    void testRecurringTransactions() {
        assertMatched(run("recurring_transactions.ndjson"),
                      {{"accounts", 1}, {"merchants", 1}, {"recurring_transactions", 1}},
                      {{"valuations", 1}});
        auto r = sqlRows(*_app,
                         "SELECT r.amount, r.expected_day_of_month, r.occurrence_count, r.manual, "
                         "r.expected_amount_min, m.name FROM recurring_transactions r JOIN "
                         "merchants m ON m.id = r.merchant_id");
        CPPUNIT_ASSERT_EQUAL(std::string("-8999000000"), r[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("14"), r[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("6"), r[0][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("1"), r[0][3]);
        CPPUNIT_ASSERT_EQUAL(std::string("-9500000000"), r[0][4]);
        CPPUNIT_ASSERT_EQUAL(std::string("Internet Provider"), r[0][5]);
    }

    void testSplitLinesTransfer() {
        assertMatched(run("split_lines_transfer.ndjson"),
                      {{"accounts", 2},
                       {"categories", 1},
                       {"tags", 1},
                       {"transactions", 2},
                       {"transfers", 1}},
                      {{"transactions", 2}, {"valuations", 2}});
        auto t = sqlRows(*_app, "SELECT o.name, i.name, tr.status, tr.notes FROM transfers tr "
                                "JOIN entries o ON o.id = tr.outflow_transaction_id JOIN entries i "
                                "ON i.id = tr.inflow_transaction_id");
        CPPUNIT_ASSERT_EQUAL(std::string("Cash movement"), t[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("Cash received"), t[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("confirmed"), t[0][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("Split-linked transfer"), t[0][3]);
    }

    void testSplitLinesInheritTaxonomy() {
        assertMatched(run("split_lines_inherit_taxonomy.ndjson"),
                      {{"accounts", 1}, {"tags", 1}, {"merchants", 1}, {"transactions", 1}},
                      {{"transactions", 2}, {"valuations", 1}});
        auto rows = sqlRows(
            *_app,
            "SELECT e.name, COALESCE(t.merchant_id, '-'), "
            "(SELECT COUNT(*) FROM transaction_tags tt WHERE tt.entry_id = e.id) "
            "FROM entries e JOIN transactions t ON t.entry_id = e.id ORDER BY e.amount DESC");
        CPPUNIT_ASSERT_EQUAL(std::string("Tagged merchant split"), rows[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), rows[0][2]); // the parent carries no tags
        CPPUNIT_ASSERT_EQUAL(std::string("Explicit empty taxonomy"), rows[1][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("-"), rows[1][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), rows[1][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("Inherits omitted taxonomy"), rows[2][0]);
        CPPUNIT_ASSERT(rows[2][1] != "-");
        CPPUNIT_ASSERT_EQUAL(std::string("1"), rows[2][2]);
    }

    void testTrades() {
        assertMatched(run("trades.ndjson"), {{"accounts", 1}, {"trades", 1}}, {{"valuations", 1}});
        auto t = sqlRows(
            *_app,
            "SELECT e.name, e.amount, t.qty, t.price, s.ticker FROM entries e JOIN trades t ON "
            "t.entry_id = e.id JOIN securities s ON s.id = t.security_id");
        CPPUNIT_ASSERT_EQUAL(std::string("Buy AAPL"), t[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("-150000000000"), t[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("1000000000"), t[0][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("15000000000"), t[0][3]);
        CPPUNIT_ASSERT_EQUAL(std::string("AAPL"), t[0][4]);
    }

    void testHoldingsAnchorDayBefore() {
        assertMatched(run("holdings.ndjson"), {{"accounts", 1}, {"holdings", 1}},
                      {{"valuations", 1}});
        CPPUNIT_ASSERT_EQUAL(
            std::string("2024-01-14"),
            sqlRows(*_app,
                    "SELECT e.date FROM entries e JOIN valuations v ON v.entry_id = e.id")[0][0]);
        auto h = sqlRows(*_app, "SELECT h.qty, h.price, h.amount, h.cost_basis, "
                                "h.cost_basis_source, h.cost_basis_locked, "
                                "s.ticker, s.exchange_operating_mic, s.country_code FROM holdings "
                                "h JOIN securities s ON s.id = h.security_id");
        CPPUNIT_ASSERT_EQUAL(std::string("10000000000"), h[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("25025000000"), h[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("2502500000000"), h[0][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("20000000000"), h[0][3]);
        CPPUNIT_ASSERT_EQUAL(std::string("manual"), h[0][4]);
        CPPUNIT_ASSERT_EQUAL(std::string("1"), h[0][5]);
        CPPUNIT_ASSERT_EQUAL(std::string("VTI"), h[0][6]);
        CPPUNIT_ASSERT_EQUAL(std::string("ARCX"), h[0][7]);
        CPPUNIT_ASSERT_EQUAL(std::string("US"), h[0][8]);
    }

    void testValuationUnknownKindIsReconciliation() {
        assertMatched(run("valuations_unknown_kind.ndjson"), {{"accounts", 1}, {"valuations", 1}},
                      {{"valuations", 1}});
        auto v = sqlRows(
            *_app,
            "SELECT v.kind, e.name, e.amount FROM entries e JOIN valuations v ON v.entry_id = e.id "
            "WHERE e.date = '2024-06-15'");
        CPPUNIT_ASSERT_EQUAL(std::string("reconciliation"), v[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("Updated valuation"), v[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("52000000000000"), v[0][2]);
    }

    void testTransfersFundsMovement() {
        assertMatched(
            run("transfers.ndjson"),
            {{"accounts", 2}, {"transactions", 4}, {"transfers", 1}, {"rejected_transfers", 1}},
            {{"valuations", 2}});
        auto kinds = sqlRows(*_app, "SELECT e.name, t.kind FROM entries e JOIN transactions t ON "
                                    "t.entry_id = e.id ORDER BY e.name");
        CPPUNIT_ASSERT_EQUAL(std::string("Candidate inflow"), kinds[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("standard"), kinds[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("Transfer from checking"), kinds[2][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("funds_movement"), kinds[2][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("Transfer to savings"), kinds[3][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("funds_movement"), kinds[3][1]);
    }

    void testBudgets() {
        assertMatched(run("budgets.ndjson"),
                      {{"categories", 1}, {"budgets", 1}, {"budget_categories", 1}});
        auto b = sqlRows(*_app, "SELECT b.start_date, b.end_date, b.budgeted_spending, "
                                "b.expected_income, bc.budgeted_spending, "
                                "c.name FROM budgets b JOIN budget_categories bc ON bc.budget_id = "
                                "b.id JOIN categories c ON c.id = bc.category_id");
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-01"), b[0][0]);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-31"), b[0][1]);
        CPPUNIT_ASSERT_EQUAL(std::string("300000000000"), b[0][2]);
        CPPUNIT_ASSERT_EQUAL(std::string("500000000000"), b[0][3]);
        CPPUNIT_ASSERT_EQUAL(std::string("50000000000"), b[0][4]);
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries"), b[0][5]);
    }

    // Importer-level files (their Rule lines have no id): the service preflight refuses them.
    void testRuleFilesWithoutIdFailPreflight() {
        for (const char* file :
             {"rules.ndjson", "rules_value_refs.ndjson", "rules_compound.ndjson"}) {
            setUp();
            assertPreflight(run(file), {"Line 1 Rule is missing required field(s): id."});
        }
    }

    void testSkipInvalidLineFailsPreflight() {
        // The first line is not JSON: create's first-line gate refuses it before anything is
        // stored.
        auto r = run("skip_invalid_line.ndjson");
        CPPUNIT_ASSERT_EQUAL(422, r.createStatus);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_ndjson"),
                             r.created->getValue<std::string>("error"));
    }

private:
    std::unique_ptr<AppHarness> _app;
    std::string _key;
};

CPPUNIT_TEST_SUITE_REGISTRATION(NdjsonGoldenTest);
