// Tag-list splitting (docs/imports.md §5.7).
#include "finimport/tags.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

using Tags = std::vector<std::string>;
using finimport::sdk::splitTags;

class TagsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TagsTest);
    CPPUNIT_TEST(specExamples);
    CPPUNIT_TEST(blankGivesOneEmptyTag);
    CPPUNIT_TEST(escapes);
    CPPUNIT_TEST(piecesAreTrimmedAndEmptyPiecesKept);
    CPPUNIT_TEST_SUITE_END();

public:
    void specExamples() {
        CPPUNIT_ASSERT(splitTags("groceries,essentials") == (Tags{"groceries", "essentials"}));
        CPPUNIT_ASSERT(splitTags("Food\\, Dining,essentials") ==
                       (Tags{"Food, Dining", "essentials"}));
        CPPUNIT_ASSERT(splitTags("Food\\|Dining|essentials") ==
                       (Tags{"Food|Dining", "essentials"}));
        CPPUNIT_ASSERT(splitTags("a|b,c") == (Tags{"a|b", "c"}));
        CPPUNIT_ASSERT(splitTags("Bills|Home") == (Tags{"Bills", "Home"}));
    }

    void blankGivesOneEmptyTag() {
        CPPUNIT_ASSERT(splitTags("") == (Tags{""}));
        CPPUNIT_ASSERT(splitTags("  \t") == (Tags{""}));
    }

    void escapes() {
        CPPUNIT_ASSERT(splitTags("a\\\\b,c") == (Tags{"a\\b", "c"}));
        CPPUNIT_ASSERT(splitTags("a\\nb") == (Tags{"a\\nb"}));
        CPPUNIT_ASSERT(splitTags("a,b\\") == (Tags{"a", "b\\"}));
        CPPUNIT_ASSERT(splitTags("x\\,y") == (Tags{"x,y"}));
        CPPUNIT_ASSERT(splitTags("x\\|y,z") == (Tags{"x|y", "z"}));
        CPPUNIT_ASSERT(splitTags("solo") == (Tags{"solo"}));
    }

    void piecesAreTrimmedAndEmptyPiecesKept() {
        CPPUNIT_ASSERT(splitTags(" a , ,b,") == (Tags{"a", "", "b", ""}));
        CPPUNIT_ASSERT(splitTags("|a") == (Tags{"", "a"}));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(TagsTest);
