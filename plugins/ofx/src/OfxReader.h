// A tolerant, streaming OFX reader: pulls bytes in chunks, tokenizes tags and text, and
// repairs SGML nesting (OFX 1.x leaves have no end tags; stray end tags are ignored) before
// handing elements to a handler. The same code reads OFX 2.x XML, 2.x headers over SGML bodies
// and any line endings. Everything before the first <OFX> start tag is the header
// (docs/decisions.md D48: junk and blank lines before it are allowed). Every size is bounded
// (Limits); a breach is fatal.
#ifndef FINIMPORT_OFX_READER_H
#define FINIMPORT_OFX_READER_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::ofx {

struct Limits {
    std::size_t maxInputBytes = 32u << 20; // the host caps uploads at 10 MB
    std::size_t maxTagBytes = 1024;        // `<NAME ...>` including attributes
    std::size_t maxTextBytes = 65536;      // one element's text (or text between tags)
    std::size_t maxDepth = 64;             // open elements
    std::size_t maxStatements = 1000;      // per file
    std::size_t maxEntriesPerStatement = 100000;
    std::size_t maxFieldsPerRecord = 256; // distinct leaves kept per entry or statement
    std::size_t maxSecurities = 100000;
};

// A malformed file: `reason` and the 1-based line where it was found. The plugin reports
// "The OFX could not be parsed: <reason> (line N)" (docs/decisions.md D65).
class ParseError : public std::runtime_error {
public:
    ParseError(const std::string& reason, std::uint64_t line)
        : std::runtime_error(reason), line_(line) {}
    std::uint64_t line() const noexcept { return line_; }
    std::string message() const;

private:
    std::uint64_t line_;
};

// Receives the repaired element structure. Names are upper-cased.
class ElementHandler {
public:
    virtual ~ElementHandler() = default;
    virtual void open(const std::string& name, std::uint64_t line) = 0;
    // `text` is the element's own text (raw, entities not decoded); `leaf` is false for an
    // element that had child elements (its text is empty then).
    virtual void close(const std::string& name, std::string_view text, bool leaf) = 0;
    // The input ended; `openElements` are the elements still open, outermost first.
    virtual void finish(const std::vector<std::string>& openElements, std::uint64_t line) = 0;
};

using ReadFunction = std::function<std::int64_t(char*, std::size_t)>;

// Reads the whole input through `read` and drives `handler`. Throws ParseError.
void readOfx(const ReadFunction& read, ElementHandler& handler, const Limits& limits);

} // namespace finimport::ofx

#endif // FINIMPORT_OFX_READER_H
