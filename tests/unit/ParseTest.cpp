// domain::Decimal::parse and domain::Date::parseIso, the parsers every row's amount and date go
// through (uploads, publish): exact cases, and a sweep of random texts against a plain
// reference written here (one digit at a time, every bound checked), so that a faster parser
// never accepts, refuses or values a text differently.
#include "domain/Date.h"
#include "domain/Decimal.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstdio>
#include <limits>
#include <optional>
#include <random>
#include <string>

using finimport::domain::Date;
using finimport::domain::Decimal;

namespace {

// The decimal grammar: -?digits(.digits)? with at most 8 fraction digits, within int64 scaled.
std::optional<int64_t> referenceDecimal(const std::string& t) {
    size_t i = 0;
    const bool negative = !t.empty() && t[0] == '-';
    if (negative) ++i;
    __int128 units = 0;
    const size_t intStart = i;
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) {
        units = units * 10 + (t[i] - '0');
        if (units > std::numeric_limits<int64_t>::max()) return std::nullopt;
    }
    if (i == intStart) return std::nullopt;
    __int128 fraction = 0;
    int places = 0;
    if (i < t.size() && t[i] == '.') {
        const size_t fracStart = ++i;
        for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i, ++places) {
            if (places == 8) return std::nullopt;
            fraction = fraction * 10 + (t[i] - '0');
        }
        if (i == fracStart) return std::nullopt;
    }
    if (i != t.size()) return std::nullopt;
    for (int p = places; p < 8; ++p)
        fraction *= 10;
    __int128 raw = units * 100000000 + fraction;
    if (negative) raw = -raw;
    if (raw > std::numeric_limits<int64_t>::max() || raw < std::numeric_limits<int64_t>::min())
        return std::nullopt;
    return static_cast<int64_t>(raw);
}

// YYYY-MM-DD, a real day of the years 1-9999, as days since 1970-01-01 (std::chrono's count).
std::optional<int32_t> referenceDate(const std::string& t) {
    if (t.size() != 10 || t[4] != '-' || t[7] != '-') return std::nullopt;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (t[i] < '0' || t[i] > '9') return std::nullopt;
    const int y = std::stoi(t.substr(0, 4)), m = std::stoi(t.substr(5, 2)),
              d = std::stoi(t.substr(8, 2));
    const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(unsigned(m)),
                                          std::chrono::day(unsigned(d))};
    if (y < 1 || !ymd.ok()) return std::nullopt;
    return std::chrono::sys_days(ymd).time_since_epoch().count();
}

std::string show(const std::optional<int64_t>& v) {
    return v ? std::to_string(*v) : "refused";
}

} // namespace

class ParseTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ParseTest);
    CPPUNIT_TEST(testDecimalCases);
    CPPUNIT_TEST(testDecimalSweep);
    CPPUNIT_TEST(testDateCases);
    CPPUNIT_TEST(testDateSweep);
    CPPUNIT_TEST_SUITE_END();

public:
    void testDecimalCases() {
        CPPUNIT_ASSERT_EQUAL(int64_t(-450000000), Decimal::parse("-4.50")->raw());
        CPPUNIT_ASSERT_EQUAL(int64_t(1), Decimal::parse("0.00000001")->raw());
        CPPUNIT_ASSERT_EQUAL(int64_t(0), Decimal::parse("-0")->raw());
        // 10 integer digits (the 64-bit path) and 11 (the wide one), and the int64 edges.
        CPPUNIT_ASSERT_EQUAL(int64_t(999999999999999999),
                             Decimal::parse("9999999999.99999999")->raw());
        CPPUNIT_ASSERT_EQUAL(int64_t(1234567890100000000), Decimal::parse("12345678901")->raw());
        CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::max(),
                             Decimal::parse("92233720368.54775807")->raw());
        CPPUNIT_ASSERT_EQUAL(std::numeric_limits<int64_t>::min(),
                             Decimal::parse("-92233720368.54775808")->raw());
        CPPUNIT_ASSERT_EQUAL(int64_t(100000000), Decimal::parse("000000000000000001")->raw());
        for (const char* bad : {"", "-", ".5", "-.5", "1.", "+1", "1e3", "1,5", " 1", "1 ",
                                "0.000000001", "92233720368.54775808", "1.2.3", "--1"})
            CPPUNIT_ASSERT_MESSAGE(bad, !Decimal::parse(bad));
    }

    void testDecimalSweep() {
        std::mt19937 rnd(11);
        const std::string alphabet = "0123456789-.x";
        for (int n = 0; n < 300000; ++n) {
            std::string text;
            const int length = int(rnd() % 24);
            for (int i = 0; i < length; ++i) // mostly digits, as amounts are
                text += rnd() % 4 ? char('0' + rnd() % 10) : alphabet[rnd() % alphabet.size()];
            const auto got = Decimal::parse(text);
            const auto want = referenceDecimal(text);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                text, show(want), show(got ? std::optional<int64_t>(got->raw()) : std::nullopt));
        }
    }

    void testDateCases() {
        CPPUNIT_ASSERT_EQUAL(int32_t(0), Date::parseIso("1970-01-01")->days());
        CPPUNIT_ASSERT_EQUAL(int32_t(19782), Date::parseIso("2024-02-29")->days());
        CPPUNIT_ASSERT_EQUAL(int32_t(-719162), Date::parseIso("0001-01-01")->days());
        CPPUNIT_ASSERT_EQUAL(int32_t(2932896), Date::parseIso("9999-12-31")->days());
        for (const char* bad :
             {"2023-02-29", "2024-13-01", "2024-00-10", "2024-01-00", "2024-01-32", "0000-01-01",
              "2024/01/01", "2024-1-01", "2024-01-1 ", "2024-01-0a", "20240101", ""})
            CPPUNIT_ASSERT_MESSAGE(bad, !Date::parseIso(bad));
    }

    void testDateSweep() {
        std::mt19937 rnd(12);
        for (int n = 0; n < 300000; ++n) {
            char text[11];
            std::snprintf(text, sizeof text, "%04u-%02u-%02u", unsigned(rnd() % 10000),
                          unsigned(rnd() % 14), unsigned(rnd() % 33));
            if (rnd() % 8 == 0) text[rnd() % 10] = "0-/:9 a"[rnd() % 7]; // a wrong character
            const auto got = Date::parseIso(text);
            const auto want = referenceDate(text);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                text, show(want), show(got ? std::optional<int64_t>(got->days()) : std::nullopt));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ParseTest);
