#include "http/HttpServer.h"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>

#include <Poco/Net/NetException.h>

#include <algorithm>
#include <cerrno>

namespace finimport::http {

namespace {

class PipelineHandler : public Poco::Net::HTTPRequestHandler {
public:
    explicit PipelineHandler(RequestPipeline& pipeline) : _pipeline(pipeline) {}
    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        _pipeline.handle(request, response);
    }

private:
    RequestPipeline& _pipeline;
};

class PipelineHandlerFactory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit PipelineHandlerFactory(std::shared_ptr<RequestPipeline> pipeline)
        : _pipeline(std::move(pipeline)) {}
    Poco::Net::HTTPRequestHandler*
    createRequestHandler(const Poco::Net::HTTPServerRequest& request) override {
        // Poco answers `Expect: 100-continue` right after this call unless the response
        // status is no longer 200: a body we will refuse by its length is then never sent.
        if (request.getExpectContinue() && request.hasContentLength() &&
            request.getContentLength64() > static_cast<Poco::Int64>(_pipeline->maxBodyBytes())) {
            request.response().setStatus(Poco::Net::HTTPResponse::HTTP_REQUEST_ENTITY_TOO_LARGE);
        }
        return new PipelineHandler(*_pipeline);
    }

private:
    std::shared_ptr<RequestPipeline> _pipeline;
};

} // namespace

Poco::Net::ServerSocket bindListener(const std::string& host, uint16_t port) {
    // SO_REUSEADDR (a restart binds while old connections are in TIME_WAIT) but not
    // SO_REUSEPORT, which Poco's ServerSocket(address) also sets: with it a second server on
    // the same port started silently and the kernel split the connections between the two.
    Poco::Net::ServerSocket socket;
    try {
        socket.bind(Poco::Net::SocketAddress(host, port), true, false);
    } catch (const Poco::Net::NetException& e) {
        if (e.code() == EADDRINUSE)
            throw AddressInUse(host + ":" + std::to_string(port) + " is already in use");
        throw;
    }
    socket.listen(1024);
    return socket;
}

HttpServer::HttpServer(ServerConfig config, std::shared_ptr<RequestPipeline> pipeline)
    : _config(std::move(config)), _pipeline(std::move(pipeline)) {}

HttpServer::~HttpServer() {
    stop();
}

void HttpServer::start() {
    if (_waiter) return;
    const int maxThreads = std::max(_config.maxThreads, 1);
    const int minThreads = std::clamp(_config.minThreads, 1, maxThreads);
    const int healthThreads = std::max(_config.healthThreads, 1);
    _pool = std::make_unique<Poco::ThreadPool>(minThreads, maxThreads, 60);
    _healthPool = std::make_unique<Poco::ThreadPool>(1, healthThreads, 60);

    Poco::Net::ServerSocket socket = bindListener(_config.host, _config.port);
    _port = socket.address().port();

    auto makeParams = [&](int threads) {
        Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
        params->setMaxThreads(threads);
        params->setMaxQueued(_config.maxQueued);
        params->setKeepAlive(true);
        params->setKeepAliveTimeout(Poco::Timespan(_config.keepAliveSeconds, 0));
        params->setTimeout(Poco::Timespan(_config.socketTimeoutSeconds, 0));
        return params;
    };
    Poco::Net::HTTPServerParams::Ptr params = makeParams(maxThreads);
    Poco::Net::HTTPServerParams::Ptr healthParams = makeParams(healthThreads);

    _bodyWatch = std::make_unique<BodyRateWatch>(
        static_cast<uint64_t>(std::max<int64_t>(_config.bodyMinBytesPerSecond, 0)),
        std::chrono::seconds(_config.bodyGraceSeconds));
    _context = std::make_unique<ConnectionContext>();
    _context->params = params;
    _context->handlers = new PipelineHandlerFactory(_pipeline);
    _context->bodyWatch = _bodyWatch.get();
    _dispatcher = new Poco::Net::TCPServerDispatcher(
        new RequestConnectionFactory(*_context), *_pool, Poco::Net::TCPServerParams::Ptr(params));
    _healthDispatcher =
        new Poco::Net::TCPServerDispatcher(new RequestConnectionFactory(*_context), *_healthPool,
                                           Poco::Net::TCPServerParams::Ptr(healthParams));

    HeadWaiterConfig waiting;
    waiting.headerTimeout = std::chrono::seconds(_config.headerTimeoutSeconds);
    waiting.keepAliveTimeout = std::chrono::seconds(_config.keepAliveSeconds);
    waiting.maxConnections = static_cast<size_t>(std::max(_config.maxConnections, 1));
    _waiter = std::make_unique<HeadWaiter>(
        socket, waiting, [this](const Poco::Net::StreamSocket& s, bool isHealth) {
            (isHealth ? _healthDispatcher : _dispatcher)->enqueue(s);
        });
    _context->waiter = _waiter.get();
    _waiter->start();
}

void HttpServer::stop() {
    if (!_waiter) return;
    _context->stopping = true;
    _waiter->stop(); // no new connections or requests from here on
    _dispatcher->stop();
    _healthDispatcher->stop();
    _pool->joinAll();
    _healthPool->joinAll();
    _dispatcher->release();
    _healthDispatcher->release();
    _dispatcher = _healthDispatcher = nullptr;
    _waiter.reset();
    _bodyWatch.reset();
    _context.reset();
    _pool.reset();
    _healthPool.reset();
    _port = 0;
}

} // namespace finimport::http
