// Date-format auto-detection (docs/imports.md §5.9).
#include "finimport/date.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

using finimport::sdk::CivilDate;

namespace {

const CivilDate kToday{2025, 6, 1};

std::string detect(const std::vector<std::string>& samples, CivilDate today = kToday) {
    auto pattern = finimport::sdk::detectDateFormat(samples, today);
    return pattern ? std::string(*pattern) : std::string("<none>");
}

} // namespace

class DateDetectionTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DateDetectionTest);
    CPPUNIT_TEST(usDates);
    CPPUNIT_TEST(europeanDates);
    CPPUNIT_TEST(ambiguousTieGoesToEarlierPattern);
    CPPUNIT_TEST(monthNames);
    CPPUNIT_TEST(isoAndCompact);
    CPPUNIT_TEST(rangeBreaksParsedTies);
    CPPUNIT_TEST(nothingParses);
    CPPUNIT_TEST(onlyFiftyDistinctSamplesCount);
    CPPUNIT_TEST(decidesOnlyWhenUnambiguous);
    CPPUNIT_TEST(rowDateWindowIsFiftyYears);
    CPPUNIT_TEST_SUITE_END();

public:
    void usDates() {
        CPPUNIT_ASSERT_EQUAL(std::string("%m/%d/%Y"),
                             detect({"6/4/2020", "3/29/2021", "10/1/2020"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%m-%d-%Y"), detect({"01-31-2024", "02-01-2024"}));
    }

    void europeanDates() {
        CPPUNIT_ASSERT_EQUAL(std::string("%d/%m/%Y"), detect({"13/01/2024", "25/12/2023"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%d.%m.%Y"), detect({"31.01.2024", " ", ""}));
    }

    void ambiguousTieGoesToEarlierPattern() {
        CPPUNIT_ASSERT_EQUAL(std::string("%d/%m/%Y"), detect({"01/02/2020", "03/04/2020"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%m-%d-%Y"), detect({"01-02-2020"}));
    }

    void monthNames() {
        CPPUNIT_ASSERT_EQUAL(std::string("%d %b %Y"), detect({"26 Jan 2026", "3 Feb 2026"}));
    }

    void isoAndCompact() {
        CPPUNIT_ASSERT_EQUAL(std::string("%Y-%m-%d"), detect({"2024-01-15", "2024-12-31"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%Y%m%d"), detect({"20240115"}));
        CPPUNIT_ASSERT_EQUAL(std::string("%Y.%m.%d"), detect({"2024.01.15"}));
    }

    void rangeBreaksParsedTies() {
        // Year 3 is out of range but a parse still beats no parse at all.
        CPPUNIT_ASSERT_EQUAL(std::string("%d.%m.%Y"), detect({"01.02.0003"}));
        // Both parse 2 samples; read day-first, 05/06/2030 lands after today + 5 years.
        CPPUNIT_ASSERT_EQUAL(std::string("%m/%d/%Y"),
                             detect({"05/06/2030", "04/05/2030"}, CivilDate{2025, 5, 20}));
    }

    void nothingParses() {
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), detect({"hello", "2024-01-15T00:00"}));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), detect({}));
    }

    void onlyFiftyDistinctSamplesCount() {
        std::vector<std::string> samples(60, "01/02/2020"); // duplicates count once
        for (int m = 1; m <= 3; ++m)
            for (int d = 13; d <= 22; ++d) // 30 samples only month-first can read
                samples.push_back(std::to_string(m) + "/" + std::to_string(d) + "/2020");
        for (int m = 1; m <= 4; ++m)
            for (int d = 13; d <= 22; ++d) // 40 samples only day-first can read
                samples.push_back(std::to_string(d) + "/" + std::to_string(m) + "/2020");
        // The first 50 distinct: 1 ambiguous + 30 month-first + 19 day-first.
        CPPUNIT_ASSERT_EQUAL(std::string("%m/%d/%Y"), detect(samples));
    }

    // D45/D55: decided from all rows, never guessed.
    void decidesOnlyWhenUnambiguous() {
        using namespace finimport::sdk;
        const CivilDate low{1976, 1, 1}, high{2031, 1, 1};
        std::vector<std::string> dayFirst = {"2/1/2020", "25/1/2020"};
        CPPUNIT_ASSERT(decideDateFormat(dayFirst, low, high) == std::string_view("%d/%m/%Y"));
        std::vector<std::string> ambiguous = {"2/1/2020", ""};
        CPPUNIT_ASSERT(!decideDateFormat(ambiguous, low, high));
        std::vector<std::string> iso = {"2020-01-02"};
        CPPUNIT_ASSERT(decideDateFormat(iso, low, high) == std::string_view("%Y-%m-%d"));
        std::vector<std::string> sameDay = {"12/12/2020"}; // both readings give one date
        CPPUNIT_ASSERT(decideDateFormat(sameDay, low, high).has_value());
        std::vector<std::string> none = {"Pending"};
        CPPUNIT_ASSERT(!decideDateFormat(none, low, high));
    }
    // docs/decisions.md D1: today − 50 years < date ≤ today + 1 day, as an inclusive pair.
    void rowDateWindowIsFiftyYears() {
        const auto [low, high] = finimport::sdk::rowDateWindow();
        CPPUNIT_ASSERT(low < high);
        CPPUNIT_ASSERT(high.year - low.year == 50 || high.year - low.year == 49);
        // low is one day after "high − 1 day − 50 years": its day differs by at most a month end.
        CPPUNIT_ASSERT(finimport::sdk::isValidDate(low.year, low.month, low.day));
        CPPUNIT_ASSERT(finimport::sdk::isValidDate(high.year, high.month, high.day));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(DateDetectionTest);
