// Handler helpers: pagination (docs/api.md §9.1), ISO date params (docs/decisions.md D27), UUIDs,
// timestamps.
#include "http/Formats.h"
#include "http/Pagination.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::http;

namespace {
std::optional<std::string> opt(const char* s) {
    return s ? std::optional<std::string>(s) : std::nullopt;
}
} // namespace

class HelpersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HelpersTest);
    CPPUNIT_TEST(testLeadingInteger);
    CPPUNIT_TEST(testPaginationTable);
    CPPUNIT_TEST(testPerPageRuleOverflow);
    CPPUNIT_TEST(testIsoDates);
    CPPUNIT_TEST(testUuid);
    CPPUNIT_TEST(testTimestamps);
    CPPUNIT_TEST_SUITE_END();

public:
    void testLeadingInteger() {
        CPPUNIT_ASSERT_EQUAL(int64_t(2), leadingInteger("2.7"));
        CPPUNIT_ASSERT_EQUAL(int64_t(12), leadingInteger("  12abc"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-3), leadingInteger("-3"));
        CPPUNIT_ASSERT_EQUAL(int64_t(5), leadingInteger("+5"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), leadingInteger("abc"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), leadingInteger(""));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), leadingInteger("- 3"));
        CPPUNIT_ASSERT_EQUAL(INT64_MAX, leadingInteger("99999999999999999999999"));
    }

    void testPaginationTable() {
        struct Case {
            const char* page;
            const char* perPage;
            int64_t total;
            int64_t wantPage, wantPerPage, wantOffset, wantPages;
        };
        const Case cases[] = {
            {nullptr, nullptr, 0, 1, 25, 0, 1}, // no records: still one page
            {nullptr, nullptr, 60, 1, 25, 0, 3},
            {"2", "10", 60, 2, 10, 10, 6},
            {"2.7", "10", 60, 2, 10, 10, 6},
            {"0", "10", 60, 1, 10, 0, 6},
            {"-3", "10", 60, 1, 10, 0, 6},
            {"abc", "abc", 60, 1, 25, 0, 3},
            {"", "", 60, 1, 25, 0, 3},
            {"99", "10", 60, 6, 10, 50, 6}, // past the end: last page
            {"99", "10", 0, 1, 10, 0, 1},
            {"1", "100", 250, 1, 100, 0, 3},
            {"1", "101", 250, 1, 100, 0, 3}, // >= 101 -> 100
            {"3", "1000", 250, 3, 100, 200, 3},
            {"1", "0", 5, 1, 25, 0, 1},
            {"1", "-5", 5, 1, 25, 0, 1},
            {"1", "1", 5, 1, 1, 0, 5},
            {"2", "25", 26, 2, 25, 25, 2},
            {"3", "25", 50, 2, 25, 25, 2},
        };
        for (const Case& c : cases) {
            const Pagination p = paginate(opt(c.page), opt(c.perPage), c.total);
            const std::string label = std::string(c.page ? c.page : "-") + "/" +
                                      (c.perPage ? c.perPage : "-") + "/" + std::to_string(c.total);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(label, c.wantPage, p.page);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(label, c.wantPerPage, p.perPage);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(label, c.wantOffset, p.offset);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(label, c.wantPages, p.totalPages);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(label, c.total, p.totalCount);
        }
    }

    void testPerPageRuleOverflow() {
        // The reference's trades rule (>= 101 -> 25), kept configurable.
        const Pagination p = paginate(opt("1"), opt("500"), 10, PerPageRule{25, 100, 25});
        CPPUNIT_ASSERT_EQUAL(int64_t(25), p.perPage);
    }

    void testIsoDates() {
        auto iso = [](const char* text) {
            const auto d = parseIsoDateParam(text);
            return d ? d->iso() : std::string("-");
        };
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), iso("2024-01-15"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), iso("20240115"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), iso("2024-01-15T10:00:00Z"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), iso("2024-01-15T23:30:00-05:00"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), iso("2024-01-15T10:00:00.123+0100"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), iso("2024-01-15T10:00"));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-02-29"), iso("2024-02-29"));
        for (const char* bad :
             {"2024-02-30", "2023-02-29", "2024-1-5", "01/15/2024", "2024/01/15", "2024", "2024-01",
              "today", "", "2024-13-01", "2024-01-15T", "2024-01-15T25:00:00Z",
              "2024-01-15 10:00:00", "2024-01-15Tnoon", "2024-01-15T10:00:00X", "2024011",
              "2024-01-15x", "20241301", "0000-01-01"}) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, std::string("-"), iso(bad));
        }
    }

    void testUuid() {
        CPPUNIT_ASSERT(isUuid("6f1c2a3b-0d4e-4f5a-8b6c-7d8e9fa0b1c2"));
        CPPUNIT_ASSERT(isUuid("6F1C2A3B-0D4E-4F5A-8B6C-7D8E9FA0B1C2"));
        CPPUNIT_ASSERT(!isUuid("6f1c2a3b0d4e4f5a8b6c7d8e9fa0b1c2"));
        CPPUNIT_ASSERT(!isUuid("6f1c2a3b-0d4e-4f5a-8b6c-7d8e9fa0b1c"));
        CPPUNIT_ASSERT(!isUuid("6f1c2a3b-0d4e-4f5a-8b6c-7d8e9fa0b1c2a"));
        CPPUNIT_ASSERT(!isUuid("6f1c2a3g-0d4e-4f5a-8b6c-7d8e9fa0b1c2"));
        CPPUNIT_ASSERT(!isUuid("6f1c2a3b_0d4e-4f5a-8b6c-7d8e9fa0b1c2"));
        CPPUNIT_ASSERT(!isUuid(" 6f1c2a3b-0d4e-4f5a-8b6c-7d8e9fa0b1c"));
        CPPUNIT_ASSERT(!isUuid(""));
        CPPUNIT_ASSERT_EQUAL(std::string("6f1c2a3b-0d4e-4f5a-8b6c-7d8e9fa0b1c2"),
                             normalizeUuid("6F1C2A3B-0D4E-4F5A-8B6C-7D8E9FA0B1C2"));
    }

    void testTimestamps() {
        const int64_t t = 1705314600LL * 1000000 + 123456; // 2024-01-15T10:30:00.123456Z
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00.123Z"), formatTimestampMillis(t));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15T10:30:00Z"), formatTimestampSeconds(t));
        CPPUNIT_ASSERT_EQUAL(std::string("1970-01-01T00:00:00.000Z"), formatTimestampMillis(0));
        CPPUNIT_ASSERT_EQUAL(std::string("1969-12-31T23:59:59.999Z"), formatTimestampMillis(-1));
        CPPUNIT_ASSERT_EQUAL(std::string("1969-12-31T23:59:59Z"), formatTimestampSeconds(-1));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-02-29T23:59:59.999Z"),
                             formatTimestampMillis(1709251199999999LL));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HelpersTest);
