// Streaming CSV reader over a pull source (RFC 4180 quoting, lenient like the reference app's
// liberal parsing). Safe for any byte input: no recursion, bounded lookahead, a cap on the
// number of fields per record.
//
//  - separator is a single byte (',' or ';' in finimport); records end at CRLF, LF or CR;
//  - a leading UTF-8 BOM is dropped;
//  - a field that starts with '"' is quoted: '""' is a literal quote, separators and line
//    breaks inside are data. A closing quote followed by anything but a separator or a line
//    end makes the field literal text from its opening quote on (liberal parsing: `"a"b` ->
//    `"a"b`); a quote inside an unquoted field is literal;
//  - a blank line is a record with one empty field; ragged records are returned as they are;
//  - hard errors (CsvError, reading stops): a quoted field still open at the end of the input,
//    a NUL byte (values cross the C ABI as NUL-terminated strings), a read error.
#ifndef FINIMPORT_CSV_HPP
#define FINIMPORT_CSV_HPP

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace finimport::sdk {

struct CsvRecord {
    std::vector<std::string> fields; // values as read (not trimmed)
    std::uint64_t line = 0;          // 1-based physical line where the record starts
};

struct CsvError {
    std::string reason;     // "unclosed quoted field", "NUL byte in header", ...
    std::uint64_t line = 0; // 1-based physical line
    // D14: "The CSV could not be parsed: <reason> (line N)"
    std::string message() const {
        return "The CSV could not be parsed: " + reason + " (line " + std::to_string(line) + ")";
    }
};

class CsvReader {
public:
    // Reads up to `capacity` bytes; returns the count, 0 at the end, -1 on error (as fi_io::read).
    using Source = std::function<std::int64_t(char* buffer, std::size_t capacity)>;

    static constexpr std::size_t kMaxFields = 65536;

    // `firstLine` is the physical line number of the first byte the source delivers (lines
    // dropped before the reader count).
    explicit CsvReader(Source source, char separator = ',', std::uint64_t firstLine = 1)
        : source_(std::move(source)), separator_(static_cast<unsigned char>(separator)),
          line_(firstLine) {}

    // Reads the next record into `record`. Returns false at the end of the input or after an
    // error (see error()).
    bool next(CsvRecord& record) {
        record.fields.clear();
        if (error_ || !started() || peek() < 0) return false;
        record.line = line_;
        std::string field;
        for (;;) {
            field.clear();
            if (!readField(field)) return false;
            if (record.fields.size() == kMaxFields)
                return fail("more than 65536 fields in a record", record.line);
            record.fields.push_back(std::move(field));
            const int c = get();
            if (c == separator_) continue;
            if (c == '\r' && peek() == '\n') get();
            if (c == '\r' || c == '\n') ++line_;
            ++records_;
            return true; // line end or end of input
        }
    }

    const std::optional<CsvError>& error() const noexcept { return error_; }

    // The physical line the next record would start on.
    std::uint64_t line() const noexcept { return line_; }

private:
    // Drops a UTF-8 BOM once, before the first byte is looked at.
    bool started() {
        if (!bomChecked_) {
            bomChecked_ = true;
            if (peek() == 0xEF && peekAt(1) == 0xBB && peekAt(2) == 0xBF) pos_ += 3;
        }
        return !error_;
    }

    // Reads one field, leaving the separator / line end / end unread.
    bool readField(std::string& out) {
        if (peek() != '"') return readUnquoted(out);
        const std::uint64_t openedOn = line_;
        std::string raw(1, static_cast<char>(get())); // source text, for the liberal fallback
        for (;;) {
            const int c = get();
            if (c < 0) return error_ ? false : fail("unclosed quoted field", openedOn);
            if (c == 0) return failNul();
            if (c == '"') {
                const int n = peek();
                if (n == '"') {
                    get();
                    out.push_back('"');
                    raw.append("\"\"");
                    continue;
                }
                if (n < 0 || n == separator_ || n == '\r' || n == '\n') return !error_;
                raw.push_back('"');
                out = std::move(raw); // stray quote: the field is literal text
                return readUnquoted(out);
            }
            if (c == '\n' || (c == '\r' && peek() != '\n')) ++line_;
            out.push_back(static_cast<char>(c));
            raw.push_back(static_cast<char>(c));
        }
    }

    bool readUnquoted(std::string& out) {
        for (;;) {
            const int c = peek();
            if (c < 0 || c == separator_ || c == '\r' || c == '\n') return !error_;
            if (c == 0) return failNul();
            out.push_back(static_cast<char>(get()));
        }
    }

    bool failNul() {
        return fail(records_ == 0 ? "NUL byte in header" : "NUL byte in record", line_);
    }

    bool fail(std::string reason, std::uint64_t line) {
        if (!error_) error_ = CsvError{std::move(reason), line};
        return false;
    }

    int peek() { return peekAt(0); }

    int get() {
        const int c = peek();
        if (c >= 0) ++pos_;
        return c;
    }

    // Byte at pos_ + offset (offset < 3), or -1 at the end of the input or after a read error.
    int peekAt(std::size_t offset) {
        while (pos_ + offset >= buffer_.size()) {
            if (eof_ || error_) return -1;
            buffer_.erase(0, pos_);
            pos_ = 0;
            char chunk[65536];
            const std::int64_t n = source_ ? source_(chunk, sizeof chunk) : 0;
            if (n < 0 || n > std::int64_t(sizeof chunk)) {
                fail("the input could not be read", line_);
                return -1;
            }
            if (n == 0) eof_ = true;
            buffer_.append(chunk, std::size_t(n));
        }
        return static_cast<unsigned char>(buffer_[pos_ + offset]);
    }

    Source source_;
    int separator_; // as an unsigned byte value, comparable with peek()
    std::uint64_t line_;
    std::uint64_t records_ = 0;
    std::string buffer_;
    std::size_t pos_ = 0;
    bool eof_ = false;
    bool bomChecked_ = false;
    std::optional<CsvError> error_;
};

} // namespace finimport::sdk

#endif // FINIMPORT_CSV_HPP
