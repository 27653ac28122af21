// Money display strings and minor units: every example of docs/api.md §5.1 plus edge cases.
#include "domain/MoneyFormat.h"

#include <cppunit/extensions/HelperMacros.h>

#include <limits>
#include <string>
#include <vector>

using namespace finimport::domain;

namespace {

Decimal dec(const char* text) {
    auto d = Decimal::parse(text);
    if (!d) throw std::invalid_argument(text);
    return *d;
}

std::string fmt(const char* amount, const char* code) {
    return formatMoney(dec(amount), *findCurrency(code));
}

int64_t cents(const char* amount, const char* code) {
    return minorUnits(dec(amount), *findCurrency(code));
}

// The generic formatting the table-driven formatMoney replaced (std::to_string, per-digit
// appends, 128-bit rounding): the oracle of sameAsGenericFormatting.
std::string genericFormat(Decimal amount, const Currency& c) {
    const int64_t scaled = amount.scaledRounded(c.precision);
    const bool negative = scaled < 0;
    const uint64_t magnitude =
        negative ? 0 - static_cast<uint64_t>(scaled) : static_cast<uint64_t>(scaled);
    uint64_t divisor = 1;
    for (int i = 0; i < c.precision; ++i)
        divisor *= 10;
    const std::string digits = std::to_string(magnitude / divisor);
    std::string number;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) number += c.delimiter;
        number += digits[i];
    }
    if (c.precision > 0) {
        const std::string fraction = std::to_string(magnitude % divisor);
        number += c.separator;
        number.append(static_cast<size_t>(c.precision) - fraction.size(), '0');
        number += fraction;
    }
    std::string out = negative ? "-" : "";
    switch (c.pattern) {
    case MoneyPattern::UnitNumber:
        return out.append(c.unit).append(number);
    case MoneyPattern::NumberSpaceUnit:
        return out.append(number).append(" ").append(c.unit);
    case MoneyPattern::UnitSpaceNumber:
        return out.append(c.unit).append(" ").append(number);
    }
    return out;
}

int64_t genericMinorUnits(Decimal amount, const Currency& c) {
    const __int128 product = __int128(amount.raw()) * c.minorUnitConversion;
    __int128 q = product / Decimal::kScale;
    __int128 r = product % Decimal::kScale;
    if (r < 0) r = -r;
    if (r * 2 >= Decimal::kScale) q += product < 0 ? -1 : 1;
    return static_cast<int64_t>(q);
}

} // namespace

class MoneyFormatTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MoneyFormatTest);
    CPPUNIT_TEST(specExamples);
    CPPUNIT_TEST(negativeUnitSpaceNumber);
    CPPUNIT_TEST(negativeNumberSpaceUnit);
    CPPUNIT_TEST(roundingToZeroDropsTheSign);
    CPPUNIT_TEST(grouping);
    CPPUNIT_TEST(largeValues);
    CPPUNIT_TEST(minorUnitsRoundHalfAwayFromZero);
    CPPUNIT_TEST(minorUnitsOverflowIsReported);
    CPPUNIT_TEST(emptyUnitKeepsThePattern);
    CPPUNIT_TEST(sameAsGenericFormatting);
    CPPUNIT_TEST_SUITE_END();

public:
    void specExamples() {
        struct Row {
            const char* amount;
            const char* code;
            const char* text;
            int64_t cents;
        };
        const Row rows[] = {
            {"1234.5", "USD", "$1,234.50", 123450},
            {"-1234.5", "USD", "-$1,234.50", -123450},
            {"-0.004", "USD", "$0.00", 0},
            {"-0.005", "USD", "-$0.01", -1},
            {"25050", "USD", "$25,050.00", 2505000},
            {"-15.555", "USD", "-$15.56", -1556},
            {"10", "CAD", "CA$10.00", 1000},
            {"1234.56", "EUR", "€1,234.56", 123456},
            {"1234.56", "GBP", "£1,234.56", 123456},
            {"1234.5", "JPY", "¥1,235", 1235},
            {"1234.56", "SEK", "1 234,56 kr", 123456},
            {"-1234.56", "SEK", "-1 234,56 kr", -123456},
            {"1234.56", "NOK", "1.234,56 kr", 123456},
            {"1234.56", "CHF", "CHF 1,234.56", 123456},
            {"1234.56", "BRL", "R$1.234,56", 123456},
            {"1234.56", "ZAR", "R1 234,56", 123456},
            {"1.2345", "KWD", "د.ك1.235", 1235},
            {"0.5", "BTC", "₿0.50000000", 50000000},
            {"1234.56", "AED", "1,234.56 د.إ", 123456},
            {"10", "MGA", "Ar10.0", 50},
            {"10", "MRU", "10.0 UM", 50},
        };
        for (const Row& r : rows) {
            std::string label = std::string(r.amount) + " " + r.code;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(label, std::string(r.text), fmt(r.amount, r.code));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(label, r.cents, cents(r.amount, r.code));
        }
        // Lookup is case-insensitive, so the code as sent by a client works too.
        CPPUNIT_ASSERT_EQUAL(std::string("$1,234.50"),
                             formatMoney(dec("1234.5"), *findCurrency("usd")));
    }

    void negativeUnitSpaceNumber() {
        CPPUNIT_ASSERT_EQUAL(std::string("-CHF 1,234.56"), fmt("-1234.56", "CHF"));
        CPPUNIT_ASSERT_EQUAL(std::string("-CHF 0.01"), fmt("-0.005", "CHF"));
        CPPUNIT_ASSERT_EQUAL(std::string("CHF 0.00"), fmt("-0.00499999", "CHF"));
    }

    void negativeNumberSpaceUnit() {
        CPPUNIT_ASSERT_EQUAL(std::string("-1,234.56 د.إ"), fmt("-1234.56", "AED"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1.234,56 kr"), fmt("-1234.56", "NOK"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1 235 Ft"), fmt("-1234.5", "HUF"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1.235 kr."), fmt("-1234.5", "ISK"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1.0 UM"), fmt("-1", "MRU"));
    }

    void roundingToZeroDropsTheSign() {
        CPPUNIT_ASSERT_EQUAL(std::string("¥0"), fmt("-0.49999999", "JPY"));
        CPPUNIT_ASSERT_EQUAL(std::string("-¥1"), fmt("-0.5", "JPY"));
        CPPUNIT_ASSERT_EQUAL(std::string("-₿0.00000001"), fmt("-0.00000001", "BTC"));
        CPPUNIT_ASSERT_EQUAL(std::string("$0.00"), fmt("0", "USD"));
        CPPUNIT_ASSERT_EQUAL(std::string("د.ك0.000"), fmt("-0.0004", "KWD"));
        CPPUNIT_ASSERT_EQUAL(std::string("-د.ك0.001"), fmt("-0.0005", "KWD"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), cents("-0.004", "USD"));
    }

    void grouping() {
        CPPUNIT_ASSERT_EQUAL(std::string("$999.00"), fmt("999", "USD"));
        CPPUNIT_ASSERT_EQUAL(std::string("$1,000.00"), fmt("999.995", "USD"));
        CPPUNIT_ASSERT_EQUAL(std::string("$100,000.00"), fmt("100000", "USD"));
        CPPUNIT_ASSERT_EQUAL(std::string("$1,000,000.00"), fmt("1000000", "USD"));
        CPPUNIT_ASSERT_EQUAL(std::string("UF1.234,5679"), fmt("1234.56789", "CLF"));
        CPPUNIT_ASSERT_EQUAL(std::string("CL$1.234.567"), fmt("1234567", "CLP"));
        CPPUNIT_ASSERT_EQUAL(std::string("1 234 567,89 zł"), fmt("1234567.891", "PLN"));
    }

    void largeValues() {
        // The largest storable amounts (docs/decisions.md D2: ±92 billion units).
        Decimal max = Decimal::fromRaw(std::numeric_limits<int64_t>::max());
        Decimal min = Decimal::fromRaw(std::numeric_limits<int64_t>::min());
        const Currency& usd = *findCurrency("USD");
        const Currency& btc = *findCurrency("BTC");
        CPPUNIT_ASSERT_EQUAL(std::string("$92,233,720,368.55"), formatMoney(max, usd));
        CPPUNIT_ASSERT_EQUAL(std::string("-$92,233,720,368.55"), formatMoney(min, usd));
        CPPUNIT_ASSERT_EQUAL(std::string("₿92,233,720,368.54775807"), formatMoney(max, btc));
        CPPUNIT_ASSERT_EQUAL(std::string("-₿92,233,720,368.54775808"), formatMoney(min, btc));
        CPPUNIT_ASSERT_EQUAL(int64_t(9223372036855), minorUnits(max, usd));
        CPPUNIT_ASSERT_EQUAL(int64_t(-9223372036855), minorUnits(min, usd));
        CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::max(), minorUnits(max, btc));
        CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::min(), minorUnits(min, btc));
        CPPUNIT_ASSERT_EQUAL(std::string("¥92,233,720,369"),
                             formatMoney(max, *findCurrency("JPY")));
    }

    void minorUnitsRoundHalfAwayFromZero() {
        CPPUNIT_ASSERT_EQUAL(int64_t(2), cents("0.015", "USD"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-2), cents("-0.015", "USD"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), cents("0.01499999", "USD"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), cents("0.5", "MGA")); // 2.5 -> 3
        CPPUNIT_ASSERT_EQUAL(int64_t(-3), cents("-0.5", "MRU"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), cents("0.5", "JPY"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), cents("0.00000001", "BTC"));
    }

    void minorUnitsOverflowIsReported() {
        // Every conversion <= 10^8 keeps the result within 64 bits; a wider one must throw.
        Currency wide = *findCurrency("BTC");
        wide.minorUnitConversion = 1000000000;
        CPPUNIT_ASSERT_THROW(minorUnits(dec("92233720368"), wide), DecimalOverflow);
        CPPUNIT_ASSERT_EQUAL(int64_t(10000000000), minorUnits(dec("10"), wide));
    }

    void emptyUnitKeepsThePattern() {
        // The pattern is substituted literally: an empty unit leaves the pattern's space.
        CPPUNIT_ASSERT_EQUAL(std::string("1,235"), fmt("1234.5", "GBX"));
        CPPUNIT_ASSERT_EQUAL(std::string("1,234.50"), fmt("1234.5", "XFU"));
        CPPUNIT_ASSERT_EQUAL(std::string("1,235 "), fmt("1234.5", "XTS"));
        CPPUNIT_ASSERT_EQUAL(std::string("5 oz t"), fmt("5", "XAU"));
    }

    void sameAsGenericFormatting() {
        // Every currency of the table, at the rounding and grouping edges of every precision
        // (x5 and x5 - 1 at each power of ten, 10^k - 1, 10^k), the 64-bit limits and a
        // pseudo-random spread, both signs.
        std::vector<int64_t> raws = {0, 1, std::numeric_limits<int64_t>::max(),
                                     std::numeric_limits<int64_t>::min()};
        for (int64_t p = 1; p <= 1000000000000000000; p *= 10) {
            for (int64_t v :
                 {p - 1, p, 5 * (p / 10), 5 * (p / 10) - 1, p / 1000 * 999 + p % 1000 * 999 / 1000})
                if (v > 0) raws.push_back(v);
            if (p > std::numeric_limits<int64_t>::max() / 10) break;
        }
        uint64_t state = 0x9E3779B97F4A7C15u;
        for (int i = 0; i < 2000; ++i) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            raws.push_back(static_cast<int64_t>(state >> (i % 40)));
        }
        const size_t positives = raws.size();
        for (size_t i = 0; i < positives; ++i)
            if (raws[i] != std::numeric_limits<int64_t>::min()) raws.push_back(-raws[i]);
        size_t checked = 0;
        for (const Currency& c : allCurrencies()) {
            for (int64_t raw : raws) {
                const Decimal amount = Decimal::fromRaw(raw);
                const std::string label = std::string(c.code) + " " + std::to_string(raw);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(label, genericFormat(amount, c),
                                             formatMoney(amount, c));
                char buffer[kMoneyTextMax];
                CPPUNIT_ASSERT_EQUAL_MESSAGE(label, genericFormat(amount, c),
                                             std::string(formatMoneyInto(buffer, amount, c)));
                if (c.minorUnitConversion <= 100000000)
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(label, genericMinorUnits(amount, c),
                                                 minorUnits(amount, c));
                ++checked;
            }
        }
        CPPUNIT_ASSERT_EQUAL(allCurrencies().size() * raws.size(), checked);
        CPPUNIT_ASSERT(checked > 180 * 4000);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MoneyFormatTest);
