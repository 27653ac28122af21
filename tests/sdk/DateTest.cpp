// Strict strptime-style parsing (docs/imports.md §5.9 patterns, §12.6 whole-field match).
#include "finimport/date.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

using finimport::sdk::CivilDate;
using finimport::sdk::parseDate;

namespace {

void expectDate(const std::string& text, const std::string& pattern, int y, int m, int d) {
    auto date = parseDate(text, pattern);
    CPPUNIT_ASSERT_MESSAGE(text + " with " + pattern, date.has_value());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(text + " with " + pattern,
                                 finimport::sdk::formatIsoDate(CivilDate{y, m, d}),
                                 finimport::sdk::formatIsoDate(*date));
}

void expectNoDate(const std::string& text, const std::string& pattern) {
    CPPUNIT_ASSERT_MESSAGE(text + " must not match " + pattern, !parseDate(text, pattern));
}

} // namespace

class DateTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DateTest);
    CPPUNIT_TEST(everyOfferedPattern);
    CPPUNIT_TEST(oneDigitFields);
    CPPUNIT_TEST(twoDigitYearPivot);
    CPPUNIT_TEST(monthNames);
    CPPUNIT_TEST(whitespace);
    CPPUNIT_TEST(impossibleDates);
    CPPUNIT_TEST(trailingAndLeadingGarbage);
    CPPUNIT_TEST(badPatterns);
    CPPUNIT_TEST(isoFormatting);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyOfferedPattern() {
        expectDate("01-15-2024", "%m-%d-%Y", 2024, 1, 15);
        expectDate("15.01.2024", "%d.%m.%Y", 2024, 1, 15);
        expectDate("15-01-2024", "%d-%m-%Y", 2024, 1, 15);
        expectDate("2024-01-15", "%Y-%m-%d", 2024, 1, 15);
        expectDate("15/01/2024", "%d/%m/%Y", 2024, 1, 15);
        expectDate("2024/01/15", "%Y/%m/%d", 2024, 1, 15);
        expectDate("01/15/2024", "%m/%d/%Y", 2024, 1, 15);
        expectDate("5/01/2024", "%e/%m/%Y", 2024, 1, 5);
        expectDate(" 5/01/2024", "%e/%m/%Y", 2024, 1, 5);
        expectDate("2024.01.15", "%Y.%m.%d", 2024, 1, 15);
        expectDate("20240115", "%Y%m%d", 2024, 1, 15);
        expectDate("15 Jan 2024", "%d %b %Y", 2024, 1, 15);
        expectDate("15/01/24", "%d/%m/%y", 2024, 1, 15);
    }

    void oneDigitFields() {
        expectDate("1/5/2024", "%m/%d/%Y", 2024, 1, 5);
        expectDate("1-5-2024", "%d-%m-%Y", 2024, 5, 1);
        expectDate("2024-1-5", "%Y-%m-%d", 2024, 1, 5);
        expectDate("5/1/24", "%d/%m/%y", 2024, 1, 5);
        expectNoDate("001/05/2024", "%m/%d/%Y");
        expectNoDate("/05/2024", "%m/%d/%Y");
    }

    void twoDigitYearPivot() {
        expectDate("01/01/68", "%d/%m/%y", 2068, 1, 1);
        expectDate("01/01/69", "%d/%m/%y", 1969, 1, 1);
        expectDate("01/01/99", "%d/%m/%y", 1999, 1, 1);
        expectDate("01/01/00", "%d/%m/%y", 2000, 1, 1);
        expectDate("01/01/5", "%d/%m/%y", 2005, 1,
                   1); // docs/decisions.md D45: one digit, POSIX pivot
        expectDate("3/1/9", "%d/%m/%y", 2009, 1, 3);
        expectNoDate("01/01/2024", "%d/%m/%y");
    }

    void monthNames() {
        expectDate("26 JAN 2026", "%d %b %Y", 2026, 1, 26);
        expectDate("26 january 2026", "%d %b %Y", 2026, 1, 26);
        expectDate("3 Sep 2023", "%d %B %Y", 2023, 9, 3);
        expectDate("3 September 2023", "%d %B %Y", 2023, 9, 3);
        expectDate("May 4, 2021", "%b %d, %Y", 2021, 5, 4);
        expectDate("Dec-31-1999", "%b-%d-%Y", 1999, 12, 31);
        expectNoDate("3 Sept 2023", "%d %b %Y");
        expectNoDate("3 Foo 2023", "%d %b %Y");
    }

    void whitespace() {
        expectDate("26   Jan\t2026", "%d %b %Y", 2026, 1, 26);
        expectNoDate("26Jan2026", "%d %b %Y");
        expectNoDate("2024-01-15 ", "%Y-%m-%d");
    }

    void impossibleDates() {
        expectNoDate("13/01/2024", "%m/%d/%Y");
        expectNoDate("02/30/2024", "%m/%d/%Y");
        expectNoDate("02/29/2023", "%m/%d/%Y");
        expectDate("02/29/2024", "%m/%d/%Y", 2024, 2, 29);
        expectDate("02/29/2000", "%m/%d/%Y", 2000, 2, 29);
        expectNoDate("02/29/1900", "%m/%d/%Y");
        expectNoDate("00/10/2024", "%m/%d/%Y");
        expectNoDate("10/00/2024", "%m/%d/%Y");
        expectNoDate("04/31/2024", "%m/%d/%Y");
        expectNoDate("0000-01-01", "%Y-%m-%d");
    }

    void trailingAndLeadingGarbage() {
        expectNoDate("2024-01-15T00:00:00Z", "%Y-%m-%d");
        expectNoDate("x2024-01-15", "%Y-%m-%d");
        expectNoDate("2024-01-15x", "%Y-%m-%d");
        expectNoDate("202401150", "%Y%m%d");
        expectNoDate("20245-01-15", "%Y-%m-%d");
        expectNoDate("invalid_date", "%Y-%m-%d");
        expectNoDate("", "%Y-%m-%d");
        expectNoDate("2024/01/15", "%Y-%m-%d");
    }

    void badPatterns() {
        expectNoDate("2024-01-15", "%Y-%m-%q");
        expectNoDate("2024-01-15", "%Y-%m-%");
        expectNoDate("01-15", "%m-%d");
        expectDate("100% 2024", "100%% %Y", 2024, 1, 1);
        expectNoDate("anything", "");
    }

    void isoFormatting() {
        CPPUNIT_ASSERT_EQUAL(std::string("0987-03-04"),
                             finimport::sdk::formatIsoDate(CivilDate{987, 3, 4}));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(DateTest);
