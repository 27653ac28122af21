// PostgreSQL COPY text encoding (store/CopyText): the escapes a value needs so that a tab, a
// newline, a backslash or the text `\N` inside a value never splits a row or becomes NULL.
#include "store/CopyText.h"

#include <cppunit/extensions/HelperMacros.h>

#include <limits>

using namespace finimport::store;

class CopyTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CopyTextTest);
    CPPUNIT_TEST(testPlainTextIsUnchanged);
    CPPUNIT_TEST(testSeparatorsAndBackslashAreEscaped);
    CPPUNIT_TEST(testNullAndTheTextBackslashN);
    CPPUNIT_TEST(testIntegersInDecimal);
    CPPUNIT_TEST(testRowIsTabSeparatedAndEndsWithNewline);
    CPPUNIT_TEST_SUITE_END();

    static std::string value(const SqlValue& v) {
        std::string out;
        appendCopyValue(out, v);
        return out;
    }

public:
    void testPlainTextIsUnchanged() {
        CPPUNIT_ASSERT_EQUAL(std::string("Café \"x\", 'y' €1.00"),
                             value(std::string("Café \"x\", 'y' €1.00")));
        CPPUNIT_ASSERT_EQUAL(std::string(""), value(std::string()));
    }

    void testSeparatorsAndBackslashAreEscaped() {
        CPPUNIT_ASSERT_EQUAL(std::string("a\\tb\\nc\\rd\\\\e"),
                             value(std::string("a\tb\nc\rd\\e")));
        CPPUNIT_ASSERT_EQUAL(std::string("\\\\\\\\"), value(std::string("\\\\")));
        CPPUNIT_ASSERT_EQUAL(std::string("\\n\\n"), value(std::string("\n\n")));
    }

    void testNullAndTheTextBackslashN() {
        CPPUNIT_ASSERT_EQUAL(std::string("\\N"), value(nullptr));
        // The two characters `\N` as text are not NULL: the backslash is doubled.
        CPPUNIT_ASSERT_EQUAL(std::string("\\\\N"), value(std::string("\\N")));
        // `\.` would end the data on a line of its own in old protocols: escaped as well.
        CPPUNIT_ASSERT_EQUAL(std::string("\\\\."), value(std::string("\\.")));
    }

    void testIntegersInDecimal() {
        CPPUNIT_ASSERT_EQUAL(std::string("0"), value(int64_t(0)));
        CPPUNIT_ASSERT_EQUAL(std::string("-123300000000"), value(int64_t(-123300000000)));
        CPPUNIT_ASSERT_EQUAL(std::string("9223372036854775807"),
                             value(std::numeric_limits<int64_t>::max()));
        CPPUNIT_ASSERT_EQUAL(std::string("-9223372036854775808"),
                             value(std::numeric_limits<int64_t>::min()));
    }

    void testRowIsTabSeparatedAndEndsWithNewline() {
        SqlValue row[] = {int64_t(7), std::string("a\tb"), nullptr, std::string("")};
        std::string out;
        appendCopyRow(out, row, 4);
        CPPUNIT_ASSERT_EQUAL(std::string("7\ta\\tb\t\\N\t\n"), out);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CopyTextTest);
