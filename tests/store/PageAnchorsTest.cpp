// Page anchors (store/PageAnchors.h): the nearest anchor at or before an offset, per shape and
// stamp of the data, never one at offset 0.
#include "store/PageAnchors.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

using finimport::store::PageAnchors;
using finimport::store::SqlValue;

class PageAnchorsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PageAnchorsTest);
    CPPUNIT_TEST(testNearestAtOrBefore);
    CPPUNIT_TEST(testFirstRowIsNoAnchor);
    CPPUNIT_TEST(testNewStampDropsOlderAnchors);
    CPPUNIT_TEST_SUITE_END();

    static PageAnchors::Anchor at(int64_t offset, const std::string& date) {
        return {offset,
                {SqlValue(date), SqlValue(std::string("2026-01-01T00:00:00Z")),
                 SqlValue(std::string("id-") + std::to_string(offset))}};
    }

public:
    void testNearestAtOrBefore() {
        PageAnchors anchors;
        anchors.remember("shape", "s1", {at(25, "2026-03-01"), at(50, "2026-02-01")});
        auto found = anchors.nearest("shape", "s1", 60);
        CPPUNIT_ASSERT(found);
        CPPUNIT_ASSERT_EQUAL(int64_t(50), found->offset);
        CPPUNIT_ASSERT_EQUAL(std::string("id-50"), std::get<std::string>(found->key[2]));
        CPPUNIT_ASSERT_EQUAL(int64_t(25), anchors.nearest("shape", "s1", 49)->offset);
        CPPUNIT_ASSERT(!anchors.nearest("shape", "s1", 24));
        CPPUNIT_ASSERT(!anchors.nearest("other shape", "s1", 60));
    }

    // A page from the top stays a plain page: the first row's key would seek nothing.
    void testFirstRowIsNoAnchor() {
        PageAnchors anchors;
        anchors.remember("shape", "s1", {at(0, "2026-04-01"), at(25, "2026-03-01")});
        CPPUNIT_ASSERT(!anchors.nearest("shape", "s1", 0));
        CPPUNIT_ASSERT(!anchors.nearest("shape", "s1", 10));
        CPPUNIT_ASSERT_EQUAL(int64_t(25), anchors.nearest("shape", "s1", 30)->offset);
    }

    void testNewStampDropsOlderAnchors() {
        PageAnchors anchors;
        anchors.remember("shape", "s1", {at(25, "2026-03-01")});
        CPPUNIT_ASSERT(!anchors.nearest("shape", "s2", 30));
        anchors.remember("shape", "s2", {at(50, "2026-02-01")});
        CPPUNIT_ASSERT_EQUAL(int64_t(50), anchors.nearest("shape", "s2", 60)->offset);
        CPPUNIT_ASSERT(!anchors.nearest("shape", "s2", 30));
        CPPUNIT_ASSERT(!anchors.nearest("shape", "s1", 30));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PageAnchorsTest);
