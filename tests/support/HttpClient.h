#pragma once
// A small HTTP/1.1 client for the test suites: Poco HTTPClientSession requests, raw socket
// exchanges, a raw-response parser and a multipart body builder.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace finimport::test {

struct HttpResult {
    int status = 0;
    std::string reason;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string header(const std::string& name) const; // "" when absent
    bool hasHeader(const std::string& name) const;
};

// One request on a fresh connection to 127.0.0.1:`port`. `headers` are sent as given.
HttpResult httpSend(uint16_t port, const std::string& method, const std::string& uri,
                    const std::vector<std::pair<std::string, std::string>>& headers = {},
                    const std::string& body = "", const std::string& contentType = "");
// Writes `request` on a raw socket and returns everything read until EOF/timeout.
std::string rawSend(uint16_t port, const std::string& request, int timeoutSeconds = 10);

// Parses a raw HTTP/1.1 response (Content-Length or chunked body).
HttpResult parseRawResponse(const std::string& raw);

// A multipart body builder.
struct MultipartBuilder {
    std::string boundary = "XyZBoundary123";
    std::string body;
    MultipartBuilder& field(const std::string& name, const std::string& value);
    MultipartBuilder& file(const std::string& name, const std::string& filename,
                           const std::string& contentType, const std::string& data);
    std::string finish();
    std::string contentType() const { return "multipart/form-data; boundary=" + boundary; }
};

} // namespace finimport::test
