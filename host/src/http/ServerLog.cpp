#include "http/ServerLog.h"

#include "domain/LogLine.h"
#include "store/Database.h"
#include "store/ErrorText.h"

#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>

#include <mutex>

namespace finimport::http {

namespace {

const char* levelName(Poco::Message::Priority p) {
    switch (p) {
    case Poco::Message::PRIO_FATAL:
    case Poco::Message::PRIO_CRITICAL:
        return "critical";
    case Poco::Message::PRIO_ERROR:
        return "error";
    case Poco::Message::PRIO_WARNING:
        return "warning";
    case Poco::Message::PRIO_NOTICE:
    case Poco::Message::PRIO_INFORMATION:
        return "info";
    default:
        return "debug";
    }
}

class JsonLinesChannel : public Poco::Channel {
public:
    void log(const Poco::Message& msg) override {
        domain::LogLine("log")
            .str("level", levelName(msg.getPriority()))
            .str("logger", msg.getSource())
            .str("message", domain::logMessage(msg.getText()))
            .emit();
    }
};

bool startsWith(const std::string& text, const char* prefix) {
    return text.rfind(prefix, 0) == 0;
}

} // namespace

void installServerLog() {
    static std::once_flag once;
    std::call_once(once, [] {
        Poco::AutoPtr<Poco::Channel> channel(new JsonLinesChannel);
        // The root first (a logger made later copies its nearest ancestor, the root when
        // nothing else), then every logger made before this call.
        Poco::Logger::root().setChannel(channel);
        Poco::Logger::root().setLevel(Poco::Message::PRIO_WARNING);
        Poco::Logger::setChannel("", channel);
        Poco::Logger::setLevel("", Poco::Message::PRIO_WARNING);
    });
}

std::string failingLayer(const std::exception& e) {
    const std::string cls = domain::exceptionClass(e);
    if (store::Database::isDatabaseError(e) || startsWith(cls, "finimport::store::"))
        return "store";
    if (startsWith(cls, "finimport::plugin::")) return "plugin";
    if (startsWith(cls, "Poco::Net::") || startsWith(cls, "Poco::IO") ||
        startsWith(cls, "Poco::Timeout"))
        return "http";
    return "handler";
}

RequestFailure describeFailure(const std::exception& e) {
    return {domain::exceptionClass(e), domain::logMessage(store::errorText(e)), failingLayer(e)};
}

void logServerError(const Request& request, int status) {
    const RequestFailure failure =
        request.failure
            ? *request.failure
            : RequestFailure{"", "the handler answered without an exception", "handler"};
    domain::LogLine("server_error")
        .str("level", "error")
        .str("request_id", request.requestId)
        .str("method", request.method)
        .str("route", request.route.empty() ? "unmatched" : request.route)
        .num("status", status)
        .str("exception", failure.exceptionClass)
        .str("message", failure.message)
        .str("layer", failure.layer)
        .emit();
}

} // namespace finimport::http
