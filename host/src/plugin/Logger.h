// Log sink of the plugin layer: one line per event, level first.
#pragma once

#include <functional>
#include <string>

namespace finimport::plugin {

enum class LogLevel { Debug, Info, Warning, Error };

using Logger = std::function<void(LogLevel, const std::string&)>;

// "debug", "info", "warning", "error".
const char* logLevelName(LogLevel level);

// Maps an fi_log_level sent by a plugin; unknown values become Info.
LogLevel logLevelFromAbi(int level);

// Writes "finimport plugin <level>: <message>" to stderr.
Logger stderrLogger();

} // namespace finimport::plugin
