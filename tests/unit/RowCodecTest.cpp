// The stored form of a row's fields (app/rows/RowCodec.h): compact text that round-trips
// every value exactly, JSON for a value with a NUL byte, JSON rows of before schema v9 read
// as they were, corrupt text refused.
#include "app/rows/RowCodec.h"

#include <cppunit/extensions/HelperMacros.h>

#include <stdexcept>

using namespace finimport::app::rows;

class RowCodecTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RowCodecTest);
    CPPUNIT_TEST(testCompactFormIsExact);
    CPPUNIT_TEST(testValuesThatLookLikeFraming);
    CPPUNIT_TEST(testNulByteIsStoredAsJson);
    CPPUNIT_TEST(testRepeatedNameKeepsTheLast);
    CPPUNIT_TEST(testJsonRowsOfOlderSchemasAreRead);
    CPPUNIT_TEST(testCorruptTextIsRefused);
    CPPUNIT_TEST(testBlankFieldReadWithoutDecoding);
    CPPUNIT_TEST_SUITE_END();

public:
    void testCompactFormIsExact() {
        const Fields fields = {{"date", "2024-01-31"},
                               {"amount", "-12.50"},
                               {"name", "Caf\xC3\xA9 \"Bella\""},
                               {"tags", ""},
                               {"external_id", std::nullopt},
                               {"my_column", "x"}};
        const std::string stored = encodeFields(fields);
        // Known names are one character ('0' + position), others written out.
        CPPUNIT_ASSERT_EQUAL(std::string("F110:2024-01-3126:-12.50413:Caf\xC3\xA9 \"Bella\"60:;-"
                                         "!9:my_column1:x"),
                             stored);
        CPPUNIT_ASSERT(fields == decodeFields(stored));
        // The row after it with the same names reuses the codes (RowCodec.cpp): same result.
        CPPUNIT_ASSERT_EQUAL(stored, encodeFields(fields));
        CPPUNIT_ASSERT(Fields{} == decodeFields(encodeFields({})));
    }

    void testValuesThatLookLikeFraming() {
        const Fields fields = {
            {"name", "12:34"}, {"notes", "-"}, {"category", "F1:x!2:yy"}, {"!odd", "\n\t\r"}};
        CPPUNIT_ASSERT(fields == decodeFields(encodeFields(fields)));
    }

    void testNulByteIsStoredAsJson() {
        const Fields fields = {{"name", std::string("a\0b", 3)}, {"amount", "1"}};
        const std::string stored = encodeFields(fields);
        CPPUNIT_ASSERT_EQUAL(std::string("{\"name\":\"a\\u0000b\",\"amount\":\"1\"}"), stored);
        CPPUNIT_ASSERT(fields == decodeFields(stored));
    }

    void testRepeatedNameKeepsTheLast() {
        const Fields fields = {{"name", "first"}, {"amount", "1"}, {"name", "last"}};
        const Fields kept = {{"amount", "1"}, {"name", "last"}};
        CPPUNIT_ASSERT(kept == decodeFields(encodeFields(fields)));
    }

    void testJsonRowsOfOlderSchemasAreRead() {
        const Fields expected = {
            {"date", "2024-01-01"}, {"currency_given", "false"}, {"external_id", std::nullopt}};
        CPPUNIT_ASSERT(
            expected ==
            decodeFields(R"({"date":"2024-01-01","currency_given":"false","external_id":null})"));
    }

    // storedFieldBlank says what fieldText of the decoded row says (the streamed publish's
    // check for QIF transfers, docs/decisions.md D125), in both stored forms.
    void testBlankFieldReadWithoutDecoding() {
        const Fields fields = {{"name", "Shop"},
                               {"transfer_account", " \t"},
                               {"notes", std::nullopt},
                               {"custom", "x"},
                               {"memo", "Savings"}};
        const std::string compact = encodeFields(fields);
        const std::string json = fieldsToJson(fields);
        for (const std::string& stored : {compact, json}) {
            CPPUNIT_ASSERT(storedFieldBlank(stored, "transfer_account"));
            CPPUNIT_ASSERT(storedFieldBlank(stored, "notes"));
            CPPUNIT_ASSERT(storedFieldBlank(stored, "absent"));
            CPPUNIT_ASSERT(!storedFieldBlank(stored, "custom"));
            CPPUNIT_ASSERT(!storedFieldBlank(stored, "memo"));
            CPPUNIT_ASSERT(!storedFieldBlank(stored, "name"));
        }
        const Fields transfer = {{"name", "Shop"}, {"transfer_account", "Savings"}};
        CPPUNIT_ASSERT(!storedFieldBlank(encodeFields(transfer), "transfer_account"));
    }

    void testCorruptTextIsRefused() {
        for (const char* bad : {"F1", "F199:x", "F1x:abc", "Fz1:a", "F!3:ab", "{\"a\":", "x"})
            CPPUNIT_ASSERT_THROW_MESSAGE(bad, decodeFields(bad), std::runtime_error);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RowCodecTest);
