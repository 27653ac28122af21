// Handles the requests of one connection whose head has arrived (see HeadWaiter), then hands a
// keep-alive connection back to the waiter instead of blocking a thread on its next request.
// Mirrors Poco's HTTPServerConnection for one request at a time.
#pragma once

#include "http/BodyRateWatch.h"
#include "http/HeadWaiter.h"

#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/TCPServerConnection.h>
#include <Poco/Net/TCPServerConnectionFactory.h>

#include <atomic>
#include <istream>

namespace finimport::http {

// What the connections of one server share.
struct ConnectionContext {
    Poco::Net::HTTPServerParams::Ptr params;
    Poco::Net::HTTPRequestHandlerFactory::Ptr handlers;
    HeadWaiter* waiter = nullptr;
    BodyRateWatch* bodyWatch = nullptr;
    std::atomic<bool> stopping{false};
};

// The body stream of the request this thread is handling when the connection decodes the body
// itself (chunked bodies, http/ChunkedBody.h); nullptr: the request's own stream.
std::istream* connectionBodyStream();

class RequestConnection : public Poco::Net::TCPServerConnection {
public:
    RequestConnection(const Poco::Net::StreamSocket& socket, ConnectionContext& context)
        : TCPServerConnection(socket), _context(context) {}
    void run() override;

private:
    ConnectionContext& _context;
};

class RequestConnectionFactory : public Poco::Net::TCPServerConnectionFactory {
public:
    explicit RequestConnectionFactory(ConnectionContext& context) : _context(context) {}
    Poco::Net::TCPServerConnection*
    createConnection(const Poco::Net::StreamSocket& socket) override {
        return new RequestConnection(socket, _context);
    }

private:
    ConnectionContext& _context;
};

} // namespace finimport::http
