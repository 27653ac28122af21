// The parse fast paths give exactly what the general code gives: parseDecimal's plain-number
// path against parseDecimalFull, formatScaled and formatIsoDate against printf-style
// references, over fixed edge cases and a fixed-seed random sweep.
#include "finimport/date.hpp"
#include "finimport/decimal.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <cinttypes>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

using namespace finimport::sdk;

namespace {

std::string describe(const DecimalResult& r) {
    std::string out = "error " + std::to_string(int(r.error)) + " currency '" + r.currency + "'";
    if (r.value)
        out += " text '" + r.value->text + "' scaled " + std::to_string(r.value->scaled) +
               " digits " + std::to_string(r.value->fractionDigits);
    return out;
}

// parseDecimal's fast path gives what the full parser gives; where parseCanonicalDecimal accepts
// the text, the full parser writes that very text with the same value.
void expectSameParse(const std::string& raw, NumberFormat format) {
    const std::string what = "\"" + raw + "\" format " + std::to_string(int(format));
    const DecimalResult full = detail::parseDecimalFull(raw, format);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, describe(full), describe(parseDecimal(raw, format)));
    std::int64_t scaled = 0;
    int digits = -1;
    if (parseCanonicalDecimal(raw, format, scaled, digits)) {
        CPPUNIT_ASSERT_MESSAGE(what, full.value.has_value());
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, raw, full.value->text);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, full.value->scaled, scaled);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, full.value->fractionDigits, digits);
    }
}

// The implementation formatScaled had before its fast rewrite.
std::string referenceFormat(std::int64_t scaled, int fractionDigits) {
    const bool negative = scaled < 0;
    const std::uint64_t magnitude =
        negative ? std::uint64_t(0) - std::uint64_t(scaled) : std::uint64_t(scaled);
    std::string fraction = std::to_string(magnitude % 100000000u);
    fraction.insert(0, 8 - fraction.size(), '0');
    std::string text = negative && magnitude != 0 ? "-" : "";
    text.append(std::to_string(magnitude / 100000000u));
    if (fractionDigits > 0) text.append(".").append(fraction.substr(0, fractionDigits));
    return text;
}

} // namespace

class FastPathTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FastPathTest);
    CPPUNIT_TEST(plainNumbersParseAsTheFullParser);
    CPPUNIT_TEST(randomNumbersParseAsTheFullParser);
    CPPUNIT_TEST(canonicalNumbersAreTheirOwnText);
    CPPUNIT_TEST(formatScaledMatchesReference);
    CPPUNIT_TEST(isoDatesMatchPrintf);
    CPPUNIT_TEST(isoPatternReadsAsTheGeneralLoop);
    CPPUNIT_TEST_SUITE_END();

public:
    // parseDate reads `DDDD-DD-DD` under %Y-%m-%d directly; %e for %d takes the general loop
    // and reads the same digits (these texts have no spaces, where the two differ).
    void isoPatternReadsAsTheGeneralLoop() {
        const auto same = [](const std::string& text) {
            const auto fast = parseDate(text, "%Y-%m-%d");
            const auto general = parseDate(text, "%Y-%m-%e");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(text, general.has_value(), fast.has_value());
            if (fast) CPPUNIT_ASSERT_MESSAGE(text, *general == *fast);
        };
        for (const char* text :
             {"2024-01-05", "2024-02-29", "2023-02-29",  "0000-01-01", "0001-01-01",
              "9999-12-31", "2024-13-01", "2024-00-10",  "2024-01-00", "2024-01-32",
              "2024-1-05",  "2024-01-5",  "24-01-05",    "2024-01-0a", "2024-0a-05",
              "20a4-01-05", "2024/01/05", "2024-01-050", "-024-01-05", "2024--1-05"})
            same(text);
        CPPUNIT_ASSERT(parseDate("2024-02-29", "%Y-%m-%d") == (CivilDate{2024, 2, 29}));
        CPPUNIT_ASSERT(!parseDate("2023-02-29", "%Y-%m-%d"));
        CPPUNIT_ASSERT(!parseDate("0000-01-01", "%Y-%m-%d"));
        std::mt19937 random(11);
        const std::string alphabet = "0123456789-0123456789-x";
        for (int i = 0; i < 20000; ++i) {
            std::string text(10, '0');
            for (char& c : text)
                c = alphabet[random() % alphabet.size()];
            if (i % 2 == 0) text[4] = text[7] = '-'; // mostly the ISO shape
            same(text);
        }
    }

    void plainNumbersParseAsTheFullParser() {
        for (const char* raw : {"0",
                                "-0",
                                "-0.00",
                                "007",
                                "000",
                                "00.10",
                                "5.",
                                ".5",
                                "-",
                                "-.5",
                                "12.345678901",
                                "1234567890.12345678",
                                "12345678901.5",
                                "92233720368.54775807",
                                "-1.5",
                                "+1.5",
                                "1,234.56",
                                "1.234,56",
                                "1234,56",
                                "12.50",
                                "-12.50",
                                "1e5",
                                "١٢",
                                "12 ",
                                " 12",
                                "12.5-",
                                "(12.5)",
                                "$12.5",
                                "12.5 EUR",
                                "--1",
                                "1..2",
                                "1.2.3",
                                ""})
            for (NumberFormat format : {NumberFormat::CommaDot, NumberFormat::DotComma,
                                        NumberFormat::SpaceComma, NumberFormat::CommaOnly})
                expectSameParse(raw, format);
        // The fast path's own result, pinned.
        const auto r = parseDecimal("-0012.50", NumberFormat::CommaDot);
        CPPUNIT_ASSERT_EQUAL(std::string("-12.50"), r.value->text);
        CPPUNIT_ASSERT_EQUAL(std::int64_t(-1250000000), r.value->scaled);
        CPPUNIT_ASSERT_EQUAL(2, r.value->fractionDigits);
    }

    // The common amount cell is recognised as canonical (and borrowed as is by the CSV plugin);
    // anything parseDecimal would rewrite is not.
    void canonicalNumbersAreTheirOwnText() {
        std::int64_t scaled = 0;
        int digits = 0;
        for (const char* text : {"0", "-4.50", "1200", "0.5", "9999999999.99999999", "-0.01"})
            CPPUNIT_ASSERT_MESSAGE(
                text, parseCanonicalDecimal(text, NumberFormat::CommaDot, scaled, digits));
        CPPUNIT_ASSERT(parseCanonicalDecimal("-4.50", NumberFormat::CommaDot, scaled, digits));
        CPPUNIT_ASSERT_EQUAL(std::int64_t(-450000000), scaled);
        CPPUNIT_ASSERT_EQUAL(2, digits);
        for (const char* text : {"-0", "-0.00", "007", "00.10", "5.", ".5", "+1.5", "1,234.56",
                                 " 1.5", "1.5 ", "12345678901", "1.123456789", "", "-"})
            CPPUNIT_ASSERT_MESSAGE(
                text, !parseCanonicalDecimal(text, NumberFormat::CommaDot, scaled, digits));
        CPPUNIT_ASSERT(parseCanonicalDecimal("1200", NumberFormat::DotComma, scaled, digits));
        CPPUNIT_ASSERT(!parseCanonicalDecimal("12.50", NumberFormat::DotComma, scaled, digits));
        CPPUNIT_ASSERT(!parseCanonicalDecimal("12.50", NumberFormat::CommaOnly, scaled, digits));
    }

    void randomNumbersParseAsTheFullParser() {
        std::mt19937 rnd(11);
        const std::string alphabet = "0123456789012345678901234567890123456789-.,.,+ ";
        for (int n = 0; n < 200000; ++n) {
            std::string raw;
            const std::size_t length = 1 + rnd() % 22;
            for (std::size_t i = 0; i < length; ++i)
                raw.push_back(alphabet[rnd() % alphabet.size()]);
            expectSameParse(raw, NumberFormat(rnd() % 4));
        }
    }

    void formatScaledMatchesReference() {
        std::mt19937_64 rnd(5);
        for (std::int64_t v :
             {std::int64_t(0), std::int64_t(1), std::int64_t(-1), std::int64_t(100000000),
              std::int64_t(-99999999), std::numeric_limits<std::int64_t>::max(),
              std::numeric_limits<std::int64_t>::min()})
            for (int digits = 0; digits <= 8; ++digits)
                CPPUNIT_ASSERT_EQUAL(referenceFormat(v, digits), formatScaled(v, digits));
        for (int n = 0; n < 100000; ++n) {
            const auto v = std::int64_t(rnd() >> (rnd() % 64));
            const int digits = int(rnd() % 9);
            CPPUNIT_ASSERT_EQUAL(referenceFormat(v, digits), formatScaled(v, digits));
            CPPUNIT_ASSERT_EQUAL(referenceFormat(-v, digits), formatScaled(-v, digits));
        }
    }

    void isoDatesMatchPrintf() {
        for (int year : {1, 9, 10, 99, 100, 999, 1000, 1970, 2024, 9999})
            for (int month = 1; month <= 12; ++month)
                for (int day : {1, 9, 10, 28, 31}) {
                    char expected[16];
                    std::snprintf(expected, sizeof expected, "%04d-%02d-%02d", year, month, day);
                    CPPUNIT_ASSERT_EQUAL(std::string(expected),
                                         formatIsoDate(CivilDate{year, month, day}));
                }
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(FastPathTest);
