// Header normalisation (docs/imports.md §5.3) and small text helpers.
#include "finimport/text.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

using finimport::sdk::normalizeHeader;

class TextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TextTest);
    CPPUNIT_TEST(normalisesHeaders);
    CPPUNIT_TEST(helpers);
    CPPUNIT_TEST_SUITE_END();

public:
    void normalisesHeaders() {
        CPPUNIT_ASSERT_EQUAL(std::string("date"), normalizeHeader("Date*"));
        CPPUNIT_ASSERT_EQUAL(std::string("account_type"), normalizeHeader("Account type*"));
        CPPUNIT_ASSERT_EQUAL(std::string("balance_date"), normalizeHeader("  Balance Date "));
        CPPUNIT_ASSERT_EQUAL(std::string("a_b"), normalizeHeader("a - -\t b"));
        CPPUNIT_ASSERT_EQUAL(std::string("custom_name_column"),
                             normalizeHeader("Custom Name Column"));
        CPPUNIT_ASSERT_EQUAL(std::string("a_b"), normalizeHeader("a -*- b"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), normalizeHeader(" * "));
        CPPUNIT_ASSERT_EQUAL(std::string("exchange_operating_mic"),
                             normalizeHeader("Exchange-Operating MIC"));
    }

    void helpers() {
        using namespace finimport::sdk;
        CPPUNIT_ASSERT_EQUAL(std::string("x y"), std::string(trim(" \t x y \r\n")));
        CPPUNIT_ASSERT(isBlank(" \t"));
        CPPUNIT_ASSERT(!isBlank(" a"));
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), toUpperAscii("eUr"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(TextTest);
