// The row as a type (app/rows/Fields.h, RowCodec.h; docs/decisions.md D200): lookups through the
// header a run's rows share, `set` on a present and on a missing field, the stored and JSON forms
// to the byte, null kept apart from empty.
#include "app/rows/Fields.h"
#include "app/rows/RowCodec.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::app::rows;

class FieldsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FieldsTest);
    CPPUNIT_TEST(testLookupByName);
    CPPUNIT_TEST(testRowsShareTheirHeader);
    CPPUNIT_TEST(testSetReplacesOrAppends);
    CPPUNIT_TEST(testBlankAndNonBlank);
    CPPUNIT_TEST(testStoredFormKeepsNullApartFromEmpty);
    CPPUNIT_TEST(testJsonFormBytes);
    CPPUNIT_TEST(testDecodedRowsShareTheirHeader);
    CPPUNIT_TEST_SUITE_END();

    static std::shared_ptr<const Header> transactionHeader() {
        return Header::of({"date", "amount", "name", "notes", "date"});
    }

public:
    void testLookupByName() {
        const Fields row(transactionHeader(), {"2024-01-31", "-12.50", "Shop", std::nullopt, "x"});
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), row.size());
        CPPUNIT_ASSERT_EQUAL(std::string("-12.50"), row.text("amount"));
        // A repeated name: the first one is read.
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-31"), row.text("date"));
        CPPUNIT_ASSERT(row.has("notes"));
        CPPUNIT_ASSERT(row.get("notes") != nullptr && !row.get("notes")->has_value());
        CPPUNIT_ASSERT(row.get("currency") == nullptr);
        CPPUNIT_ASSERT(!row.has("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string(), row.text("notes"));
        CPPUNIT_ASSERT_EQUAL(std::string(), row.text("currency"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), row.header()->find("name"));
        CPPUNIT_ASSERT_EQUAL(Header::npos, row.header()->find("Name"));
        // Values past the header are dropped, missing ones are null.
        const Fields shortRow(transactionHeader(), {"2024-01-31"});
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), shortRow.size());
        CPPUNIT_ASSERT(!shortRow.get("amount")->has_value());
    }

    void testRowsShareTheirHeader() {
        const auto header = transactionHeader();
        Fields a(header, {"2024-01-01", "1", "A", std::nullopt, std::nullopt});
        Fields b(header, {"2024-01-02", "2", "B", std::nullopt, std::nullopt});
        CPPUNIT_ASSERT(a.header() == b.header());
        // A field the host adds to each row: the rows still share one header.
        a.set("currency", "EUR");
        b.set("currency", "USD");
        CPPUNIT_ASSERT(a.header() == b.header());
        CPPUNIT_ASSERT(a.header() != header);
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), header->size()); // the run's header is unchanged
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), a.text("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), b.text("currency"));
    }

    void testSetReplacesOrAppends() {
        Fields row = {{"name", "Shop"}, {"amount", "1"}};
        const auto header = row.header();
        row.set("amount", "2");
        CPPUNIT_ASSERT(row.header() == header); // a present field: its value only
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), row.size());
        CPPUNIT_ASSERT_EQUAL(std::string("2"), row.text("amount"));
        row.set("currency", std::nullopt);
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), row.size());
        CPPUNIT_ASSERT_EQUAL(std::string("currency"), row.name(2));
        CPPUNIT_ASSERT(row.has("currency") && !row.get("currency")->has_value());
        row.set("currency", "");
        CPPUNIT_ASSERT(row.get("currency")->has_value());
        const Fields expected = {{"name", "Shop"}, {"amount", "2"}, {"currency", ""}};
        CPPUNIT_ASSERT(row == expected);
        // Built from nothing, as a request's edits are.
        Fields edits;
        edits.set("amount", "3");
        edits.set("name", std::nullopt);
        CPPUNIT_ASSERT(edits == Fields({{"amount", "3"}, {"name", std::nullopt}}));
        CPPUNIT_ASSERT(Fields().empty());
    }

    void testBlankAndNonBlank() {
        const Fields row = {{"a", "  x \t"}, {"b", " \r\n"}, {"c", std::nullopt}};
        CPPUNIT_ASSERT_EQUAL(std::string("x"), row.nonBlank("a").value_or("?"));
        CPPUNIT_ASSERT(!row.nonBlank("b") && !row.nonBlank("c") && !row.nonBlank("d"));
        CPPUNIT_ASSERT(!row.blank("a") && row.blank("b") && row.blank("c") && row.blank("d"));
    }

    void testStoredFormKeepsNullApartFromEmpty() {
        const Fields row = {{"name", std::nullopt}, {"tags", ""}, {"my_column", "a:b"}};
        const std::string stored = encodeFields(row);
        CPPUNIT_ASSERT_EQUAL(std::string("F4-60:!9:my_column3:a:b"), stored);
        const Fields back = decodeFields(stored);
        CPPUNIT_ASSERT(back == row);
        CPPUNIT_ASSERT(!back.get("name")->has_value());
        CPPUNIT_ASSERT(back.get("tags")->has_value() && (*back.get("tags"))->empty());
        CPPUNIT_ASSERT(decodeFields(encodeFields(Fields())).empty());
    }

    void testJsonFormBytes() {
        const Fields row = {{"name", "Caf\xC3\xA9 \"B\"\n"}, {"notes", std::nullopt}, {"tags", ""}};
        const std::string json = fieldsToJson(row);
        CPPUNIT_ASSERT_EQUAL(
            std::string("{\"name\":\"Caf\xC3\xA9 \\\"B\\\"\\u000a\",\"notes\":null,"
                        "\"tags\":\"\"}"),
            json);
        CPPUNIT_ASSERT(fieldsFromJson(json) == row);
        CPPUNIT_ASSERT_EQUAL(std::string("{}"), fieldsToJson(Fields()));
        // A repeated name keeps its last value, in the first one's place.
        CPPUNIT_ASSERT(fieldsFromJson("{\"a\":\"1\",\"b\":null,\"a\":\"2\"}") ==
                       Fields({{"a", "2"}, {"b", std::nullopt}}));
    }

    void testDecodedRowsShareTheirHeader() {
        const Fields a = {{"date", "2024-01-01"}, {"amount", "1"}};
        const Fields b = {{"date", "2024-01-02"}, {"amount", "2"}};
        const Fields first = decodeFields(encodeFields(a));
        const Fields second = decodeFields(encodeFields(b));
        CPPUNIT_ASSERT(first.header() == second.header());
        CPPUNIT_ASSERT(first == a && second == b);
        const Fields other = decodeFields(encodeFields(Fields({{"name", "x"}})));
        CPPUNIT_ASSERT(other.header() != first.header());
        CPPUNIT_ASSERT_EQUAL(std::string("x"), other.text("name"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FieldsTest);
