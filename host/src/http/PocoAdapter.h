#pragma once
// Translation between Poco's server request/response and the pipeline's value types.

#include "http/BodyParser.h"
#include "http/Pipeline.h"
#include "http/Request.h"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

namespace finimport::http {

// Method, paths, query and headers (not the body, and not requestId).
void fillRequestFromPoco(Poco::Net::HTTPServerRequest& from, Request& to);

BodyInfo bodyInfoFromPoco(const Poco::Net::HTTPServerRequest& request);

// Writes status (with its proper reason phrase), X-Request-Id, headers and body (or stream).
// When `closeConnection`, answers with Connection: close and lingers briefly (see
// PipelineConfig) so the client can read the answer before the socket goes away.
void sendResponse(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& out,
                  const Request& parsed, const Response& response, bool closeConnection,
                  const PipelineConfig& config, Poco::Logger& log);

} // namespace finimport::http
