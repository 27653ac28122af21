// At its boundaries: what a body may cost before and after authentication.
// Before: linear checks only (UTF-8, syntax, depth, NUL, form/multipart field count), so a
// check that needs the parameter tree (the JSON value count) cannot answer a request without
// a key. After: the tree, capped. Each cap is asserted at its limit and one past it.
#include "TestServer.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <string>

using namespace finimport::http::test;

namespace {

const std::string kUnauthorized =
    R"({"error":"unauthorized","message":"Access token or API key is invalid, expired, or missing"})";

std::string bad(const std::string& message) {
    return R"({"error":"bad_request","message":")" + message + "\"}";
}
const std::string kTooMany = bad("Request body has too many values");
const std::string kNul = bad("Request body contains a NUL character");
const std::string kTooDeep = bad("Request body is nested too deeply");

// {"a":[0,0,…]}: the object, the array and `zeros` numbers are values.
std::string jsonWithValues(std::size_t values) {
    std::string body = "{\"a\":[0";
    body.reserve(values * 2 + 8);
    for (std::size_t i = 3; i < values; ++i)
        body += ",0";
    return body + "]}";
}

std::string formWithFields(int fields) {
    std::string body;
    for (int i = 0; i < fields; ++i)
        body += (i ? "&f" : "f") + std::to_string(i) + "=1";
    return body;
}

// A form field name nesting `depth` objects: a[x][x]…
std::string nestedName(int depth) {
    std::string name = "a";
    for (int i = 0; i < depth; ++i)
        name += "[x]";
    return name;
}

} // namespace

class HostileBodyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HostileBodyTest);
    CPPUNIT_TEST(jsonTreeIsBuiltOnlyAfterAuthentication);
    CPPUNIT_TEST(formFieldsAreCappedBeforeAuthentication);
    CPPUNIT_TEST(multipartFieldsAreCapped);
    CPPUNIT_TEST(formNestingIsCappedBeforeAuthentication);
    CPPUNIT_TEST(nulInFormAndMultipartFieldsIs400);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { _server = std::make_unique<TestServer>(); }
    void tearDown() override { _server.reset(); }

    HttpResult form(const std::string& body, const std::string& key = "key-rw") {
        return _server->send("POST", "/api/v1/things", {{"X-Api-Key", key}}, body,
                             "application/x-www-form-urlencoded");
    }
    HttpResult multipart(MultipartBuilder& mp, const std::string& key = "key-rw") {
        return _server->send("POST", "/api/v1/things", {{"X-Api-Key", key}}, mp.finish(),
                             mp.contentType());
    }

    void jsonTreeIsBuiltOnlyAfterAuthentication() {
        // 100,000 values (kMaxJsonValues) build; one more is refused, but only once a key is
        // known: without one, the pre-authentication pass never counts tree nodes.
        CPPUNIT_ASSERT_EQUAL(201,
                             _server->postJson("/api/v1/things", jsonWithValues(100000)).status);
        const std::string over = jsonWithValues(100001);
        HttpResult r = _server->postJson("/api/v1/things", over);
        CPPUNIT_ASSERT_EQUAL(400, r.status);
        CPPUNIT_ASSERT_EQUAL(kTooMany, r.body);
        for (const char* key : {"", "unknown-key"}) {
            r = _server->postJson("/api/v1/things", over, key);
            CPPUNIT_ASSERT_EQUAL(401, r.status);
            CPPUNIT_ASSERT_EQUAL(kUnauthorized, r.body);
        }
    }

    void formFieldsAreCappedBeforeAuthentication() {
        CPPUNIT_ASSERT_EQUAL(201, form(formWithFields(10000)).status);
        for (const char* key : {"key-rw", ""}) {
            const HttpResult r = form(formWithFields(10001), key);
            CPPUNIT_ASSERT_EQUAL(400, r.status);
            CPPUNIT_ASSERT_EQUAL(kTooMany, r.body);
        }
        // Only the accepted request reached authentication.
        CPPUNIT_ASSERT_EQUAL(1, _server->auth().calls.load());
    }

    void multipartFieldsAreCapped() {
        MultipartBuilder ok;
        for (int i = 0; i < 10000; ++i)
            ok.field("f" + std::to_string(i), "1");
        CPPUNIT_ASSERT_EQUAL(201, multipart(ok).status);
        MultipartBuilder over;
        for (int i = 0; i < 10001; ++i)
            over.field("f" + std::to_string(i), "1");
        const HttpResult r = multipart(over, "");
        CPPUNIT_ASSERT_EQUAL(400, r.status);
        CPPUNIT_ASSERT_EQUAL(kTooMany, r.body);
    }

    void formNestingIsCappedBeforeAuthentication() {
        // 63 bracket levels under a top-level name: 64 objects deep, the JSON limit.
        const HttpResult ok = form(nestedName(63) + "=1");
        CPPUNIT_ASSERT_EQUAL(201, ok.status);
        for (const char* key : {"key-rw", ""}) {
            const HttpResult r = form(nestedName(64) + "=1", key);
            CPPUNIT_ASSERT_EQUAL(400, r.status);
            CPPUNIT_ASSERT_EQUAL(kTooDeep, r.body);
        }
    }

    void nulInFormAndMultipartFieldsIs400() {
        for (const char* key : {"key-rw", ""}) {
            HttpResult r = form("a%00b=1", key);
            CPPUNIT_ASSERT_EQUAL(400, r.status);
            CPPUNIT_ASSERT_EQUAL(kNul, r.body);
            r = form("col_sep=%00", key);
            CPPUNIT_ASSERT_EQUAL(400, r.status);
            CPPUNIT_ASSERT_EQUAL(kNul, r.body);
            MultipartBuilder mp;
            mp.field("col_sep", std::string("a\0b", 3));
            r = multipart(mp, key);
            CPPUNIT_ASSERT_EQUAL(400, r.status);
            CPPUNIT_ASSERT_EQUAL(kNul, r.body);
        }
        // Inside raw_file_content the NUL is file content for the plugin (docs/decisions.md D65).
        const HttpResult r = form("raw_file_content=a%00b");
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT(r.body.find(R"("raw_file_content":"a\u0000b")") != std::string::npos);
    }

private:
    std::unique_ptr<TestServer> _server;
};

CPPUNIT_TEST_SUITE_REGISTRATION(HostileBodyTest);
