#pragma once
// A row's error as a plugin (or a host check) reported it, with where it was found (kept for the
// rows endpoint's error_details).

#include <cstdint>
#include <optional>
#include <string>

namespace finimport::app::rows {

struct RowMessage {
    std::string code;
    std::optional<std::string> field;
    std::string message;
    std::optional<std::string> raw = std::nullopt;     // the source text, as the plugin sent it
    int64_t line = 0;                                  // 1-based line in the file; 0 = unknown
    std::optional<std::string> section = std::nullopt; // e.g. a QIF account section
};

} // namespace finimport::app::rows
