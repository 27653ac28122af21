#pragma once
// One structured log line: a JSON object on one line (one per request and per job).
// Strings are escaped, control characters included, so a value cannot forge another line.

#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

namespace finimport::domain {

class LogLine {
public:
    // `event`: "request", "job", ...; `ts` (UTC, ISO 8601 with ms) is added first.
    explicit LogLine(std::string_view event);
    LogLine& str(std::string_view key, std::string_view value);
    LogLine& num(std::string_view key, int64_t value);
    LogLine& dbl(std::string_view key, double value);
    LogLine& boolean(std::string_view key, bool value);
    // The finished line, without a newline.
    std::string text() const { return _out + "}"; }
    // Writes the line and a newline to stderr in one call (lines of threads never interleave).
    void emit() const;

private:
    void key(std::string_view k);
    std::string _out;
};

// `text` as a JSON string literal.
std::string jsonString(std::string_view text);

// An exception's message made fit for the log: its first line only (PostgreSQL's DETAIL line
// quotes the row), at most 300 bytes, and any run of 32 or more hex digits (an API key, a
// key's hash) replaced by "[redacted]".
std::string logMessage(std::string_view text);
// The exception's dynamic class, demangled ("Poco::Data::SQLite::DBLockedException").
std::string exceptionClass(const std::exception& e);

} // namespace finimport::domain
