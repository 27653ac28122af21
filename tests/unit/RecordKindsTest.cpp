// The table of each record kind (app/rows/RecordKinds.h, docs/decisions.md D201) as row edits
// read it: a field a kind does not let a client edit is refused with the rows endpoint's
// sentence, a required field left blank gets its `required` error, and the signed twins the
// table lists follow an edit.
#include "app/rows/RecordKinds.h"
#include "app/imports/rowedit/FieldEdits.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::app;
using rows::Fields;

class RecordKindsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RecordKindsTest);
    CPPUNIT_TEST(testTheTable);
    CPPUNIT_TEST(testNonEditableFieldIsRefused);
    CPPUNIT_TEST(testRequiredFieldLeftBlank);
    CPPUNIT_TEST(testSignedFieldsFollowTheTable);
    CPPUNIT_TEST_SUITE_END();

    static std::optional<std::string> refusal(const char* kind, const Fields& row,
                                              const char* name) {
        return fieldEditRefusal(kind, row, name);
    }

public:
    void testTheTable() {
        CPPUNIT_ASSERT(rows::recordKind("transaction").entry);
        CPPUNIT_ASSERT(rows::recordKind("trade").entry);
        CPPUNIT_ASSERT(!rows::recordKind("account").entry);
        CPPUNIT_ASSERT(!rows::recordKind("category").entry);
        CPPUNIT_ASSERT(rows::recordKind("trade").isRequired("ticker"));
        CPPUNIT_ASSERT(!rows::recordKind("transaction").isRequired("name"));
        CPPUNIT_ASSERT(rows::recordKind("merchant").isRequired("name")); // the default
        CPPUNIT_ASSERT(rows::recordKind("rule").isLocked("conditions"));
        CPPUNIT_ASSERT(!rows::recordKind("transaction").isEditable("signed_amount"));
        CPPUNIT_ASSERT(rows::recordKind("trade").recomputesOn("price"));
        CPPUNIT_ASSERT(!rows::recordKind("transaction").recomputesOn("price"));
    }

    void testNonEditableFieldIsRefused() {
        const Fields transaction = {
            {"date", "2024-01-02"}, {"amount", "5"}, {"signed_amount", "-5"}, {"name", "A"}};
        CPPUNIT_ASSERT_EQUAL(std::string("Unknown field signed_amount"),
                             refusal("transaction", transaction, "signed_amount").value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("Unknown field currency"),
                             refusal("transaction", transaction, "currency").value_or(""));
        CPPUNIT_ASSERT(!refusal("transaction", transaction, "amount"));
        const Fields rule = {{"name", "R"}, {"conditions", "[]"}, {"active", "true"}};
        CPPUNIT_ASSERT_EQUAL(std::string("Field conditions cannot be edited"),
                             refusal("rule", rule, "conditions").value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("Field active cannot be edited"),
                             refusal("rule", rule, "active").value_or(""));
        CPPUNIT_ASSERT(!refusal("rule", rule, "name"));
    }

    void testRequiredFieldLeftBlank() {
        Fields trade = {{"date", "2024-01-02"},
                        {"ticker", "ACME"},
                        {"qty", "1"},
                        {"price", "2"},
                        {"name", "Buy"}};
        std::vector<RowMessage> errors;
        applyFieldEdits("trade", {{"ticker", " "}, {"name", ""}}, trade, errors);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("required"), errors[0].code);
        CPPUNIT_ASSERT_EQUAL(std::string("ticker"), errors[0].field.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("Ticker is required"), errors[0].message);

        Fields transaction = {{"date", "2024-01-02"}, {"amount", "5"}};
        errors.clear();
        applyFieldEdits("transaction", {{"amount", std::nullopt}}, transaction, errors);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Amount is required"), errors[0].message);
        CPPUNIT_ASSERT(transaction.get("amount")->has_value()); // stored as ""
        CPPUNIT_ASSERT_EQUAL(std::string(), transaction.text("amount"));

        Fields category = {{"name", "Food"}};
        errors.clear();
        applyFieldEdits("category", {{"name", ""}}, category, errors);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Name is required"), errors[0].message);
    }

    void testSignedFieldsFollowTheTable() {
        // An account's balance is a level: +1 by default; a transaction's money in is −1.
        Fields account = {{"name", "Cash"}, {"amount", "abc"}, {"signed_amount", std::nullopt}};
        Fields transaction = {{"amount", "abc"}, {"signed_amount", std::nullopt}};
        std::vector<RowMessage> errors;
        applyFieldEdits("account", {{"amount", "10"}}, account, errors);
        applyFieldEdits("transaction", {{"amount", "10"}}, transaction, errors);
        CPPUNIT_ASSERT_EQUAL(std::string("10"), account.text("signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("-10"), transaction.text("signed_amount"));
        // A kind with no signed fields in its table keeps the row's as they were.
        Fields split = {{"amount", "1"}, {"signed_amount", "7"}};
        applyFieldEdits("split", {{"amount", "2"}}, split, errors);
        CPPUNIT_ASSERT_EQUAL(std::string("7"), split.text("signed_amount"));
        CPPUNIT_ASSERT(errors.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RecordKindsTest);
