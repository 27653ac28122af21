// Exact number parsing under the four number formats (docs/imports.md §5.5, §12.4,
// docs/decisions.md D2, D5).
#include "finimport/decimal.hpp"
#include "finimport/detect.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <limits>
#include <string>

using finimport::sdk::DecimalError;
using finimport::sdk::NumberFormat;

namespace {

const NumberFormat US = NumberFormat::CommaDot;
const NumberFormat EU = NumberFormat::DotComma;
const NumberFormat SP = NumberFormat::SpaceComma;
const NumberFormat IN = NumberFormat::CommaOnly;

void expectValue(const std::string& raw, NumberFormat format, const std::string& text,
                 std::int64_t scaled) {
    auto r = finimport::sdk::parseDecimal(raw, format);
    CPPUNIT_ASSERT_MESSAGE("parse " + raw, r.value.has_value());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(raw, text, r.value->text);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(raw, scaled, r.value->scaled);
    CPPUNIT_ASSERT(r.error == DecimalError::None);
}

void expectError(const std::string& raw, NumberFormat format, DecimalError error) {
    auto r = finimport::sdk::parseDecimal(raw, format);
    CPPUNIT_ASSERT_MESSAGE("reject " + raw, !r.value.has_value());
    CPPUNIT_ASSERT_MESSAGE("error kind of " + raw, r.error == error);
}

} // namespace

class DecimalTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DecimalTest);
    CPPUNIT_TEST(commaDot);
    CPPUNIT_TEST(dotComma);
    CPPUNIT_TEST(spaceComma);
    CPPUNIT_TEST(commaOnly);
    CPPUNIT_TEST(signsAndParentheses);
    CPPUNIT_TEST(currencyDecoration);
    CPPUNIT_TEST(decoratedNumbers);
    CPPUNIT_TEST(detectsNumberFormat);
    CPPUNIT_TEST(rejectsMisreads);
    CPPUNIT_TEST(groupingMustBeThreeDigits);
    CPPUNIT_TEST(decimalPlacesAndRange);
    CPPUNIT_TEST(blank);
    CPPUNIT_TEST(onlyRealCurrencies);
    CPPUNIT_TEST(messages);
    CPPUNIT_TEST(formatNames);
    CPPUNIT_TEST(formatScaledAndMultiply);
    CPPUNIT_TEST_SUITE_END();

public:
    void commaDot() {
        expectValue("1,234.56", US, "1234.56", 123456000000);
        expectValue("1234.56", US, "1234.56", 123456000000);
        expectValue("1,234,567.5", US, "1234567.5", 123456750000000);
        expectValue("1,234", US, "1234", 123400000000);
        expectValue("0.5", US, "0.5", 50000000);
        expectValue("007.50", US, "7.50", 750000000);
        expectValue("1234.", US, "1234", 123400000000);
        expectValue("-89.75", US, "-89.75", -8975000000);
    }

    void dotComma() {
        expectValue("1.234,56", EU, "1234.56", 123456000000);
        expectValue("1234,56", EU, "1234.56", 123456000000);
        expectValue("12,345", EU, "12.345", 1234500000);
        expectValue("1.234.567", EU, "1234567", 123456700000000);
        expectValue("-1.234,5", EU, "-1234.5", -123450000000);
    }

    void spaceComma() {
        expectValue("1 234,56", SP, "1234.56", 123456000000);
        expectValue("1\u00A0234,56", SP, "1234.56", 123456000000);
        expectValue("1\u202F234,56", SP, "1234.56", 123456000000);
        expectValue("1 234 567,8", SP, "1234567.8", 123456780000000);
        expectValue("\u20AC1 234,56", SP, "1234.56", 123456000000);
        expectValue("1 234,56 kr", SP, "1234.56", 123456000000);
        expectValue("-12,5", SP, "-12.5", -1250000000);
    }

    void commaOnly() {
        expectValue("1234", IN, "1234", 123400000000);
        expectValue("1,234", IN, "1234", 123400000000);
        expectValue("-1,234,567", IN, "-1234567", -123456700000000);
        expectError("12.50", IN, DecimalError::Format);
        expectError("1,234.56", IN, DecimalError::Format);
    }

    void signsAndParentheses() {
        expectValue("(50.00)", US, "-50.00", -5000000000);
        expectValue("($50.00)", US, "-50.00", -5000000000);
        expectValue("$(50.00)", US, "-50.00", -5000000000);
        expectValue("(1.234,56 \u20AC)", EU, "-1234.56", -123456000000);
        expectValue("-$1,234.56", US, "-1234.56", -123456000000);
        expectValue("$-1,234.56", US, "-1234.56", -123456000000);
        expectValue("-10.00", US, "-10.00", -1000000000);
        expectValue("-0.00", US, "0.00", 0);
        expectValue("50.00-", US, "-50.00", -5000000000); // docs/decisions.md D41: trailing minus
        expectError("--5", US, DecimalError::Format);
        expectError("-(5)", US, DecimalError::Format);
        expectError("(-5)", US, DecimalError::Format);
        expectError("(50.00", US, DecimalError::Format);
        expectValue("+5", US, "5", 500000000); // docs/decisions.md D41: leading plus
        expectError("+-5", US, DecimalError::Format);
        expectError("-5-", US,
                    DecimalError::Format); // at most one sign marker (docs/decisions.md D53)
        expectError("(5)-", US, DecimalError::Format);
        expectError("+(5)", US, DecimalError::Format);
        expectError("-", US, DecimalError::Format);
    }

    void currencyDecoration() {
        expectValue("$1,234.50", US, "1234.50", 123450000000);
        expectValue("USD 1,234.50", US, "1234.50", 123450000000);
        expectValue("1,234.50 USD", US, "1234.50", 123450000000);
        expectValue("  \u00A3 12.00  ", US, "12.00", 1200000000);
        expectValue("1.234,56 EUR", EU, "1234.56", 123456000000);
        expectError("CHF 1'234", US, DecimalError::Format); // interior junk is never stripped
    }

    // D41/D53: signs with spaces, symbols and codes on either side, direction marks.
    void decoratedNumbers() {
        expectValue("+50,00", EU, "50.00", 5000000000);
        expectValue("+ \u00A31,100.00", US, "1100.00", 110000000000);
        expectValue("- $21.59", US, "-21.59", -2159000000);
        expectValue("\u00A3 1,100.00 -", US, "-1100.00", -110000000000);
        expectValue("\u200E-12.50\u200F", US, "-12.50", -1250000000);
        expectValue("\u202B\u00A512\u202C", US, "12", 1200000000);
        expectValue("12,50 kr", EU, "12.50", 1250000000);
        expectValue("EUR -12,50", EU, "-12.50", -1250000000);
        expectValue("1.234,50 \u062F.\u0627.", EU, "1234.50", 123450000000);
        expectValue("\u062F.\u0627. 1.234,500", EU, "1234.500", 123450000000);
        expectValue("(\u20AC 5.00)", US, "-5.00", -500000000);
        expectValue("$ 5.00 USD", US, "5.00", 500000000);
        expectError("\u00A0\u200E", US, DecimalError::Blank);
        CPPUNIT_ASSERT_EQUAL(std::string("\u00A3"),
                             finimport::sdk::parseDecimal("+ \u00A31,100.00", US).currency);
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"),
                             finimport::sdk::parseDecimal("5,00 EUR", EU).currency);
        CPPUNIT_ASSERT_EQUAL(std::string(), finimport::sdk::parseDecimal("5.00", US).currency);
        expectError("1,23 4.00", US, DecimalError::Format); // grouping stays strict
        expectError("$5$5", US, DecimalError::Format);
        expectError("5 - 5", US, DecimalError::Format);
    }

    // D45/D55: decided from all values; ambiguous columns are not decided.
    void detectsNumberFormat() {
        using finimport::sdk::detectNumberFormat;
        CPPUNIT_ASSERT(detectNumberFormat({"1,234.56", "12", ""}) == US);
        CPPUNIT_ASSERT(detectNumberFormat({"-2,56", "+120,00"}) == EU);
        CPPUNIT_ASSERT(detectNumberFormat({"12", "-3"}) == US); // every format reads them alike
        CPPUNIT_ASSERT(!detectNumberFormat({"1,234", "12"}));   // 1234 or 1.234: ambiguous
        CPPUNIT_ASSERT(!detectNumberFormat({"1,5", "2.5"}));    // no single format fits
    }

    void rejectsMisreads() {
        expectError("1.234,56", US, DecimalError::Format);
        expectError("1,234.56", EU, DecimalError::Format);
        expectError("1,234.56", SP, DecimalError::Format);
        expectError("1 234,56", US, DecimalError::Format);
        expectError(".5", US, DecimalError::Format);
        expectError("1.2.3", US, DecimalError::Format);
        expectError("n/a", US, DecimalError::Format);
        expectError("12 34", US, DecimalError::Format);
        expectError("1,234.5x6", US, DecimalError::Format);
        expectError("$", US, DecimalError::Format);
    }

    // docs/decisions.md D155: only a symbol or code of the currency table stands around a number;
    // U+2212 is a minus; no other text is dropped.
    void onlyRealCurrencies() {
        using finimport::sdk::decimalErrorMessage;
        auto message = [](const std::string& raw, NumberFormat format) {
            const auto r = finimport::sdk::parseDecimal(raw, format);
            return decimalErrorMessage(r.error, "Amount", raw, format);
        };
        expectError("x12", US, DecimalError::UnknownCurrency);
        CPPUNIT_ASSERT_EQUAL(std::string("Amount \"x12\": \"x\" is not a currency symbol or code"),
                             message("x12", US));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"12abc\": \"abc\" is not a currency symbol or code"),
            message("12abc", US));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"#5.00\": \"#\" is not a currency symbol or code"),
            message("#5.00", US));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"EURO 5,00\": \"EURO\" is not a currency symbol or code"),
            message("EURO 5,00", EU));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"1.2.3\" does not match the number format 1,234.56"),
            message("1.2.3", US));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"--5\" does not match the number format 1,234.56"),
            message("--5", US));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"n/a\" does not match the number format 1,234.56"),
            message("n/a", US));
        expectValue("5-", US, "-5",
                    -500000000); // docs/decisions.md D41: an accounting trailing minus
        expectValue("\u221212.50", US, "-12.50", -1250000000);
        expectValue("\u20AC \u22121.234,50", EU, "-1234.50", -123450000000);
        expectValue("12.50\u2212", US, "-12.50", -1250000000);
        expectError("\u2212\u22125", US, DecimalError::Format);
        expectError("\u20135", US, DecimalError::UnknownCurrency); // an en dash is no minus
        // NBSP and narrow NBSP group thousands only under `1 234,56`.
        expectValue("1\u00A0234,56", SP, "1234.56", 123456000000);
        expectValue("1\u202F234,56", SP, "1234.56", 123456000000);
        expectError("1\u00A0234.56", US, DecimalError::Format);
        // Codes in any case, units exactly, a final dot optional; a few common extra spellings.
        expectValue("eur 5,00", EU, "5.00", 500000000);
        expectValue("5,00 z\u0142", EU, "5.00", 500000000);
        expectValue("Rs 100", US, "100", 10000000000);
        expectValue("US$ 12.00", US, "12.00", 1200000000);
        expectValue("CHF 12.00", US, "12.00", 1200000000);
        expectValue("12.00 K\u010D", US, "12.00", 1200000000);
        expectError("Z\u0141 5", US, DecimalError::UnknownCurrency);
    }

    void groupingMustBeThreeDigits() {
        expectError("1,23.45", US, DecimalError::Format);
        expectError("1,2345", US, DecimalError::Format);
        expectError("1234,567", US, DecimalError::Format);
        expectError(",123", US, DecimalError::Format);
        expectError("1,", US, DecimalError::Format);
        expectError("1.23,4", EU, DecimalError::Format);
        expectError("1  234,5", SP, DecimalError::Format);
    }

    void decimalPlacesAndRange() {
        expectValue("0.12345678", US, "0.12345678", 12345678);
        expectError("0.123456789", US, DecimalError::TooManyDecimals);
        // docs/decisions.md D53: trailing zeros do not count against the eight places.
        expectValue("1,5000000000", EU, "1.50000000", 150000000);
        expectValue("12.3400000000", US, "12.34000000", 1234000000);
        expectValue("0.000000010", US, "0.00000001", 1);
        expectValue("-0.0000000000", US, "0.00000000", 0);
        expectError("0.0000000105", US, DecimalError::TooManyDecimals);
        expectError("1.0000000001000", US, DecimalError::TooManyDecimals);
        expectValue("92233720368.54775807", US, "92233720368.54775807", 9223372036854775807);
        expectValue("-92233720368.54775807", US, "-92233720368.54775807", -9223372036854775807);
        expectError("92233720368.54775808", US, DecimalError::OutOfRange);
        expectError("99999999999999999999999", US, DecimalError::OutOfRange);
        expectValue("0000000000000000000000001", US, "1", 100000000);
    }

    void blank() {
        expectError("", US, DecimalError::Blank);
        expectError("   ", US, DecimalError::Blank);
    }

    void messages() {
        using namespace finimport::sdk;
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"1.234,56\" does not match the number format 1,234.56"),
            numberFormatMessage("Amount", "1.234,56", US));
        CPPUNIT_ASSERT_EQUAL(std::string("Amount has more than 8 decimal places"),
                             decimalPlacesMessage("Amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Qty \"x\" does not match the number format 1 234,56"),
                             decimalErrorMessage(DecimalError::Format, "Qty", "x", SP));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Price has more than 8 decimal places"),
            decimalErrorMessage(DecimalError::TooManyDecimals, "Price", "1.0000000001", US));
        CPPUNIT_ASSERT_EQUAL(std::string("Price is required"),
                             decimalErrorMessage(DecimalError::Blank, "Price", "", US));
        CPPUNIT_ASSERT_EQUAL(std::string("Amount \"1e30\" is out of range"),
                             decimalErrorMessage(DecimalError::OutOfRange, "Amount", "1e30", US));
    }

    void formatNames() {
        using namespace finimport::sdk;
        for (auto f : {US, EU, SP, IN})
            CPPUNIT_ASSERT(parseNumberFormat(numberFormatName(f)) == f);
        CPPUNIT_ASSERT(!parseNumberFormat("1.234"));
    }

    void formatScaledAndMultiply() {
        using namespace finimport::sdk;
        CPPUNIT_ASSERT_EQUAL(std::string("1502.50"), formatScaled(150250000000, 2));
        CPPUNIT_ASSERT_EQUAL(std::string("-0.5"), formatScaled(-50000000, 1));
        CPPUNIT_ASSERT_EQUAL(std::string("12"), formatScaled(1200000000, 0));
        CPPUNIT_ASSERT_EQUAL(std::string("-92233720368.54775808"),
                             formatScaled(std::numeric_limits<std::int64_t>::min(), 8));
        // 150.25 * 10 = 1502.5
        CPPUNIT_ASSERT_EQUAL(std::int64_t(150250000000), *multiplyScaled(15025000000, 1000000000));
        // 0.00000001 * 0.5 = 0.000000005 -> rounds half away from zero to 0.00000001
        CPPUNIT_ASSERT_EQUAL(std::int64_t(1), *multiplyScaled(1, 50000000));
        CPPUNIT_ASSERT_EQUAL(std::int64_t(-1), *multiplyScaled(-1, 50000000));
        CPPUNIT_ASSERT_EQUAL(std::int64_t(0), *multiplyScaled(1, 49999999));
        CPPUNIT_ASSERT(!multiplyScaled(std::numeric_limits<std::int64_t>::max(), 200000000));
        // Checked sums: never wrap.
        CPPUNIT_ASSERT_EQUAL(std::int64_t(-1), *addScaled(1, -2));
        CPPUNIT_ASSERT(!addScaled(std::numeric_limits<std::int64_t>::max(), 1));
        CPPUNIT_ASSERT(!addScaled(std::numeric_limits<std::int64_t>::min(), -1));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(DecimalTest);
