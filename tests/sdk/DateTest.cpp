// Strict strptime-style parsing (docs/imports.md §5.9 patterns, §12.6 whole-field match).
#include "finimport/date.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

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
    CPPUNIT_TEST(timesAreCheckedNotConverted);
    CPPUNIT_TEST(leadingDateOfACell);
    CPPUNIT_TEST(autoRecognisesTimes);
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

    // docs/decisions.md D92: the civil date as written; a time out of range is no date.
    void timesAreCheckedNotConverted() {
        expectDate("2002-09-10T23:00:04", "%Y-%m-%dT%H:%M:%S", 2002, 9, 10);
        expectDate("2023-01-15 10:23:45", "%Y-%m-%d %H:%M:%S", 2023, 1, 15);
        expectDate("15/01/2023 10:23", "%d/%m/%Y %H:%M", 2023, 1, 15);
        expectDate("2023-01-15T23:30:00.123456-08:00", "%Y-%m-%dT%H:%M:%S%z", 2023, 1, 15);
        expectDate("2023-01-15T23:30:00Z", "%Y-%m-%dT%H:%M:%S%z", 2023, 1, 15);
        expectDate("2023-01-15 23:30:00 +0100", "%Y-%m-%d %H:%M:%S %z", 2023, 1, 15);
        expectDate("2023-01-15 23:30:00 CEST", "%Y-%m-%d %T %Z", 2023, 1, 15);
        expectDate("1/15/2023 11:05 p.m.", "%m/%d/%Y %I:%M %p", 2023, 1, 15);
        expectDate("1/15/2023 11:05:59 AM", "%m/%d/%Y %I:%M:%S %p", 2023, 1, 15);
        expectDate("2023-01-15 10:23:45.5", "%Y-%m-%d %H:%M:%S", 2023, 1, 15);
        expectDate("2023-01-15 10:23:45.500", "%Y-%m-%d %H:%M:%S.%f", 2023, 1, 15);
        expectNoDate("2023-01-15 24:00:00", "%Y-%m-%d %H:%M:%S");
        expectNoDate("2023-01-15 10:60", "%Y-%m-%d %H:%M");
        expectNoDate("1/15/2023 13:05 PM", "%m/%d/%Y %I:%M %p");
        expectNoDate("2023-01-15T10:00:00+24:00", "%Y-%m-%dT%H:%M:%S%z");
        expectNoDate("2023-01-15 10:23", "%Y-%m-%d");
    }

    // docs/decisions.md D92: `%*` ends a pattern and ignores the rest after the date.
    void leadingDateOfACell() {
        expectDate("04/17/2023 as of 04/15/2023", "%m/%d/%Y%*", 2023, 4, 17);
        expectDate("04/17/2023", "%m/%d/%Y%*", 2023, 4, 17);
        expectNoDate("04/17/2023 as of 04/15/2023", "%m/%d/%Y");
        expectNoDate("04/17/20231", "%m/%d/%Y%*");
        expectNoDate("04/17/2023 x", "%m/%d/%Y%* %d");
    }

    void autoRecognisesTimes() {
        const auto decide = [](std::vector<std::string> samples) {
            return std::string(finimport::sdk::decideDateFormat(samples, CivilDate{1976, 1, 1},
                                                                CivilDate{2026, 1, 1})
                                   .value_or("<none>"));
        };
        CPPUNIT_ASSERT_EQUAL(std::string("%Y-%m-%dT%H:%M:%S"), decide({"2002-09-10T23:00:04"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%Y-%m-%d %H:%M:%S"), decide({"2023-01-15 10:23:45"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%d/%m/%Y %H:%M"),
                             decide({"15/01/2023 10:23", "02/01/2023 09:00"}));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), decide({"02/01/2023 10:23"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%Y-%m-%d"), decide({"2023-01-15"}));
    }

    void isoFormatting() {
        CPPUNIT_ASSERT_EQUAL(std::string("0987-03-04"),
                             finimport::sdk::formatIsoDate(CivilDate{987, 3, 4}));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(DateTest);
