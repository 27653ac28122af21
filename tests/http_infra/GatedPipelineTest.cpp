// The pipeline's execution gate (http/ExecutionGate.h, docs/decisions.md D69) on real routes:
// with one permit, a keyed GET that is still running makes the next keyed GET wait, while a
// bodiless write and /health go through at once.
#include "http/Errors.h"
#include "http/Pipeline.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <future>
#include <sstream>
#include <thread>

using namespace finimport::http;

namespace {

class AnyKey : public Authenticator {
public:
    AuthOutcome authenticate(const std::string&) override {
        return {AuthOutcome::Status::Ok, Principal{"k", "u", "f", "read_write"}};
    }
};

Response call(RequestPipeline& pipeline, const std::string& method, const std::string& path,
              bool key = true) {
    Request request;
    request.method = method;
    request.path = request.rawPath = path;
    if (key) request.headers.add("X-Api-Key", "any");
    std::istringstream empty;
    bool unread = false;
    return pipeline.process(request, BodyInfo{}, empty, unread);
}

} // namespace

class GatedPipelineTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(GatedPipelineTest);
    CPPUNIT_TEST(testReadsWaitWritesAndHealthDoNot);
    CPPUNIT_TEST_SUITE_END();

public:
    void testReadsWaitWritesAndHealthDoNot() {
        std::promise<void> release;
        std::shared_future<void> released = release.get_future().share();
        std::atomic<bool> slowEntered{false};
        Router router;
        router.get("/health", AuthRequirement::None,
                   [](Request&) { return jsonResponse(200, R"({"status":"ok"})"); });
        router.get("/api/v1/slow", AuthRequirement::Read, [&](Request&) {
            slowEntered = true;
            released.wait();
            return jsonResponse(200, R"({"slow":true})");
        });
        router.get("/api/v1/fast", AuthRequirement::Read,
                   [](Request&) { return jsonResponse(200, R"({"fast":true})"); });
        router.post("/api/v1/things/{id}/publish", AuthRequirement::Write, BodyMode::None,
                    [](Request&) { return jsonResponse(200, R"({"published":true})"); });
        PipelineConfig config;
        config.requestConcurrency = 1;
        RequestPipeline pipeline(std::move(router), std::make_shared<AnyKey>(), nullptr, config);

        auto slow =
            std::async(std::launch::async, [&] { return call(pipeline, "GET", "/api/v1/slow"); });
        while (!slowEntered)
            std::this_thread::yield();
        // The permit is held: the next read waits for it ...
        auto fast =
            std::async(std::launch::async, [&] { return call(pipeline, "GET", "/api/v1/fast"); });
        CPPUNIT_ASSERT(fast.wait_for(std::chrono::milliseconds(200)) ==
                       std::future_status::timeout);
        // ... a bodiless write and /health do not.
        CPPUNIT_ASSERT_EQUAL(200, call(pipeline, "POST", "/api/v1/things/7/publish").status);
        CPPUNIT_ASSERT_EQUAL(200, call(pipeline, "GET", "/health", false).status);
        release.set_value();
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"slow":true})"), slow.get().body);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"fast":true})"), fast.get().body);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GatedPipelineTest);
