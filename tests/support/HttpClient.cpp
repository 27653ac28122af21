#include "HttpClient.h"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/String.h>

#include <sstream>

namespace finimport::test {

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

HttpResult httpSend(uint16_t port, const std::string& method, const std::string& uri,
                    const std::vector<std::pair<std::string, std::string>>& headers,
                    const std::string& body, const std::string& contentType) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
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

std::string rawSend(uint16_t port, const std::string& request, int timeoutSeconds) {
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", port));
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

} // namespace finimport::test
