#include "http/HttpServer.h"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>

#include <algorithm>

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

HttpServer::HttpServer(ServerConfig config, std::shared_ptr<RequestPipeline> pipeline)
    : _config(std::move(config)), _pipeline(std::move(pipeline)) {}

HttpServer::~HttpServer() {
    stop();
}

void HttpServer::start() {
    if (_server) return;
    const int maxThreads = std::max(_config.maxThreads, 1);
    const int minThreads = std::clamp(_config.minThreads, 1, maxThreads);
    _pool = std::make_unique<Poco::ThreadPool>(minThreads, maxThreads, 60);

    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress(_config.host, _config.port), 128);
    _port = socket.address().port();

    auto* params = new Poco::Net::HTTPServerParams; // ref-counted, owned by the server
    params->setMaxThreads(maxThreads);
    params->setMaxQueued(_config.maxQueued);
    params->setKeepAlive(true);
    params->setKeepAliveTimeout(Poco::Timespan(_config.keepAliveSeconds, 0));
    params->setTimeout(Poco::Timespan(_config.socketTimeoutSeconds, 0));

    _server = std::make_unique<Poco::Net::HTTPServer>(new PipelineHandlerFactory(_pipeline), *_pool,
                                                      socket, params);
    _server->start();
}

void HttpServer::stop() {
    if (!_server) return;
    _server->stopAll(false);
    _pool->joinAll();
    _server.reset();
    _pool.reset();
    _port = 0;
}

} // namespace finimport::http
