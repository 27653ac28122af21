// The host's rule for an edited row whose plugin has no row check (docs/decisions.md D67,
// docs/api.md §12.6): derived values keep the relation the row showed, take the record
// vocabulary's default when it had none, and are marked not_recomputed otherwise.
#include "app/imports/rowedit/FieldEdits.h"

#include <cppunit/extensions/HelperMacros.h>

using finimport::app::applyFieldEdits;
using finimport::app::RowMessage;
using finimport::app::rows::Fields;

class RowEditGenericRuleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RowEditGenericRuleTest);
    CPPUNIT_TEST(testKeptSign);
    CPPUNIT_TEST(testDefaultSignWhenTheRowHadNone);
    CPPUNIT_TEST(testScaledAmountIsNotRecomputed);
    CPPUNIT_TEST(testTradeQuantityAndCash);
    CPPUNIT_TEST_SUITE_END();

    static Fields transaction(const char* amount, const char* signedAmount) {
        Fields f = {{"date", "2024-01-02"}, {"amount", amount}, {"signed_amount", std::nullopt}};
        if (signedAmount) f.set("signed_amount", signedAmount);
        return f;
    }

public:
    void testKeptSign() {
        for (const auto& [was, twin, now, expected] :
             std::vector<std::tuple<const char*, const char*, const char*, const char*>>{
                 {"-3.50", "3.50", "-4.25", "4.25"}, // opposite signs
                 {"12.00", "12.00", "-7.5", "-7.5"}, // the same sign
                 {"0", "0", "5.00", "-5.00"}}) {     // no sign to see: the default
            Fields fields = transaction(was, twin);
            std::vector<RowMessage> errors;
            applyFieldEdits("transaction", {{"amount", now}}, fields, errors);
            CPPUNIT_ASSERT_EQUAL(std::string(expected), fields.text("signed_amount"));
            CPPUNIT_ASSERT(errors.empty());
        }
    }

    void testDefaultSignWhenTheRowHadNone() {
        // Invalid at upload: its parse error goes, money in is positive in the file.
        Fields fields = transaction("abc", nullptr);
        std::vector<RowMessage> errors = {{"invalid_number", "amount", "Amount is not a number"}};
        applyFieldEdits("transaction", {{"amount", "30.00"}}, fields, errors);
        CPPUNIT_ASSERT_EQUAL(std::string("-30.00"), fields.text("signed_amount"));
        CPPUNIT_ASSERT(errors.empty());
    }

    void testScaledAmountIsNotRecomputed() {
        // The plugin stored cents as units (× 0.01): a relation the host cannot repeat.
        Fields fields = transaction("1250", "-12.50");
        std::vector<RowMessage> errors;
        applyFieldEdits("transaction", {{"amount", "300"}}, fields, errors);
        CPPUNIT_ASSERT(fields.get("signed_amount")->has_value() == false);
        CPPUNIT_ASSERT_EQUAL(std::string("300"), fields.text("amount"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("not_recomputed"), errors[0].code);
        CPPUNIT_ASSERT_EQUAL(std::string("signed_amount"), *errors[0].field);
        CPPUNIT_ASSERT_EQUAL(std::string("Amount cannot be recomputed after an edit for this "
                                         "import type: exclude the row or upload the file again"),
                             errors[0].message);
    }

    void testTradeQuantityAndCash() {
        // Cash that was price × signed_qty follows the edit; a total the file stated stays.
        Fields derived = {
            {"qty", "2"}, {"price", "10"}, {"signed_qty", "-2"}, {"signed_amount", "-20"}};
        std::vector<RowMessage> errors;
        applyFieldEdits("trade", {{"qty", "3"}}, derived, errors);
        CPPUNIT_ASSERT_EQUAL(std::string("-3"), derived.text("signed_qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("-30"), derived.text("signed_amount"));
        Fields stated = {
            {"qty", "2"}, {"price", "10"}, {"signed_qty", "2"}, {"signed_amount", "21.50"}};
        applyFieldEdits("trade", {{"qty", "3"}}, stated, errors);
        CPPUNIT_ASSERT_EQUAL(std::string("3"), stated.text("signed_qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("21.50"), stated.text("signed_amount"));
        CPPUNIT_ASSERT(errors.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RowEditGenericRuleTest);
