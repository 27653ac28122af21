// JSON writer escaping and key order, the body reader, and the error helpers.
#include "http/Errors.h"
#include "http/JsonParser.h"
#include "http/JsonWriter.h"
#include "http/Router.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::http;

class JsonTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(JsonTest);
    CPPUNIT_TEST(testWriterShapes);
    CPPUNIT_TEST(testEscaping);
    CPPUNIT_TEST(testJsonErrorShapes);
    CPPUNIT_TEST(testParserRoundTrip);
    CPPUNIT_TEST(testBodyCheckOrder);
    CPPUNIT_TEST(testRawContentUnescapedInPlace);
    CPPUNIT_TEST(testRouterRejectsBadPatterns);
    CPPUNIT_TEST_SUITE_END();

public:
    void testWriterShapes() {
        JsonWriter w;
        w.beginObject()
            .key("z")
            .integer(-9007199254740993LL)
            .key("a")
            .beginArray()
            .string("x")
            .null()
            .boolean(false)
            .number("49.99")
            .beginObject()
            .endObject()
            .beginArray()
            .endArray()
            .endArray()
            .key("m")
            .raw(R"({"k":1})")
            .endObject();
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"z":-9007199254740993,"a":["x",null,false,49.99,{},[]],"m":{"k":1}})"),
            w.str());
    }

    void testEscaping() {
        CPPUNIT_ASSERT_EQUAL(std::string(R"("a\"b\\c/")"), JsonWriter::quote("a\"b\\c/"));
        CPPUNIT_ASSERT_EQUAL(std::string(R"("\b\f\n\r\t\u0000\u001f\u007f")"),
                             JsonWriter::quote(std::string("\b\f\n\r\t\0\x1f\x7f", 8)));
        CPPUNIT_ASSERT_EQUAL(std::string("\"café 😀 €\""), JsonWriter::quote("café 😀 €"));
        CPPUNIT_ASSERT_EQUAL(std::string(R"("\u2028\u2029")"), JsonWriter::quote("\u2028\u2029"));
        // Invalid UTF-8 never reaches the output.
        CPPUNIT_ASSERT_EQUAL(std::string("\"a\xEF\xBF\xBD"
                                         "b\""),
                             JsonWriter::quote("a\xFF"
                                               "b"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"\xEF\xBF\xBD(\""), JsonWriter::quote("\xC3\x28"));
    }

    void testJsonErrorShapes() {
        Response r = jsonError(422, "validation_failed", "Import could not be created",
                               std::vector<std::string>{"Type is not included in the list"},
                               {{"import_id", JsonWriter::quote("abc")}});
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/json; charset=utf-8"), r.contentType);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"error":"validation_failed","message":"Import could not be created",)"
                        R"("errors":["Type is not included in the list"],"import_id":"abc"})"),
            r.body);
        r = validationFailed("start_date must be an ISO 8601 date");
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"validation_failed","message":"start_date must be an ISO 8601 date",)"
                R"("errors":["start_date must be an ISO 8601 date"]})"),
            r.body);
        r = jsonError(404, "not_found", "Import not found");
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"not_found","message":"Import not found"})"),
                             r.body);
    }

    void testParserRoundTrip() {
        const std::string text =
            R"({"a":[1,-0,0.5,1e5,-2.5E-3,true,false,null,"x\"y\\z\/\n"],"b":{},"c":[]})";
        const auto v = parseJson(text);
        CPPUNIT_ASSERT(v.has_value());
        JsonWriter w;
        w.value(*v);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"a":[1,-0,0.5,1e5,-2.5E-3,true,false,null,"x\"y\\z/\n"],"b":{},"c":[]})"),
            w.str());
        for (const char* bad :
             {"", "{", "[1,]", "01", "1.", ".5", "-", "1e", "tru", "\"\t\"", "\"\\x\"", "{\"a\" 1}",
              "[1 2]", "\"\\udc00\"", "\"\\ud800\\u0041\"", "NaN", "Infinity", "{\"a\":1}}"}) {
            CPPUNIT_ASSERT_MESSAGE(bad, !parseJson(bad).has_value());
        }
        CPPUNIT_ASSERT(parseJson(" \n[ 1 , 2 ]\t").has_value());
    }

    void testBodyCheckOrder() {
        // UTF-8 before depth before syntax before the object check.
        CPPUNIT_ASSERT(parseJsonObjectBody(std::string(70, '[') + "\xFF").error ==
                       JsonBodyError::InvalidUtf8);
        CPPUNIT_ASSERT(parseJsonObjectBody(std::string(70, '[')).error == JsonBodyError::TooDeep);
        CPPUNIT_ASSERT(parseJsonObjectBody("[[[").error == JsonBodyError::InvalidJson);
        CPPUNIT_ASSERT(parseJsonObjectBody("[]").error == JsonBodyError::NotObject);
        CPPUNIT_ASSERT(parseJsonObjectBody("").value.isObject());
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), jsonNestingDepth(R"({"a":"[[[[","b":[1]})"));
    }

    void testRawContentUnescapedInPlace() {
        // The body's own bytes become raw_file_content: escapes of every kind, a NUL,
        // members before and after it, and a nested raw_file_content left alone.
        std::string body =
            R"({"type":"T","raw_file_content":"a,\"b\"\n\u00e9\ud83d\ude00\t\u0000z\/",)"
            R"("n":{"raw_file_content":"inner\n"},"k":[1,"x\ny"]})";
        JsonBodyResult r = parseValidatedJsonObject(std::move(body));
        CPPUNIT_ASSERT(r.error == JsonBodyError::None);
        const ParamValue* raw = r.value.find("raw_file_content");
        CPPUNIT_ASSERT(raw && raw->isString());
        CPPUNIT_ASSERT_EQUAL(std::string("a,\"b\"\n\xC3\xA9\xF0\x9F\x98\x80\t\0z/", 16),
                             raw->text());
        CPPUNIT_ASSERT_EQUAL(std::string("T"), r.value.find("type")->text());
        CPPUNIT_ASSERT_EQUAL(std::string("inner\n"),
                             r.value.find("n")->find("raw_file_content")->text());
        CPPUNIT_ASSERT_EQUAL(std::string("x\ny"), r.value.find("k")->items()[1].text());
        // Keys keep their order; the value sits at its own position.
        CPPUNIT_ASSERT_EQUAL(std::string("raw_file_content"), r.value.keys()[1]);
        // A repeated key: the last one wins, whether it is a string or not.
        std::string twice = R"({"raw_file_content":"first\n","raw_file_content":"second"})";
        CPPUNIT_ASSERT_EQUAL(
            std::string("second"),
            parseValidatedJsonObject(std::move(twice)).value.find("raw_file_content")->text());
        std::string number = R"({"raw_file_content":"text","raw_file_content":12.5})";
        JsonBodyResult n = parseValidatedJsonObject(std::move(number));
        CPPUNIT_ASSERT(n.value.find("raw_file_content")->isNumber());
        CPPUNIT_ASSERT_EQUAL(std::string("12.5"), n.value.find("raw_file_content")->text());
        // The same tree as the copying parser's for an unterminated value: no tree.
        std::string broken = R"({"raw_file_content":"abc)";
        CPPUNIT_ASSERT(parseValidatedJsonObject(std::move(broken)).error ==
                       JsonBodyError::InvalidJson);
    }

    void testRouterRejectsBadPatterns() {
        Router router;
        auto handler = [](Request&) { return Response{}; };
        router.get("/a/{id}", AuthRequirement::Read, handler);
        CPPUNIT_ASSERT_THROW(router.get("/a/{id}", AuthRequirement::Read, handler),
                             std::invalid_argument);
        CPPUNIT_ASSERT_THROW(router.get("a", AuthRequirement::Read, handler),
                             std::invalid_argument);
        CPPUNIT_ASSERT_THROW(router.get("/a//b", AuthRequirement::Read, handler),
                             std::invalid_argument);
        const RouteMatch m = router.match("GET", "/a/x%2Fy/");
        CPPUNIT_ASSERT(m.route != nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("x/y"), m.pathParams.at("id"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(JsonTest);
