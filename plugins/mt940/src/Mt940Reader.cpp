// Lines end at LF, CRLF or a lone CR. Outside a statement everything is ignored (SWIFT block
// headers, `940`, bank codes); inside, a line `:NN[a]:` starts a field, a blank line is
// skipped, `-` (or `-}`) ends the statement, and any other line continues the current field.
#include "Mt940Reader.h"

#include "finimport/plugin.hpp"

#include <string_view>

namespace mt940 {
namespace {

[[noreturn]] void fail(const std::string& reason, std::uint64_t line) {
    throw finimport::Fatal("The MT940 could not be parsed: " + reason + " (line " +
                           std::to_string(line) + ")");
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// `:20:`, `:60F:`, `:28C:` → the tag's length (2 or 3), 0 when the line is no tag line.
std::size_t tagLength(std::string_view line) {
    if (line.size() < 4 || line[0] != ':' || !isDigit(line[1]) || !isDigit(line[2])) return 0;
    if (line[3] == ':') return 2;
    if (line.size() >= 5 && line[3] >= 'A' && line[3] <= 'Z' && line[4] == ':') return 3;
    return 0;
}

bool isBlank(std::string_view line) {
    for (char c : line)
        if (c != ' ' && c != '\t') return false;
    return true;
}

class Assembler {
public:
    Assembler(const Limits& limits, const StatementSink& sink) : limits_(limits), sink_(sink) {}

    // false when the sink asked to stop.
    bool line(std::string_view text, std::uint64_t number) {
        const std::size_t length = tagLength(text);
        const bool tagged = length > 0;
        const std::string_view tag = tagged ? text.substr(1, length) : std::string_view();
        const std::size_t start = length + 2;
        if (!inside_) {
            if (tagged && tag == "20")
                open(number);
            else
                return true;
        } else if (tagged && tag == "20") {
            if (!close()) return false;
            open(number);
        } else if (!tagged) {
            if (text == "-" || text.starts_with("-}")) return close();
            if (isBlank(text) || current_.fields.empty()) return true;
            Field& f = current_.fields.back();
            if (f.text.size() + 1 + text.size() > limits_.maxFieldText)
                fail("a field is longer than " + std::to_string(limits_.maxFieldText) + " bytes",
                     number);
            f.text.append("\n").append(text);
            return true;
        }
        if (current_.fields.size() >= limits_.maxFields)
            fail("a statement holds more than " + std::to_string(limits_.maxFields) + " fields",
                 number);
        current_.fields.push_back(Field{std::string(tag), std::string(text.substr(start)), number});
        return true;
    }

    bool finish() { return !inside_ || close(); }
    std::size_t statements() const { return statements_; }

private:
    void open(std::uint64_t number) {
        if (++statements_ > limits_.maxStatements)
            fail("the file holds more than " + std::to_string(limits_.maxStatements) +
                     " statements",
                 number);
        current_ = RawStatement{};
        current_.line = number;
        current_.ordinal = statements_;
        inside_ = true;
    }

    bool close() {
        inside_ = false;
        const bool go = sink_(current_);
        current_ = RawStatement{};
        return go;
    }

    const Limits& limits_;
    const StatementSink& sink_;
    RawStatement current_;
    bool inside_ = false;
    std::size_t statements_ = 0;
};

} // namespace

ReadOutcome readMt940(const ReadFunction& read, const Limits& limits, const StatementSink& sink) {
    Assembler assembler(limits, sink);
    std::string line;
    std::uint64_t number = 1;
    bool pendingCr = false; // the last byte was a CR: a following LF belongs to it
    std::vector<char> buffer(65536);
    for (;;) {
        const std::int64_t n = read(buffer.data(), buffer.size());
        if (n < 0)
            throw finimport::Fatal("The MT940 could not be parsed: the input could not be read");
        if (n == 0) break;
        for (std::size_t i = 0; i < std::size_t(n); ++i) {
            const char c = buffer[i];
            if (pendingCr) {
                pendingCr = false;
                if (c == '\n') continue;
            }
            if (c == '\r' || c == '\n') {
                if (!assembler.line(line, number)) return ReadOutcome::Stopped;
                line.clear();
                ++number;
                pendingCr = c == '\r';
                continue;
            }
            if (c == '\0') fail("the file contains a NUL byte", number);
            if (line.size() >= limits.maxLine)
                fail("a line is longer than " + std::to_string(limits.maxLine) + " bytes", number);
            line.push_back(c);
        }
    }
    if (!line.empty() && !assembler.line(line, number)) return ReadOutcome::Stopped;
    if (!assembler.finish()) return ReadOutcome::Stopped;
    if (assembler.statements() == 0) fail("no :20: statement was found", number);
    return ReadOutcome::Done;
}

} // namespace mt940
