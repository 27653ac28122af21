// multipart/form-data: file part, text fields, bracket names, a text field named `file`.
#include "TestServer.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::http;
using namespace finimport::http::test;

class MultipartTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MultipartTest);
    CPPUNIT_TEST(testFileAndTextFields);
    CPPUNIT_TEST(testBracketFields);
    CPPUNIT_TEST(testTextFieldNamedFile);
    CPPUNIT_TEST(testEmptyFileInputIsNoFile);
    CPPUNIT_TEST(testBoundaryInsideDataAndBinaryFile);
    CPPUNIT_TEST(testMalformedMultipart);
    CPPUNIT_TEST(testInvalidUtf8TextField);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { _server = std::make_unique<TestServer>(); }
    void tearDown() override { _server.reset(); }

    HttpResult post(MultipartBuilder& mp, const std::string& key = "key-rw") {
        return _server->send("POST", "/api/v1/things", {{"X-Api-Key", key}}, mp.finish(),
                             mp.contentType());
    }

    void testFileAndTextFields() {
        MultipartBuilder mp;
        mp.field("type", "TransactionImport")
            .file("file", "bank.csv", "text/csv; charset=utf-8", "date,amount\n2024-01-15,49.99\n")
            .field("publish", "true");
        const HttpResult r = post(mp);
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"kind":"multipart","params":{"type":"TransactionImport","publish":"true"},)"
                R"("file":{"field":"file","filename":"bank.csv","content_type":"text/csv; charset=utf-8",)"
                R"("size":29,"data":"date,amount\n2024-01-15,49.99\n"},"file_field_was_text":false,"key_id":"k-rw"})"),
            r.body);
    }

    void testBracketFields() {
        MultipartBuilder mp;
        mp.field("recurring_transaction[amount]", "49.99")
            .field("recurring_transaction[currency]", "USD")
            .field("recurring_transaction[meta][note]", "x")
            .field("account_ids[]", "a")
            .field("account_ids[]", "b")
            .field("rules[][k]", "1")
            .field("rules[][k]", "2")
            .field("odd[", "kept whole");
        const HttpResult r = post(mp);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"kind":"multipart","params":{"recurring_transaction":{"amount":"49.99",)"
                R"("currency":"USD","meta":{"note":"x"}},"account_ids":["a","b"],)"
                R"("rules":[{"k":"1"},{"k":"2"}],"odd[":"kept whole"},"file":null,)"
                R"("file_field_was_text":false,"key_id":"k-rw"})"),
            r.body);
    }

    void testTextFieldNamedFile() {
        MultipartBuilder mp;
        mp.field("file", "just text");
        const HttpResult r = post(mp);
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"kind":"multipart","params":{"file":"just text"},"file":null,)"
                        R"("file_field_was_text":true,"key_id":"k-rw"})"),
            r.body);
    }

    void testEmptyFileInputIsNoFile() {
        MultipartBuilder mp;
        mp.file("file", "", "application/octet-stream", "").field("a", "1");
        const HttpResult r = post(mp);
        CPPUNIT_ASSERT(r.body.find(R"("file":null)") != std::string::npos);
        // Another file part name is ignored; an empty file with a name is kept.
        MultipartBuilder mp2;
        mp2.file("attachment", "x.bin", "", "zzz").file("file", "empty.csv", "", "");
        const HttpResult r2 = post(mp2);
        CPPUNIT_ASSERT(
            r2.body.find(
                R"("file":{"field":"file","filename":"empty.csv","content_type":"","size":0,"data":""})") !=
            std::string::npos);
        CPPUNIT_ASSERT(r2.body.find(R"("params":{})") != std::string::npos);
    }

    void testBoundaryInsideDataAndBinaryFile() {
        std::string binary;
        for (int i = 0; i < 256; ++i)
            binary += static_cast<char>(i);
        // Looks like the delimiter but is not at a line start / has a different boundary.
        binary += "--XyZBoundary123\r\n--XyZBoundary12\r\n\r\n";
        // Large enough to span several 64 KiB reads.
        std::string big(200000, 'q');
        MultipartBuilder mp;
        mp.file("file", "data.bin", "application/octet-stream", binary + big);
        const HttpResult r = post(mp);
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        const std::string size = "\"size\":" + std::to_string(binary.size() + big.size());
        CPPUNIT_ASSERT(r.body.find(size) != std::string::npos);
    }

    void testMalformedMultipart() {
        const std::string expected =
            R"({"error":"bad_request","message":"Malformed multipart body"})";
        const std::string ct = "multipart/form-data; boundary=XyZBoundary123";
        const std::string cases[] = {
            "no delimiter at all",
            "--XyZBoundary123\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated",
            "--XyZBoundary123\r\nNoColonHeader\r\n\r\nv\r\n--XyZBoundary123--\r\n",
            "--XyZBoundary123\r\nContent-Type: text/plain\r\n\r\nv\r\n--XyZBoundary123--\r\n",
        };
        for (const auto& body : cases) {
            const HttpResult r = _server->send("POST", "/api/v1/things", {}, body, ct);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(body, 400, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(body, expected, r.body);
        }
        // No boundary parameter.
        const HttpResult r =
            _server->send("POST", "/api/v1/things", {}, "x", "multipart/form-data");
        CPPUNIT_ASSERT_EQUAL(expected, r.body);
    }

    void testInvalidUtf8TextField() {
        MultipartBuilder mp;
        mp.field("name", "caf\xE9");
        const HttpResult r = post(mp);
        CPPUNIT_ASSERT_EQUAL(400, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"error":"bad_request","message":"Request body is not valid UTF-8"})"),
            r.body);
        // File bytes are not text: any encoding passes (transcoding happens later).
        MultipartBuilder mp2;
        mp2.file("file", "latin1.csv", "text/csv", "caf\xE9");
        CPPUNIT_ASSERT_EQUAL(201, post(mp2).status);
    }

private:
    std::unique_ptr<TestServer> _server;
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultipartTest);
