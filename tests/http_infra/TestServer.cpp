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

std::string HttpResult::header(const std::string& name) const {
    for (const auto& [key, value] : headers) {
        if (Poco::icompare(key, name) == 0) return value;
    }
    return "";
}

bool HttpResult::hasHeader(const std::string& name) const {
    for (const auto& [key, value] : headers) {
        if (Poco::icompare(key, name) == 0) return true;
    }
    return false;
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
    Poco::Net::HTTPClientSession session("127.0.0.1", port());
    session.setTimeout(Poco::Timespan(20, 0));
    Poco::Net::HTTPRequest request(method, uri, Poco::Net::HTTPMessage::HTTP_1_1);
    for (const auto& [name, value] : headers)
        request.add(name, value);
    if (!contentType.empty()) request.setContentType(contentType);
    if (!body.empty() || method == "POST") request.setContentLength64(body.size());
    session.sendRequest(request) << body;
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    HttpResult result;
    result.status = response.getStatus();
    result.reason = response.getReason();
    for (const auto& [name, value] : response)
        result.headers.emplace_back(name, value);
    Poco::StreamCopier::copyToString(in, result.body);
    return result;
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

std::string TestServer::raw(const std::string& request, int timeoutSeconds) const {
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", port()));
    socket.setReceiveTimeout(Poco::Timespan(timeoutSeconds, 0));
    socket.sendBytes(request.data(), static_cast<int>(request.size()));
    std::string out;
    char buffer[8192];
    try {
        for (;;) {
            const int got = socket.receiveBytes(buffer, sizeof buffer);
            if (got <= 0) break;
            out.append(buffer, static_cast<std::size_t>(got));
        }
    } catch (const Poco::TimeoutException&) {
    }
    return out;
}

HttpResult parseRawResponse(const std::string& raw) {
    HttpResult result;
    const std::size_t headerEnd = raw.find("\r\n\r\n");
    if (headerEnd == std::string::npos) return result;
    std::istringstream head(raw.substr(0, headerEnd));
    std::string line;
    std::getline(head, line);
    if (line.size() >= 12) {
        result.status = std::stoi(line.substr(9, 3));
        result.reason = Poco::trim(line.substr(13));
    }
    while (std::getline(head, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        result.headers.emplace_back(line.substr(0, colon), Poco::trim(line.substr(colon + 1)));
    }
    std::string rest = raw.substr(headerEnd + 4);
    if (Poco::icompare(result.header("Transfer-Encoding"), "chunked") == 0) {
        std::size_t pos = 0;
        for (;;) {
            const std::size_t eol = rest.find("\r\n", pos);
            if (eol == std::string::npos) break;
            const std::size_t size = std::stoul(rest.substr(pos, eol - pos), nullptr, 16);
            if (size == 0) break;
            result.body += rest.substr(eol + 2, size);
            pos = eol + 2 + size + 2;
        }
    } else if (result.hasHeader("Content-Length")) {
        result.body = rest.substr(0, std::stoul(result.header("Content-Length")));
    } else {
        result.body = rest;
    }
    return result;
}

MultipartBuilder& MultipartBuilder::field(const std::string& name, const std::string& value) {
    body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" +
            value + "\r\n";
    return *this;
}

MultipartBuilder& MultipartBuilder::file(const std::string& name, const std::string& filename,
                                         const std::string& contentType, const std::string& data) {
    body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name +
            "\"; filename=\"" + filename + "\"\r\n";
    if (!contentType.empty()) body += "Content-Type: " + contentType + "\r\n";
    body += "\r\n" + data + "\r\n";
    return *this;
}

std::string MultipartBuilder::finish() {
    return body + "--" + boundary + "--\r\n";
}

} // namespace finimport::http::test
