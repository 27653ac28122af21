#pragma once
// The HTTP server: a HeadWaiter accepts connections and holds them without a thread until their
// request head is complete; Poco worker threads (own pool, docs/build-notes.md §2) then handle the
// request, and keep-alive connections go back to the waiter between requests. Health checks
// have their own small pool. Slow clients thus never starve the others.

#include "domain/NoCopy.h"
#include "http/BodyRateWatch.h"
#include "http/HeadWaiter.h"
#include "http/Pipeline.h"
#include "http/RequestConnection.h"

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/TCPServerDispatcher.h>
#include <Poco/ThreadPool.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace finimport::http {

struct ServerConfig {
    std::string host = "127.0.0.1";
    uint16_t port = 0;             // 0: an ephemeral port, see HttpServer::port()
    int minThreads = 4;            // threads kept warm in the pool
    int maxThreads = 64;           // requests handled at once
    int maxQueued = 1024;          // requests with a complete head waiting for a thread
    int keepAliveSeconds = 5;      // an idle keep-alive connection is closed after this
    int socketTimeoutSeconds = 30; // per read/write once a request is being handled
    int headerTimeoutSeconds = 10; // from connect (or a request's first byte) to its full head
    int64_t bodyMinBytesPerSecond = 4096; // after the grace below; 0: no minimum
    int bodyGraceSeconds = 10;
    int maxConnections = 4096; // connections waiting for a head; more are refused
    int healthThreads = 2;     // the pool that serves /health
};

// The address is bound by another socket (errno EADDRINUSE).
struct AddressInUse : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A listening socket on host:port without SO_REUSEPORT; throws AddressInUse
// ("127.0.0.1:3000 is already in use") or Poco::Net exceptions.
Poco::Net::ServerSocket bindListener(const std::string& host, uint16_t port);

class HttpServer : domain::NoCopy {
public:
    HttpServer(ServerConfig config, std::shared_ptr<RequestPipeline> pipeline);
    ~HttpServer();

    // Binds and starts accepting. Throws Poco::Net exceptions when the address is unusable.
    void start();
    // Stops accepting, closes waiting connections, lets in-flight requests finish and joins the
    // workers. Safe to call twice.
    void stop();
    // The bound port (the real one when configured with 0); 0 before start().
    uint16_t port() const { return _port; }

private:
    ServerConfig _config;
    std::shared_ptr<RequestPipeline> _pipeline;
    std::unique_ptr<ConnectionContext> _context;
    std::unique_ptr<BodyRateWatch> _bodyWatch;
    std::unique_ptr<Poco::ThreadPool> _pool;
    std::unique_ptr<Poco::ThreadPool> _healthPool;
    Poco::Net::TCPServerDispatcher* _dispatcher = nullptr; // ref-counted by Poco
    Poco::Net::TCPServerDispatcher* _healthDispatcher = nullptr;
    std::unique_ptr<HeadWaiter> _waiter;
    uint16_t _port = 0;
};

} // namespace finimport::http
