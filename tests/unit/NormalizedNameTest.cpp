// app::normalizedName, the name key of duplicate matching (docs/decisions.md D18): folded case,
// blanks collapsed and trimmed. An ASCII name takes a path without ICU; a sweep of random
// ASCII names checks it against ICU's full case folding, the rule for every other name.
#include "app/imports/ImportContent.h"

#include <unicode/unistr.h>

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <random>
#include <string>

using finimport::app::normalizedName;

namespace {

std::string icuReference(const std::string& name) {
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(name);
    u.foldCase();
    std::string folded, out;
    u.toUTF8String(folded);
    bool space = false;
    for (char ch : folded) {
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += ch;
    }
    return out;
}

} // namespace

class NormalizedNameTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NormalizedNameTest);
    CPPUNIT_TEST(testCases);
    CPPUNIT_TEST(testAsciiSweepMatchesIcu);
    CPPUNIT_TEST_SUITE_END();

public:
    void testCases() {
        CPPUNIT_ASSERT_EQUAL(std::string("coffee shop 12"),
                             normalizedName("  Coffee \t SHOP\r\n12 "));
        CPPUNIT_ASSERT_EQUAL(std::string(""), normalizedName(" \t "));
        CPPUNIT_ASSERT_EQUAL(std::string("école café"), normalizedName("ÉCOLE   Café"));
        CPPUNIT_ASSERT_EQUAL(std::string("strasse"), normalizedName("Straße"));
        CPPUNIT_ASSERT_EQUAL(normalizedName("STRASSE"), normalizedName("Straße"));
    }

    void testAsciiSweepMatchesIcu() {
        std::mt19937 rnd(5);
        for (int n = 0; n < 50000; ++n) {
            std::string name;
            const int length = int(rnd() % 20);
            for (int i = 0; i < length; ++i)
                name += rnd() % 6 == 0 ? " \t\r\n"[rnd() % 4] : char(1 + rnd() % 127);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, icuReference(name), normalizedName(name));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NormalizedNameTest);
