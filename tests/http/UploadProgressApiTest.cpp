// An upload's progress while it is received and parsed (docs/decisions.md D165): with X-Import-Id
// the import is visible through GET /api/v1/imports/{id} from the first byte of the body, as
// `uploading` with `progress`; a refused or broken upload leaves nothing. Each test holds the
// upload at a known point (half of the body sent, or the plugin's second row stored) and reads
// it from another connection: the figures are exact.
#include "ApiSupport.h"

#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <future>
#include <mutex>
#include <thread>

using namespace finimport::test;

namespace {

const std::string kUploadId = "7d1f6b52-3c4e-4a8b-9f0d-2b6a1c9e8f01";

HarnessOptions patientOptions() {
    HarnessOptions options;
    // The test holds a body half sent: the minimum body rate must not cut it off.
    options.configure = [](finimport::server::Config& c) { c.httpBodyMinBytesPerSecond = 0; };
    return options;
}

std::string requestHead(const std::string& key, const std::string& contentType, std::size_t length,
                        const std::string& importId) {
    return "POST /api/v1/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: " + key +
           "\r\nX-Import-Id: " + importId + "\r\nContent-Type: " + contentType +
           "\r\nContent-Length: " + std::to_string(length) + "\r\nConnection: close\r\n\r\n";
}

// GET /api/v1/imports/{id}'s data, polled until `done` holds (the server reads the sent bytes
// on its own thread); the test then asserts exact values.
template <class Done>
Poco::JSON::Object::Ptr waitForImport(AppHarness& app, const std::string& key,
                                      const std::string& id, Done done) {
    for (int i = 0; i < 3000; ++i) {
        auto r = app.get("/api/v1/imports/" + id, key);
        if (done(r)) return r.status == 200 ? jsonObject(r)->getObject("data") : nullptr;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CPPUNIT_FAIL("the upload never reached the expected state");
    return nullptr;
}

int64_t bytesDone(const HttpResult& r) {
    if (r.status != 200) return -1;
    auto progress = jsonObject(r)->getObject("data")->getObject("progress");
    return progress ? progress->getValue<int64_t>("bytes_done") : -1;
}

std::string receiveAll(Poco::Net::StreamSocket& socket) {
    socket.setReceiveTimeout(Poco::Timespan(60, 0));
    std::string out;
    char buffer[8192];
    for (;;) {
        const int got = socket.receiveBytes(buffer, sizeof buffer);
        if (got <= 0) break;
        out.append(buffer, static_cast<std::size_t>(got));
    }
    return out;
}

} // namespace

class UploadProgressApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UploadProgressApiTest);
    CPPUNIT_TEST(testReceivingShowsBytes);
    CPPUNIT_TEST(testChunkedUploadHasNoTotal);
    CPPUNIT_TEST(testParsingShowsRows);
    CPPUNIT_TEST(testAbortedUploadLeavesNothing);
    CPPUNIT_TEST(testRefusedUploadLeavesNothing);
    CPPUNIT_TEST(testBadOrTakenImportId);
    CPPUNIT_TEST_SUITE_END();

public:
    void testReceivingShowsBytes() {
        AppHarness app(patientOptions());
        const std::string key = app.createKey("Family");
        const std::string otherKey = app.createKey("Other");
        auto account = seedAccount(app, "Family", "Checking");
        MultipartBuilder form;
        form.field("account_id", account.id)
            .field("date_format", "%Y-%m-%d")
            .file("file", "bank.csv", "text/csv",
                  "date,name,amount\n2024-01-02,A,1.00\n2024-01-03,B,2.00\n");
        const std::string body = form.finish();
        const std::size_t half = body.size() / 2;

        Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", app.port()));
        const std::string head = requestHead(key, form.contentType(), body.size(), kUploadId);
        socket.sendBytes(head.data(), static_cast<int>(head.size()));
        socket.sendBytes(body.data(), static_cast<int>(half));

        auto held = waitForImport(app, key, kUploadId, [&](const HttpResult& r) {
            return bytesDone(r) == static_cast<int64_t>(half);
        });
        CPPUNIT_ASSERT_EQUAL(kUploadId, held->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("uploading"), held->getValue<std::string>("status"));
        // The type is a field of the body: not known before it is read.
        CPPUNIT_ASSERT_EQUAL(std::string("auto"), held->getValue<std::string>("type"));
        auto progress = held->getObject("progress");
        CPPUNIT_ASSERT_EQUAL(std::string("receiving"), progress->getValue<std::string>("phase"));
        CPPUNIT_ASSERT_EQUAL(0, progress->getValue<int>("rows_done"));
        CPPUNIT_ASSERT_EQUAL(static_cast<int64_t>(body.size()),
                             progress->getValue<int64_t>("bytes_total"));
        CPPUNIT_ASSERT_EQUAL(std::string("The file is still being uploaded"),
                             held->getArray("not_publishable_reasons")->getElement<std::string>(0));
        CPPUNIT_ASSERT(!held->getObject("status_detail")->getValue<bool>("uploaded"));
        // Another family does not see it; publishing it is not possible yet.
        CPPUNIT_ASSERT_EQUAL(404, app.get("/api/v1/imports/" + kUploadId, otherKey).status);
        CPPUNIT_ASSERT_EQUAL(
            404, app.postJson("/api/v1/imports/" + kUploadId + "/publish", "{}", key).status);
        // The id is taken while it runs.
        auto twin =
            httpSend(app.port(), "POST", "/api/v1/imports",
                     {{"X-Api-Key", key}, {"X-Import-Id", kUploadId}}, body, form.contentType());
        CPPUNIT_ASSERT_EQUAL(409, twin.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"conflict","message":"An import with this )"
                                         R"(X-Import-Id is already being uploaded"})"),
                             twin.body);

        socket.sendBytes(body.data() + half, static_cast<int>(body.size() - half));
        auto created = parseRawResponse(receiveAll(socket));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto data = jsonObject(created)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(kUploadId, data->getValue<std::string>("id"));
        CPPUNIT_ASSERT(!data->has("progress"));
        auto stored = jsonObject(app.get("/api/v1/imports/" + kUploadId, key))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("TransactionImport"),
                             stored->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), stored->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(2, stored->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT(!stored->has("progress"));
    }

    void testChunkedUploadHasNoTotal() {
        AppHarness app(patientOptions());
        const std::string key = app.createKey("Family");
        const std::string json = R"({"raw_file_content":"date,amount\n01/02/2024,1\n"})";
        const std::string first = json.substr(0, 10);
        auto chunk = [](const std::string& data) {
            char size[16];
            std::snprintf(size, sizeof size, "%zx", data.size());
            return std::string(size) + "\r\n" + data + "\r\n";
        };
        Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", app.port()));
        const std::string head =
            "POST /api/v1/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: " + key +
            "\r\nX-Import-Id: " + kUploadId +
            "\r\nContent-Type: application/json\r\nTransfer-Encoding: "
            "chunked\r\nConnection: close\r\n\r\n" +
            chunk(first);
        socket.sendBytes(head.data(), static_cast<int>(head.size()));
        auto held = waitForImport(app, key, kUploadId, [&](const HttpResult& r) {
            return bytesDone(r) == static_cast<int64_t>(first.size());
        });
        auto progress = held->getObject("progress");
        CPPUNIT_ASSERT_EQUAL(std::string("receiving"), progress->getValue<std::string>("phase"));
        CPPUNIT_ASSERT(!progress->has("bytes_total")); // a chunked body has no length up front
        const std::string rest = chunk(json.substr(first.size())) + "0\r\n\r\n";
        socket.sendBytes(rest.data(), static_cast<int>(rest.size()));
        auto created = parseRawResponse(receiveAll(socket));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        CPPUNIT_ASSERT_EQUAL(kUploadId,
                             jsonObject(created)->getObject("data")->getValue<std::string>("id"));
    }

    void testParsingShowsRows() {
        AppHarness app(patientOptions());
        const std::string key = app.createKey("Family");
        auto account = seedAccount(app, "Family", "Checking");
        std::mutex m;
        std::condition_variable cv;
        bool inside = false, release = false;
        app.server().imports().afterRowHook = [&](int64_t rows) {
            if (rows != 2) return;
            std::unique_lock lock(m);
            inside = true;
            cv.notify_all();
            cv.wait(lock, [&] { return release; });
        };
        MultipartBuilder form;
        form.field("account_id", account.id)
            .field("date_format", "%Y-%m-%d")
            .field("type", "TransactionImport")
            .file("file", "bank.csv", "text/csv",
                  "date,name,amount\n2024-01-02,A,1\n2024-01-03,B,2\n2024-01-04,C,3\n");
        const std::string body = form.finish();
        auto upload = std::async(std::launch::async, [&] {
            return httpSend(app.port(), "POST", "/api/v1/imports",
                            {{"X-Api-Key", key}, {"X-Import-Id", kUploadId}}, body,
                            form.contentType());
        });
        {
            std::unique_lock lock(m);
            CPPUNIT_ASSERT(cv.wait_for(lock, std::chrono::seconds(60), [&] { return inside; }));
        }
        auto held = jsonObject(app.get("/api/v1/imports/" + kUploadId, key))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("uploading"), held->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("TransactionImport"), held->getValue<std::string>("type"));
        auto progress = held->getObject("progress");
        CPPUNIT_ASSERT_EQUAL(std::string("parsing"), progress->getValue<std::string>("phase"));
        CPPUNIT_ASSERT_EQUAL(2, progress->getValue<int>("rows_done"));
        CPPUNIT_ASSERT_EQUAL(static_cast<int64_t>(body.size()),
                             progress->getValue<int64_t>("bytes_done"));
        CPPUNIT_ASSERT_EQUAL(static_cast<int64_t>(body.size()),
                             progress->getValue<int64_t>("bytes_total"));
        // Nothing is committed yet: the list does not have it.
        CPPUNIT_ASSERT_EQUAL(std::size_t(0),
                             jsonObject(app.get("/api/v1/imports", key))->getArray("data")->size());
        {
            std::lock_guard lock(m);
            release = true;
        }
        cv.notify_all();
        auto created = upload.get();
        app.server().imports().afterRowHook = nullptr;
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto stored = jsonObject(app.get("/api/v1/imports/" + kUploadId, key))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), stored->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(3, stored->getObject("stats")->getValue<int>("rows_count"));
    }

    void testAbortedUploadLeavesNothing() {
        AppHarness app(patientOptions());
        const std::string key = app.createKey("Family");
        MultipartBuilder form;
        form.file("file", "bank.csv", "text/csv", "date,name,amount\n01/02/2024,A,1\n");
        const std::string body = form.finish();
        const std::size_t half = body.size() / 2;
        {
            Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", app.port()));
            const std::string head = requestHead(key, form.contentType(), body.size(), kUploadId);
            socket.sendBytes(head.data(), static_cast<int>(head.size()));
            socket.sendBytes(body.data(), static_cast<int>(half));
            waitForImport(app, key, kUploadId, [&](const HttpResult& r) {
                return bytesDone(r) == static_cast<int64_t>(half);
            });
            socket.close(); // the client goes away mid-body
        }
        waitForImport(app, key, kUploadId, [](const HttpResult& r) { return r.status == 404; });
        auto gone = app.get("/api/v1/imports/" + kUploadId, key);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"not_found","message":"Import not found"})"),
                             gone.body);
        CPPUNIT_ASSERT_EQUAL(std::size_t(0),
                             jsonObject(app.get("/api/v1/imports", key))->getArray("data")->size());
        // The id is free again.
        auto retried =
            httpSend(app.port(), "POST", "/api/v1/imports",
                     {{"X-Api-Key", key}, {"X-Import-Id", kUploadId}}, body, form.contentType());
        CPPUNIT_ASSERT_EQUAL_MESSAGE(retried.body, 201, retried.status);
        CPPUNIT_ASSERT_EQUAL(kUploadId,
                             jsonObject(retried)->getObject("data")->getValue<std::string>("id"));
    }

    void testRefusedUploadLeavesNothing() {
        AppHarness app;
        const std::string key = app.createKey("Family");
        MultipartBuilder form;
        form.file("file", "bank.pdf", "application/pdf", "%PDF-1.4\n");
        auto refused = httpSend(app.port(), "POST", "/api/v1/imports",
                                {{"X-Api-Key", key}, {"X-Import-Id", kUploadId}}, form.finish(),
                                form.contentType());
        CPPUNIT_ASSERT_EQUAL(422, refused.status);
        CPPUNIT_ASSERT_EQUAL(404, app.get("/api/v1/imports/" + kUploadId, key).status);
        // A body refused before authentication (413 by Content-Length) never opens the upload.
        auto tooLarge = parseRawResponse(
            rawSend(app.port(), requestHead(key, "text/csv", 27 * 1024 * 1024, kUploadId)));
        CPPUNIT_ASSERT_EQUAL(413, tooLarge.status);
        CPPUNIT_ASSERT_EQUAL(404, app.get("/api/v1/imports/" + kUploadId, key).status);
    }

    void testBadOrTakenImportId() {
        AppHarness app;
        const std::string key = app.createKey("Family");
        const std::string readKey = app.createKey("Family", "read");
        const std::string csv = R"({"raw_file_content":"date,amount\n01/02/2024,1\n"})";
        auto post = [&](const std::string& id, const std::string& withKey) {
            return httpSend(app.port(), "POST", "/api/v1/imports",
                            {{"X-Api-Key", withKey}, {"X-Import-Id", id}}, csv, "application/json");
        };
        auto bad = post("not-a-uuid", key);
        CPPUNIT_ASSERT_EQUAL(422, bad.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"validation_failed","message":"X-Import-Id )"
                                         R"(must be a UUID","errors":["X-Import-Id must be a )"
                                         R"(UUID"]})"),
                             bad.body);
        // A read key is refused as without the header, and opens nothing.
        CPPUNIT_ASSERT_EQUAL(403, post(kUploadId, readKey).status);
        CPPUNIT_ASSERT_EQUAL(404, app.get("/api/v1/imports/" + kUploadId, key).status);
        // Upper case is the same id.
        std::string upper = kUploadId;
        for (auto& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        auto first = post(upper, key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(first.body, 201, first.status);
        CPPUNIT_ASSERT_EQUAL(kUploadId,
                             jsonObject(first)->getObject("data")->getValue<std::string>("id"));
        auto again = post(kUploadId, key);
        CPPUNIT_ASSERT_EQUAL(409, again.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"conflict","message":"An import with this X-Import-Id already exists"})"),
            again.body);
        // Another family cannot take it either (the id names an import, whoever's it is).
        const std::string otherKey = app.createKey("Other");
        CPPUNIT_ASSERT_EQUAL(409, post(kUploadId, otherKey).status);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UploadProgressApiTest);
