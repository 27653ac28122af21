// Streaming MT940/MT942 reader: splits the input into lines and statements (`:20:` … `-`),
// handing each complete statement's tagged fields to a sink.
#ifndef FINIMPORT_MT940_READER_H
#define FINIMPORT_MT940_READER_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace mt940 {

// Bounds on hostile input (the host caps files at 10 MB).
struct Limits {
    std::size_t maxLine = 8192;        // bytes in one line (SWIFT lines have 65)
    std::size_t maxFieldText = 65536;  // bytes of one field with its continuation lines
    std::size_t maxFields = 200000;    // tagged fields per statement
    std::size_t maxStatements = 10000; // per file
};

// One tagged field: `tag` without colons ("61", "60F"), its text with continuation lines
// joined by '\n', and the physical line of the tag.
struct Field {
    std::string tag;
    std::string text;
    std::uint64_t line = 0;
};

struct RawStatement {
    std::uint64_t line = 0;
    std::size_t ordinal = 0;
    std::vector<Field> fields;
};

using ReadFunction = std::function<std::int64_t(char* buffer, std::size_t capacity)>;
using StatementSink = std::function<bool(const RawStatement&)>; // false: stop

enum class ReadOutcome { Done, Stopped };

// Throws finimport::Fatal("The MT940 could not be parsed: <reason> (line N)") for a NUL byte,
// a bound exceeded, or a file without any `:20:` statement.
ReadOutcome readMt940(const ReadFunction& read, const Limits& limits, const StatementSink& sink);

} // namespace mt940

#endif // FINIMPORT_MT940_READER_H
