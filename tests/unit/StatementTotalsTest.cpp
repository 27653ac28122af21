// A PDF statement's stated opening and closing balances against its entries
// (app/imports/StatementBook.h EntryTotal; docs/decisions.md D158), exact to the cent.
#include "app/imports/StatementBook.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::app;

namespace {

CollectedRow row(const std::string& kind,
                 std::vector<std::pair<std::string, std::optional<std::string>>> fields) {
    CollectedRow r;
    r.kind = kind;
    r.fields = rows::Fields::fromNamedValues(fields);
    return r;
}

CollectedRow meta(const std::optional<std::string>& opening,
                  const std::optional<std::string>& closing) {
    return row("meta", {{"document_type", "bank_statement"},
                        {"opening_balance", opening},
                        {"closing_balance", closing}});
}

} // namespace

class StatementTotalsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StatementTotalsTest);
    CPPUNIT_TEST(agreeingTotalsSayNothing);
    CPPUNIT_TEST(differingTotalsWarnWithBothFigures);
    CPPUNIT_TEST(whatCannotBeComparedIsNotCompared);
    CPPUNIT_TEST_SUITE_END();

public:
    void agreeingTotalsSayNothing() {
        EntryTotal total;
        total.add(row("transaction", {{"amount", "-1200.00"}}));
        total.add(row("transaction", {{"amount", "5443.00"}}));
        CPPUNIT_ASSERT(!total.reconcile({meta("0.00", "4243.00")}));
    }

    void differingTotalsWarnWithBothFigures() {
        EntryTotal total;
        total.add(row("transaction", {{"amount", "-1200.00"}}));
        total.add(row("transaction", {{"amount", "5443.00"}}));
        CPPUNIT_ASSERT_EQUAL(std::string("The statement: opening 0.00 + entries 4243.00 = "
                                         "4243.00, but the statement states 4250.00"),
                             total.reconcile({meta("0.00", "4250.00")}).value_or(""));
        // Finer digits than cents are shown as written.
        EntryTotal fine;
        fine.add(row("transaction", {{"amount", "0.125"}}));
        CPPUNIT_ASSERT_EQUAL(std::string("The statement: opening 1.00 + entries 0.125 = 1.125, "
                                         "but the statement states 1.13"),
                             fine.reconcile({meta("1", "1.13")}).value_or(""));
    }

    void whatCannotBeComparedIsNotCompared() {
        EntryTotal total;
        total.add(row("transaction", {{"amount", "5.00"}}));
        CPPUNIT_ASSERT(!total.reconcile({meta(std::nullopt, "9.00")})); // no opening stated
        CPPUNIT_ASSERT(!total.reconcile({}));                           // no meta record
        total.add(row("transaction", {{"amount", "x"}}));               // an unreadable entry
        CPPUNIT_ASSERT(!total.reconcile({meta("0.00", "9.00")}));
        EntryTotal huge;
        huge.add(row("transaction", {{"amount", "92233720368.54775807"}}));
        huge.add(row("transaction", {{"amount", "1"}})); // the sum would overflow
        CPPUNIT_ASSERT(!huge.reconcile({meta("0.00", "9.00")}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StatementTotalsTest);
