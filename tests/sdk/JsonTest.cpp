// The SDK's JSON reader (sdk/docs/sdk.md, docs/decisions.md D180): exact number text, strict
// syntax with a column in the error, the sink's raw spans, the writer.
#include "finimport/json.hpp"
#include "finimport/json_number.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

namespace json = finimport::json;

namespace {

// Keeps the raw text of every value the reader reports, in order.
struct RawSink {
    std::vector<std::string> raws;
    bool scalar(json::Value&&, std::string_view raw) { return keep(raw); }
    bool beginObject() { return true; }
    bool beginArray() { return true; }
    bool key(std::string&&) { return true; }
    bool endObject(std::string_view raw) { return keep(raw); }
    bool endArray(std::string_view raw) { return keep(raw); }
    bool keep(std::string_view raw) {
        raws.emplace_back(raw);
        return true;
    }
};

} // namespace

class JsonTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(JsonTest);
    CPPUNIT_TEST(numbersKeepTheirText);
    CPPUNIT_TEST(errorsSayWhere);
    CPPUNIT_TEST(depthIsBounded);
    CPPUNIT_TEST(sinkSeesRawText);
    CPPUNIT_TEST(writerKeepsNumbersAndEscapes);
    CPPUNIT_TEST(exponentsWrittenOut);
    CPPUNIT_TEST_SUITE_END();

public:
    void numbersKeepTheirText() {
        auto p = json::parse(R"({"amount":12345678901.23456789,"e":-1.5E+3,"z":0,"s":"\u00e9"})");
        CPPUNIT_ASSERT(p.value && p.value->isObject());
        const json::Value* amount = p.value->find("amount");
        CPPUNIT_ASSERT(amount && amount->isNumber());
        CPPUNIT_ASSERT_EQUAL(std::string("12345678901.23456789"), amount->text());
        CPPUNIT_ASSERT_EQUAL(std::string("-1.5E+3"), p.value->find("e")->text());
        CPPUNIT_ASSERT_EQUAL(std::string("0"), p.value->find("z")->text());
        CPPUNIT_ASSERT_EQUAL(std::string("\xC3\xA9"), p.value->find("s")->text());
        // A repeated key: the last one wins, in the first one's place.
        auto dup = json::parse(R"({"a":1,"b":2,"a":3})");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), dup.value->keys().size());
        CPPUNIT_ASSERT_EQUAL(std::string("3"), dup.value->find("a")->text());
    }

    void errorsSayWhere() {
        const std::vector<std::pair<std::string, std::string>> cases = {
            {R"({"a":1,})", "object key expected at column 8"},
            {R"({"a":01})", "',' or '}' expected at column 7"},
            {R"(["\ud800"])", "lone surrogate escape at column 9"},
            {R"({"a":tru})", "invalid literal at column 6"},
            {R"({} {})", "unexpected text after the value at column 4"},
            {"", "unexpected end of input at column 1"},
            {"[1.]", "digit expected at column 4"},
        };
        for (const auto& [text, error] : cases) {
            auto p = json::parse(text);
            CPPUNIT_ASSERT_MESSAGE(text, !p.value);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(text, error, p.error);
        }
    }

    void depthIsBounded() {
        CPPUNIT_ASSERT(json::parse(std::string(3, '[') + std::string(3, ']'), 3).value);
        auto deep = json::parse(std::string(4, '[') + std::string(4, ']'), 3);
        CPPUNIT_ASSERT(!deep.value);
        CPPUNIT_ASSERT_EQUAL(std::string("nesting too deep at column 4"), deep.error);
    }

    void sinkSeesRawText() {
        RawSink sink;
        const std::string text = R"( {"data":{"amount":1.50},"list":[true, null]} )";
        json::Reader<RawSink> reader(text, sink);
        CPPUNIT_ASSERT(reader.document());
        CPPUNIT_ASSERT(
            sink.raws ==
            (std::vector<std::string>{"1.50", R"({"amount":1.50})", "true", "null", "[true, null]",
                                      R"({"data":{"amount":1.50},"list":[true, null]})"}));
    }

    void writerKeepsNumbersAndEscapes() {
        const std::string text =
            R"({"v":12345678901.23456789,"s":"a\"b\\c\n\u0001/é","l":[false,null,{}]})";
        auto p = json::parse(text);
        CPPUNIT_ASSERT(p.value);
        CPPUNIT_ASSERT_EQUAL(text, json::write(*p.value));
    }

    // docs/decisions.md D181.
    void exponentsWrittenOut() {
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"12345678901.23456789", "12345678901.23456789"},
            {"1.5e3", "1500"},
            {"-25E-2", "-0.25"},
            {"1E+2", "100"},
            {"0.5e1", "5"},
            {"0e5", "0"},
            {"7e-10", "0.0000000007"},
        };
        for (const auto& [number, plain] : cases)
            CPPUNIT_ASSERT_EQUAL_MESSAGE(number, plain, json::plainNumber(number).value_or("-"));
        CPPUNIT_ASSERT(!json::plainNumber("1e41"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(JsonTest);
