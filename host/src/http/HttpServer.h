#pragma once
// The Poco HTTP server with its own thread pool (STACK_NOTES §2: the default pool of 16
// threads starves keep-alive clients beyond 16).

#include "http/Pipeline.h"

#include <Poco/Net/HTTPServer.h>
#include <Poco/ThreadPool.h>

#include <cstdint>
#include <memory>
#include <string>

namespace finimport::http {

struct ServerConfig {
    std::string host = "127.0.0.1";
    uint16_t port = 0;    // 0: an ephemeral port, see HttpServer::port()
    int minThreads = 4;   // threads kept warm in the pool
    int maxThreads = 64;  // >= concurrent keep-alive clients (one thread per connection)
    int maxQueued = 1024; // accepted connections waiting for a thread
    int keepAliveSeconds = 5;
    int socketTimeoutSeconds = 30; // a client that stalls mid-request is dropped
};

class HttpServer {
public:
    HttpServer(ServerConfig config, std::shared_ptr<RequestPipeline> pipeline);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds and starts accepting. Throws Poco::Net exceptions when the address is unusable.
    void start();
    // Stops accepting, lets in-flight requests finish (idle keep-alive connections end within
    // the keep-alive timeout) and joins the workers. Safe to call twice.
    void stop();
    // The bound port (the real one when configured with 0); 0 before start().
    uint16_t port() const { return _port; }

private:
    ServerConfig _config;
    std::shared_ptr<RequestPipeline> _pipeline;
    std::unique_ptr<Poco::ThreadPool> _pool;
    std::unique_ptr<Poco::Net::HTTPServer> _server;
    uint16_t _port = 0;
};

} // namespace finimport::http
