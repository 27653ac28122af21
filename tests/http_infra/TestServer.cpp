#include "TestServer.h"

#include "http/Errors.h"
#include "http/JsonWriter.h"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/String.h>

#include <sstream>
#include <stdexcept>

namespace finimport::http::test {

AuthOutcome FakeAuthenticator::authenticate(const std::string& apiKey) {
    ++calls;
    auto ok = [](std::string keyId, std::string scope) {
        return AuthOutcome{AuthOutcome::Status::Ok, Principal{keyId, "user-1", "family-1", scope}};
    };
    if (apiKey == "key-rw") return ok("k-rw", "read_write");
    if (apiKey == "key-rw2") return ok("k-rw2", "read_write");
    if (apiKey == "key-r") return ok("k-r", "read");
    if (apiKey == "key-w") return ok("k-w", "write");
    if (apiKey == "key-deact") return AuthOutcome{AuthOutcome::Status::Deactivated, {}};
    if (apiKey == "key-throw") throw std::runtime_error("db password=hunter2 unreachable");
    return AuthOutcome{AuthOutcome::Status::Invalid, {}};
}

namespace {

const char* kindName(BodyKind kind) {
    switch (kind) {
    case BodyKind::None:
        return "none";
    case BodyKind::Json:
        return "json";
    case BodyKind::Multipart:
        return "multipart";
    case BodyKind::Form:
        return "form";
    }
    return "?";
}

Response echoBody(Request& request) {
    JsonWriter json;
    json.beginObject().key("kind").string(kindName(request.bodyKind));
    json.key("params").value(request.params.root());
    json.key("file");
    if (request.file) {
        json.beginObject()
            .key("field")
            .string(request.file->fieldName)
            .key("filename")
            .string(request.file->filename)
            .key("content_type")
            .string(request.file->contentType)
            .key("size")
            .integer(static_cast<int64_t>(request.file->data.size()))
            .key("data")
            .string(request.file->data.size() <= 1024 ? request.file->data : "")
            .endObject();
    } else {
        json.null();
    }
    json.key("file_field_was_text").boolean(request.fileFieldWasText);
    json.key("key_id").string(request.principal.keyId).endObject();
    return jsonResponse(201, json.take());
}

Response echoQuery(Request& request) {
    JsonWriter json;
    json.beginObject().key("path").string(request.path).key("query").beginArray();
    for (const auto& [name, value] : request.query.pairs()) {
        json.beginArray().string(name).string(value).endArray();
    }
    json.endArray().key("key_id").string(request.principal.keyId).endObject();
    return jsonResponse(200, json.take());
}

Router makeRouter() {
    Router router;
    router.get("/health", AuthRequirement::None,
               [](Request&) { return jsonResponse(200, R"({"status":"ok"})"); });
    router.get("/api/v1/things", AuthRequirement::Read, echoQuery);
    router.post("/api/v1/things", AuthRequirement::Write, BodyMode::Params, echoBody);
    router.post("/api/v1/things/preflight", AuthRequirement::Read, BodyMode::Params, echoBody);
    router.get("/api/v1/things/{id}", AuthRequirement::Read, [](Request& request) {
        return jsonResponse(200, "{\"id\":" + JsonWriter::quote(request.pathParam("id")) + "}");
    });
    router.post("/api/v1/things/{id}/publish", AuthRequirement::Write, BodyMode::None,
                [](Request& request) {
                    return jsonResponse(
                        200, "{\"published\":" + JsonWriter::quote(request.pathParam("id")) + "}");
                });
    router.get("/api/v1/things/{id}/rows", AuthRequirement::Read, [](Request& request) {
        return jsonResponse(200,
                            "{\"rows_of\":" + JsonWriter::quote(request.pathParam("id")) + "}");
    });
    router.get("/api/v1/boom", AuthRequirement::Read, [](Request&) -> Response {
        throw std::runtime_error("SELECT secret FROM internals");
    });
    router
        .get("/api/v1/boom-quiet", AuthRequirement::Read,
             [](Request&) -> Response { throw std::runtime_error("boom"); })
        .internalErrorMessage = "An unexpected error occurred";
    router.get("/api/v1/export", AuthRequirement::Read, [](Request&) {
        Response response;
        response.contentType = "application/x-ndjson";
        response.stream = [](std::ostream& out) {
            for (int i = 1; i <= 3; ++i)
                out << "{\"n\":" << i << "}\n";
        };
        return response;
    });
    router.get("/api/v1/export-broken", AuthRequirement::Read, [](Request&) {
        Response response;
        response.contentType = "application/x-ndjson";
        response.stream = [](std::ostream& out) {
            out << "{\"n\":1}\n" << std::flush;
            throw std::runtime_error("database went away");
        };
        return response;
    });
    return router;
}

} // namespace

TestServer::TestServer(TestServerOptions options) : _auth(std::make_shared<FakeAuthenticator>()) {
    auto limiter = std::make_shared<RateLimiter>(options.mode, nullptr, options.clock);
    auto pipeline = std::make_shared<RequestPipeline>(makeRouter(), _auth, limiter);
    ServerConfig config;
    config.port = 0;
    config.socketTimeoutSeconds = 5;
    _server = std::make_unique<HttpServer>(config, pipeline);
    _server->start();
}

TestServer::~TestServer() {
    _server->stop();
}

HttpResult TestServer::send(const std::string& method, const std::string& uri,
                            const std::vector<std::pair<std::string, std::string>>& headers,
                            const std::string& body, const std::string& contentType) const {
    return finimport::test::httpSend(port(), method, uri, headers, body, contentType);
}

std::string TestServer::raw(const std::string& request, int timeoutSeconds) const {
    return finimport::test::rawSend(port(), request, timeoutSeconds);
}

HttpResult TestServer::get(const std::string& uri, const std::string& apiKey) const {
    if (apiKey.empty()) return send("GET", uri);
    return send("GET", uri, {{"X-Api-Key", apiKey}});
}

HttpResult TestServer::postJson(const std::string& uri, const std::string& body,
                                const std::string& apiKey) const {
    std::vector<std::pair<std::string, std::string>> headers;
    if (!apiKey.empty()) headers.emplace_back("X-Api-Key", apiKey);
    return send("POST", uri, headers, body, "application/json");
}

} // namespace finimport::http::test
