#include "http/RequestConnection.h"

#include "domain/NoCopy.h"

#include "http/CarriedSocket.h"
#include "http/ChunkedBody.h"
#include "http/Framing.h"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequestImpl.h>
#include <Poco/Net/HTTPServerResponseImpl.h>
#include <Poco/Net/HTTPServerSession.h>
#include <Poco/Net/NetException.h>
#include <Poco/Timestamp.h>

#include <memory>

namespace finimport::http {

namespace {

using namespace Poco::Net;

thread_local std::istream* tlsBody = nullptr;

// Exposes what the session has read beyond what was parsed (pipelined requests or the start
// of a body), and its buffered reads for the chunked decoder.
class Session : public HTTPServerSession {
public:
    using HTTPServerSession::HTTPServerSession;
    int pending() const { return buffered(); }
    int readSome(char* buffer, int length) { return read(buffer, length); }
    std::string takeBuffered() {
        std::string out(static_cast<size_t>(std::max(buffered(), 0)), '\0');
        if (!out.empty()) out.resize(static_cast<size_t>(read(out.data(), out.size())));
        return out;
    }
};

struct BodyScope : domain::NoCopy {
    explicit BodyScope(std::istream* body) { tlsBody = body; }
    ~BodyScope() { tlsBody = nullptr; }
};

void sendError(Session& session, HTTPResponse::HTTPStatus status) {
    HTTPServerResponseImpl response(session);
    response.setVersion(HTTPMessage::HTTP_1_1);
    response.setStatusAndReason(status);
    response.setKeepAlive(false);
    response.send();
    session.setKeepAlive(false);
}

// Answers a request whose framing is refused and closes: whatever the client sent after the
// head is read and dropped for a moment (never parsed), so the answer is not lost to a reset.
void refuseFraming(StreamSocket& socket, const FramingProblem& problem) {
    try {
        const std::string answer = framingResponse(problem);
        socket.sendBytes(answer.data(), static_cast<int>(answer.size()));
        socket.shutdownSend();
        socket.setReceiveTimeout(Poco::Timespan(0, 200 * 1000));
        const Poco::Timestamp start;
        char buffer[16 * 1024];
        size_t total = 0;
        while (total < (1u << 20) && !start.isElapsed(2'000'000)) {
            const int got = socket.receiveBytes(buffer, sizeof buffer);
            if (got <= 0) break;
            total += static_cast<size_t>(got);
        }
    } catch (...) {
        // The peer is gone or stopped sending.
    }
}

// What the rate watch follows: the declared length, or the whole of a chunked body.
uint64_t watchedLength(const HTTPServerRequestImpl& request) {
    if (request.getChunkedTransferEncoding()) return BodyRateWatch::kUnknownLength;
    if (request.hasContentLength() && request.getContentLength64() > 0)
        return static_cast<uint64_t>(request.getContentLength64());
    return 0;
}

NameValueList headerList(const HTTPServerRequestImpl& request) {
    NameValueList out;
    for (const auto& [name, value] : request)
        out.emplace_back(name, value);
    return out;
}

} // namespace

std::istream* connectionBodyStream() {
    return tlsBody;
}

void RequestConnection::run() {
    // One request per turn: afterwards the connection goes back to the waiter, with any bytes
    // of the next request already read, so no thread ever waits for a client's next head and
    // the next request picks its own pool (health or API).
    Session session(socket(), _context.params);
    if (_context.stopping || !session.hasMoreRequests()) return;
    try {
        HTTPServerResponseImpl response(session);
        std::unique_ptr<HTTPServerRequestImpl> request;
        try {
            request =
                std::make_unique<HTTPServerRequestImpl>(response, session, _context.params.get());
        } catch (const NoMessageException&) {
            return;
        } catch (const Poco::Exception&) {
            // A head Poco cannot parse, or a Content-Length it cannot read ("0x2", 23 digits).
            refuseFraming(socket(), {400, "The request head is malformed."});
            return;
        }
        if (auto problem = checkFraming(request->getVersion(), headerList(*request))) {
            refuseFraming(socket(), *problem);
            return;
        }
        response.setDate(Poco::Timestamp());
        response.setVersion(HTTPMessage::HTTP_1_1); // whatever the request line said
        response.setKeepAlive(_context.params->getKeepAlive() && request->getKeepAlive() &&
                              session.canKeepAlive());
        // Unwatched when the request ends, however it ends.
        WatchedBody watched(_context.bodyWatch, socket(), watchedLength(*request),
                            static_cast<uint64_t>(std::max(session.pending(), 0)));
        std::unique_ptr<ChunkedBodyStream> chunked;
        if (request->getChunkedTransferEncoding())
            chunked = std::make_unique<ChunkedBodyStream>(
                [&session](char* buffer, int length) { return session.readSome(buffer, length); });
        BodyScope body(chunked.get());
        try {
            std::unique_ptr<HTTPRequestHandler> handler(
                _context.handlers->createRequestHandler(*request));
            if (handler) {
                // The factory may refuse a body up front by changing the status (413).
                if (request->getExpectContinue() && response.getStatus() == HTTPResponse::HTTP_OK)
                    response.sendContinue();
                handler->handleRequest(*request, response);
                session.setKeepAlive(_context.params->getKeepAlive() && response.getKeepAlive() &&
                                     session.canKeepAlive());
            } else {
                sendError(session, HTTPResponse::HTTP_NOT_IMPLEMENTED);
            }
        } catch (Poco::Exception&) {
            if (!response.sent()) {
                try {
                    sendError(session, HTTPResponse::HTTP_INTERNAL_SERVER_ERROR);
                } catch (...) {
                }
            }
            throw;
        }
    } catch (NoMessageException&) {
        return;
    } catch (MessageException&) {
        sendError(session, HTTPResponse::HTTP_BAD_REQUEST);
    }
    if (!session.getKeepAlive() || _context.stopping || !_context.waiter) return;
    auto* carried = dynamic_cast<CarriedSocketImpl*>(socket().impl());
    std::string ahead = session.takeBuffered();
    if (!ahead.empty() && !carried) return; // cannot be handed on: close
    if (carried) {
        ahead += carried->takeCarried();
        carried->carry(ahead);
    }
    // Detached: the session would close the socket when it goes out of scope.
    _context.waiter->awaitNextRequest(session.detachSocket());
}

} // namespace finimport::http
