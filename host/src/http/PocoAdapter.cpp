#include "http/PocoAdapter.h"

#include "http/LogText.h"
#include "http/Url.h"

#include <Poco/Net/HTTPServerRequestImpl.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/Timestamp.h>

#include <algorithm>

namespace finimport::http {

void fillRequestFromPoco(Poco::Net::HTTPServerRequest& from, Request& to) {
    to.method = from.getMethod();
    RequestTarget target = splitRequestTarget(from.getURI());
    to.rawPath = std::move(target.path);
    to.path = percentDecode(to.rawPath, false);
    to.query = QueryParams(parseUrlEncoded(target.query));
    for (const auto& [name, value] : from)
        to.headers.add(name, value);
}

BodyInfo bodyInfoFromPoco(const Poco::Net::HTTPServerRequest& request) {
    BodyInfo info;
    if (request.has("Content-Type")) info.contentType = request.get("Content-Type");
    info.chunked = request.getChunkedTransferEncoding();
    // Poco has already parsed Content-Length (it drops the connection when it cannot).
    if (!info.chunked && request.hasContentLength()) {
        info.contentLength = static_cast<uint64_t>(request.getContentLength64());
    }
    return info;
}

namespace {

// Reads and drops what the client keeps sending, briefly, after the answer went out.
void linger(Poco::Net::HTTPServerRequest& request, const PipelineConfig& config) {
    auto* impl = dynamic_cast<Poco::Net::HTTPServerRequestImpl*>(&request);
    if (impl == nullptr || config.lingerMillis <= 0) return;
    try {
        Poco::Net::StreamSocket& socket = impl->socket();
        socket.shutdownSend(); // the client sees EOF after the response
        const Poco::Timespan step(0, 100 * 1000);
        socket.setReceiveTimeout(step);
        const Poco::Timestamp start;
        const Poco::Timestamp::TimeDiff budget =
            Poco::Timestamp::TimeDiff(config.lingerMillis) * 1000;
        std::size_t total = 0;
        char buffer[64 * 1024];
        while (total < config.lingerMaxBytes && !start.isElapsed(budget)) {
            try {
                const int got = socket.receiveBytes(buffer, sizeof buffer);
                if (got <= 0) break;
                total += static_cast<std::size_t>(got);
            } catch (const Poco::TimeoutException&) {
                break; // the client stopped sending
            }
        }
    } catch (...) {
        // The peer is gone already; nothing left to protect.
    }
}

// Writes a whole body after the head. A body larger than Poco's 4 KB stream buffer goes out in
// one send() on the socket: through the stream it left in 4 KB sends (26 for a page of 100
// balances), and that kernel work was most of the CPU of a cached page (perf, bench/RESULTS.md).
void sendBody(Poco::Net::HTTPServerRequest& request, std::ostream& stream,
              const std::string& body) {
    auto* impl = dynamic_cast<Poco::Net::HTTPServerRequestImpl*>(&request);
    constexpr std::size_t kStreamBuffer = 4096;
    if (impl == nullptr || body.size() <= kStreamBuffer ||
        request.getMethod() == Poco::Net::HTTPRequest::HTTP_HEAD) {
        stream.write(body.data(), static_cast<std::streamsize>(body.size()));
        stream.flush();
        return;
    }
    stream.flush(); // the head, buffered in the stream
    try {
        Poco::Net::StreamSocket& socket = impl->socket();
        std::size_t sent = 0;
        while (sent < body.size()) {
            const int n = socket.sendBytes(
                body.data() + sent,
                static_cast<int>(std::min<std::size_t>(body.size() - sent, 1u << 30)));
            if (n <= 0) break;
            sent += static_cast<std::size_t>(n);
        }
    } catch (const Poco::Exception&) {
        // The peer is gone; as with the stream, the connection just ends.
    }
}

} // namespace

void sendResponse(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& out,
                  const Request& parsed, const Response& response, bool closeConnection,
                  const PipelineConfig& config, Poco::Logger& log) {
    // setStatusAndReason: setStatus alone keeps the old reason ("413 OK").
    out.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(response.status));
    out.set("X-Request-Id", parsed.requestId);
    for (const auto& [name, value] : response.headers)
        out.add(name, value);
    out.setContentType(response.contentType);
    if (closeConnection) out.setKeepAlive(false);
    if (log.information()) {
        log.information("request_id=%s method=%s path=%s status=%d", parsed.requestId,
                        logSafe(parsed.method), logSafe(parsed.path), response.status);
    }
    if (response.stream) {
        out.setChunkedTransferEncoding(true);
        std::ostream& body = out.send();
        try {
            response.stream(body);
        } catch (const std::exception& e) {
            // The status is already on the wire: cut the connection so the client sees a
            // broken transfer instead of a well-terminated, truncated body.
            log.error("request_id=%s streaming failed: %s", parsed.requestId, logSafe(e.what()));
            out.setKeepAlive(false);
            if (auto* impl = dynamic_cast<Poco::Net::HTTPServerRequestImpl*>(&request)) {
                try {
                    impl->socket().shutdown();
                } catch (...) {
                }
            }
        }
        return;
    }
    const std::string& body = response.sharedBody ? *response.sharedBody : response.body;
    out.setContentLength64(body.size());
    // Not sendBuffer(): it leaves the bytes in a buffer that is only flushed when Poco
    // destroys the response, too late for linger()'s shutdownSend().
    sendBody(request, out.send(), body);
    if (closeConnection) linger(request, config);
}

} // namespace finimport::http
