#include "http/RequestConnection.h"

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

// Exposes how many bytes the session has read beyond what was parsed (pipelined requests or
// the start of a body).
class Session : public HTTPServerSession {
public:
    using HTTPServerSession::HTTPServerSession;
    int pending() const { return buffered(); }
};

void sendError(Session& session, HTTPResponse::HTTPStatus status) {
    HTTPServerResponseImpl response(session);
    response.setVersion(HTTPMessage::HTTP_1_1);
    response.setStatusAndReason(status);
    response.setKeepAlive(false);
    response.send();
    session.setKeepAlive(false);
}

// What the rate watch follows: the declared length, or the whole of a chunked body.
uint64_t watchedLength(const HTTPServerRequestImpl& request) {
    if (request.getChunkedTransferEncoding()) return BodyRateWatch::kUnknownLength;
    if (request.hasContentLength() && request.getContentLength64() > 0)
        return static_cast<uint64_t>(request.getContentLength64());
    return 0;
}

} // namespace

void RequestConnection::run() {
    Session session(socket(), _context.params);
    while (!_context.stopping && session.hasMoreRequests()) {
        try {
            HTTPServerResponseImpl response(session);
            HTTPServerRequestImpl request(response, session, _context.params.get());
            response.setDate(Poco::Timestamp());
            response.setVersion(request.getVersion());
            response.setKeepAlive(_context.params->getKeepAlive() && request.getKeepAlive() &&
                                  session.canKeepAlive());
            // Unwatched when the request ends, however it ends.
            WatchedBody watched(_context.bodyWatch, socket(), watchedLength(request),
                                static_cast<uint64_t>(std::max(session.pending(), 0)));
            try {
                std::unique_ptr<HTTPRequestHandler> handler(
                    _context.handlers->createRequestHandler(request));
                if (handler) {
                    // The factory may refuse a body up front by changing the status (413).
                    if (request.getExpectContinue() &&
                        response.getStatus() == HTTPResponse::HTTP_OK)
                        response.sendContinue();
                    handler->handleRequest(request, response);
                    session.setKeepAlive(_context.params->getKeepAlive() &&
                                         response.getKeepAlive() && session.canKeepAlive());
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
        if (!session.getKeepAlive() || _context.stopping) return;
        // Nothing more read ahead: the next request is the waiter's to wait for, not a thread's.
        if (session.pending() == 0) {
            // Detached: the session would close the socket when it goes out of scope.
            if (_context.waiter) _context.waiter->awaitNextRequest(session.detachSocket());
            return;
        }
    }
}

} // namespace finimport::http
