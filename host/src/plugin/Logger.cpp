#include "plugin/Logger.h"

#include <finimport/plugin.h>

#include <cstddef>
#include <iostream>

namespace finimport::plugin {

const char* logLevelName(LogLevel level) {
    // In the order of LogLevel.
    static constexpr const char* kNames[] = {"debug", "info", "warning", "error"};
    return kNames[static_cast<size_t>(level)];
}

LogLevel logLevelFromAbi(int level) {
    switch (level) {
    case FI_LOG_DEBUG:
        return LogLevel::Debug;
    case FI_LOG_WARNING:
        return LogLevel::Warning;
    case FI_LOG_ERROR:
        return LogLevel::Error;
    default:
        return LogLevel::Info;
    }
}

Logger stderrLogger() {
    return [](LogLevel level, const std::string& message) {
        // One write per line so lines from concurrent runs do not interleave mid-line.
        std::cerr << ("finimport plugin " + std::string(logLevelName(level)) + ": " + message +
                      "\n")
                  << std::flush;
    };
}

} // namespace finimport::plugin
