// The currency table (docs/api.md §5.3) and its lookup.
#include "domain/Currency.h"
#include "finimport/currency_marks.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <map>
#include <set>
#include <string>

using namespace finimport::domain;

namespace {

std::string rowKey(const Currency& c) {
    return std::to_string(static_cast<int>(c.pattern)) + "|" + std::to_string(c.precision) + "|" +
           std::to_string(c.minorUnitConversion) + "|" + std::string(c.separator) + "|" +
           std::string(c.delimiter);
}

} // namespace

class CurrencyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CurrencyTest);
    CPPUNIT_TEST(lookupIsCaseInsensitive);
    CPPUNIT_TEST(unknownCodesAreNull);
    CPPUNIT_TEST(tableHasEveryListedCurrency);
    CPPUNIT_TEST(rowsCarryTheirFormatValues);
    CPPUNIT_TEST(dollarUnitsAreAlreadyAdjusted);
    CPPUNIT_TEST(euroUsesTheEnOverride);
    CPPUNIT_TEST(sdkCurrencyMarksMatchTheTable);
    CPPUNIT_TEST_SUITE_END();

public:
    // The SDK's copy of the codes and units (sdk/include/finimport/currency_marks.hpp, which
    // plugins read without the host) is exactly the table's.
    void sdkCurrencyMarksMatchTheTable() {
        std::set<std::string> codes, units;
        for (const Currency& c : allCurrencies()) {
            codes.insert(std::string(c.code));
            if (!c.unit.empty()) units.insert(std::string(c.unit));
            CPPUNIT_ASSERT_MESSAGE(std::string(c.code), finimport::sdk::isCurrencyMark(c.code));
            if (!c.unit.empty())
                CPPUNIT_ASSERT_MESSAGE(std::string(c.unit), finimport::sdk::isCurrencyMark(c.unit));
        }
        std::set<std::string> sdkCodes, sdkUnits;
        for (std::string_view code : finimport::sdk::kCurrencyCodes)
            sdkCodes.insert(std::string(code));
        for (std::string_view unit : finimport::sdk::kCurrencyUnits)
            sdkUnits.insert(std::string(unit));
        CPPUNIT_ASSERT(sdkCodes == codes);
        for (const std::string& code : codes)
            units.erase(code); // a unit that is a code is matched as a code
        CPPUNIT_ASSERT(sdkUnits == units);
    }

    void lookupIsCaseInsensitive() {
        const Currency* usd = findCurrency("usd");
        CPPUNIT_ASSERT(usd != nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), std::string(usd->code));
        CPPUNIT_ASSERT(findCurrency("UsD") == usd);
        CPPUNIT_ASSERT(findCurrency("usdc") != nullptr);
        CPPUNIT_ASSERT(findCurrency("doge") != nullptr);
    }

    void unknownCodesAreNull() {
        CPPUNIT_ASSERT(findCurrency("") == nullptr);
        CPPUNIT_ASSERT(findCurrency("XYZ") == nullptr);
        CPPUNIT_ASSERT(findCurrency("US") == nullptr);
        CPPUNIT_ASSERT(findCurrency("USDD") == nullptr);
        CPPUNIT_ASSERT(findCurrency("ETH") == nullptr);
        CPPUNIT_ASSERT(findCurrency("averyverylongcode") == nullptr);
    }

    void tableHasEveryListedCurrency() {
        CPPUNIT_ASSERT_EQUAL(size_t(180), allCurrencies().size());
        for (const Currency& c : allCurrencies())
            CPPUNIT_ASSERT(findCurrency(c.code) == &c);
    }

    void rowsCarryTheirFormatValues() {
        // One currency per row of docs/api.md §5.3 and how many currencies share that row.
        struct Expected {
            const char* code;
            MoneyPattern pattern;
            int precision;
            int64_t conversion;
            const char* separator;
            const char* delimiter;
            int rowSize;
        };
        using P = MoneyPattern;
        const Expected rows[] = {
            {"USD", P::UnitNumber, 2, 100, ".", ",", 60}, // 59 listed + EUR (`en`)
            {"AED", P::NumberSpaceUnit, 2, 100, ".", ",", 58},
            {"XOF", P::NumberSpaceUnit, 0, 1, ".", ",", 19},
            {"BRL", P::UnitNumber, 2, 100, ",", ".", 11}, // 12 listed, EUR moves to `.`/`,`
            {"JPY", P::UnitNumber, 0, 1, ".", ",", 5},
            {"SEK", P::NumberSpaceUnit, 2, 100, ",", " ", 4},
            {"NOK", P::NumberSpaceUnit, 2, 100, ",", ".", 4},
            {"KWD", P::UnitNumber, 3, 1000, ".", ",", 4},
            {"TND", P::NumberSpaceUnit, 3, 1000, ".", ",", 3},
            {"HUF", P::NumberSpaceUnit, 0, 1, ",", " ", 2},
            {"BTC", P::UnitNumber, 8, 100000000, ".", ",", 2},
            {"ISK", P::NumberSpaceUnit, 0, 1, ",", ".", 2},
            {"ZAR", P::UnitNumber, 2, 100, ",", " ", 1},
            {"CHF", P::UnitSpaceNumber, 2, 100, ".", ",", 1},
            {"CLF", P::UnitNumber, 4, 10000, ",", ".", 1},
            {"CLP", P::UnitNumber, 0, 1, ",", ".", 1},
            {"MGA", P::UnitNumber, 1, 5, ".", ",", 1},
            {"MRU", P::NumberSpaceUnit, 1, 5, ".", ",", 1},
        };
        std::map<std::string, int> rowCounts;
        for (const Currency& c : allCurrencies())
            ++rowCounts[rowKey(c)];
        int total = 0;
        for (const Expected& e : rows) {
            const Currency* c = findCurrency(e.code);
            CPPUNIT_ASSERT_MESSAGE(e.code, c != nullptr);
            CPPUNIT_ASSERT_MESSAGE(e.code, c->pattern == e.pattern);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(e.code, e.precision, c->precision);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(e.code, e.conversion, c->minorUnitConversion);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(e.code, std::string(e.separator),
                                         std::string(c->separator));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(e.code, std::string(e.delimiter),
                                         std::string(c->delimiter));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(e.code, e.rowSize, rowCounts[rowKey(*c)]);
            total += e.rowSize;
        }
        CPPUNIT_ASSERT_EQUAL(180, total);
    }

    void dollarUnitsAreAlreadyAdjusted() {
        CPPUNIT_ASSERT_EQUAL(std::string("$"), std::string(findCurrency("USD")->unit));
        CPPUNIT_ASSERT_EQUAL(std::string("CA$"), std::string(findCurrency("CAD")->unit));
        CPPUNIT_ASSERT_EQUAL(std::string("AU$"), std::string(findCurrency("AUD")->unit));
        CPPUNIT_ASSERT_EQUAL(std::string("MX$"), std::string(findCurrency("MXN")->unit));
        CPPUNIT_ASSERT_EQUAL(std::string("oz t"), std::string(findCurrency("XAU")->unit));
        CPPUNIT_ASSERT_EQUAL(std::string(""), std::string(findCurrency("XFU")->unit));
        CPPUNIT_ASSERT_EQUAL(std::string(""), std::string(findCurrency("GBX")->unit));
        CPPUNIT_ASSERT_EQUAL(std::string("USDC"), std::string(findCurrency("USDC")->unit));
    }

    void euroUsesTheEnOverride() {
        const Currency* eur = findCurrency("eur");
        CPPUNIT_ASSERT_EQUAL(std::string("€"), std::string(eur->unit));
        CPPUNIT_ASSERT_EQUAL(std::string("."), std::string(eur->separator));
        CPPUNIT_ASSERT_EQUAL(std::string(","), std::string(eur->delimiter));
        CPPUNIT_ASSERT(eur->pattern == MoneyPattern::UnitNumber);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CurrencyTest);
