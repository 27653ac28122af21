#pragma once
// The server's one log stream: JSON lines on stderr (domain/LogLine.h), journald-friendly.
// Poco's own loggers are routed into it, and every 5xx answer writes one `server_error` line
// naming the request, the exception and the failing layer (docs/decisions.md D76).

#include "http/Request.h"

#include <exception>
#include <string>

namespace finimport::http {

// Routes every Poco logger (existing and future) to the JSON-lines stream at warning level
// (the access lines are the `request` lines already). Idempotent.
void installServerLog();

// The layer an exception came from: "store" (database), "plugin", "http" (the connection),
// or "handler" (anything else).
std::string failingLayer(const std::exception& e);
RequestFailure describeFailure(const std::exception& e);

// The `server_error` line of a 5xx answer (request.failure, or a handler's own 5xx). Never the
// request's body, key or any row.
void logServerError(const Request& request, int status);

} // namespace finimport::http
