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

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace finimport::sdk {

struct CsvRecord {
    std::vector<std::string> fields; // values as read (not trimmed)
    std::uint64_t line = 0;          // 1-based physical line where the record starts
};

// A record as views: valid until the reader's next call of next() or nextViews().
struct CsvRecordView {
    std::vector<std::string_view> fields; // values as read (not trimmed)
    std::uint64_t line = 0;               // 1-based physical line where the record starts
};

struct CsvError {
    std::string reason;     // "unclosed quoted field", "NUL byte in header", ...
    std::uint64_t line = 0; // 1-based physical line
    // The fatal error a malformed file ends the run with (the host shows it as is).
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
          line_(firstLine), buffer_(new char[kChunk + kLookahead]) {
        for (int c : {separator_, int('\r'), int('\n'), 0})
            stopsUnquoted_[c] = true;
    }

    // Reads the next record into `record`. Returns false at the end of the input or after an
    // error (see error()). The strings already in `record.fields` are reused (their capacity
    // kept), so reading into the same record costs no allocation once it has grown.
    bool next(CsvRecord& record) {
        std::vector<std::string>& fields = record.fields;
        if (error_ || !started() || peek() < 0) {
            fields.clear();
            return false;
        }
        record.line = line_;
        if (plainLineViews(lineViews_)) { // the common record: its views copied into the strings
            fields.resize(lineViews_.size());
            for (std::size_t i = 0; i < lineViews_.size(); ++i)
                fields[i].assign(lineViews_[i]);
            lineViews_.clear();
            return true;
        }
        lineViews_.clear();
        std::size_t count = 0;
        for (;;) {
            if (count == kMaxFields) {
                fields.resize(count);
                return fail("more than 65536 fields in a record", record.line);
            }
            if (count == fields.size()) fields.emplace_back();
            std::string& field = fields[count];
            field.clear();
            if (!readField(field)) {
                fields.resize(count);
                return false;
            }
            ++count;
            const int c = get();
            if (c == separator_) continue;
            if (c == '\r' && peek() == '\n') get();
            if (c == '\r' || c == '\n') ++line_;
            ++records_;
            fields.resize(count);
            return true; // line end or end of input
        }
    }

    // next() without copying the common record: the fields of a line that is whole in the buffer
    // and has no quote, CR (but a CRLF end) or NUL point into the reader's buffer; any other
    // record is read by next() into strings the reader keeps. Same records, same errors.
    bool nextViews(CsvRecordView& record) {
        std::vector<std::string_view>& views = record.fields;
        views.clear();
        if (error_ || !started() || peek() < 0) return false;
        record.line = line_;
        if (plainLineViews(views)) return true;
        views.clear();
        if (!next(copied_)) return false;
        views.assign(copied_.fields.begin(), copied_.fields.end());
        return true;
    }

    const std::optional<CsvError>& error() const noexcept { return error_; }

    // The physical line the next record would start on.
    std::uint64_t line() const noexcept { return line_; }

private:
    static constexpr std::size_t kChunk = 65536; // bytes asked of the source at a time
    static constexpr std::size_t kLookahead = 3; // the most bytes peeked past pos_ (BOM)

    // Drops a UTF-8 BOM once, before the first byte is looked at.
    bool started() {
        if (!bomChecked_) {
            bomChecked_ = true;
            if (peek() == 0xEF && peekAt(1) == 0xBB && peekAt(2) == 0xBF) pos_ += 3;
        }
        return !error_;
    }

    // The common record, read in one pass (16 bytes a step with SSE2) as views into the buffer:
    // a whole line without a quote, a NUL or a CR before its end (CRLF ends it), split at each
    // separator. It is what the field loop in next() would read from the same bytes; false, with
    // nothing consumed, for any other line (the caller clears `views`).
    bool plainLineViews(std::vector<std::string_view>& views) {
        if (separator_ == 0 || separator_ == '"' || separator_ == '\r' || separator_ == '\n')
            return false;
        const char sep = static_cast<char>(separator_);
        const char* const begin = buffer_.get() + pos_;
        const char* const limit = buffer_.get() + size_;
        const char* field = begin; // start of the current field
        const char* p = begin;
        bool stopped = false;
#if defined(__SSE2__)
        const __m128i seps = _mm_set1_epi8(sep), lf = _mm_set1_epi8('\n'),
                      quote = _mm_set1_epi8('"'), cr = _mm_set1_epi8('\r'),
                      nul = _mm_setzero_si128();
        while (!stopped && limit - p >= 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
            unsigned sepBits = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, seps)));
            const unsigned stopBits = unsigned(_mm_movemask_epi8(
                _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, quote)),
                             _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, nul)))));
            unsigned step = 16;
            if (stopBits != 0) {
                step = unsigned(std::countr_zero(stopBits));
                sepBits &= (1u << step) - 1;
                stopped = true;
            }
            for (; sepBits != 0; sepBits &= sepBits - 1) {
                const char* at = p + std::countr_zero(sepBits);
                views.emplace_back(field, std::size_t(at - field));
                field = at + 1;
            }
            p += step;
        }
#endif
        for (; !stopped && p != limit; ++p) {
            const char c = *p;
            if (c == sep) {
                views.emplace_back(field, std::size_t(p - field));
                field = p + 1;
            } else if (c == '\n' || c == '"' || c == '\r' || c == '\0') {
                stopped = true;
                break;
            }
        }
        if (!stopped) return false; // the line goes on past the buffer
        const char* end = p;
        if (*p == '\r') {
            if (limit - p < 2 || p[1] != '\n') return false;
            ++p;
        } else if (*p != '\n') {
            return false;
        }
        views.emplace_back(field, std::size_t(end - field));
        if (views.size() > kMaxFields) return false; // next() reports it
        pos_ = std::size_t(p + 1 - buffer_.get());
        ++line_;
        ++records_;
        return true;
    }

    // Reads one field, leaving the separator / line end / end unread.
    bool readField(std::string& out) {
        if (peek() != '"') return readUnquoted(out);
        const std::uint64_t openedOn = line_;
        std::string& raw = raw_; // source text, for the liberal fallback
        raw.assign(1, static_cast<char>(get()));
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
                out = raw; // stray quote: the field is literal text
                return readUnquoted(out);
            }
            if (c == '\n' || (c == '\r' && peek() != '\n')) ++line_;
            out.push_back(static_cast<char>(c));
            raw.push_back(static_cast<char>(c));
        }
    }

    // Appends the run of ordinary bytes at pos_ in one go (the common case: a whole field).
    bool readUnquoted(std::string& out) {
        for (;;) {
            const char* begin = buffer_.get() + pos_;
            const char* end = buffer_.get() + size_;
            const char* p = begin; // fields are short: a table lookup beats word tricks here
            while (p != end && !stopsUnquoted_[static_cast<unsigned char>(*p)])
                ++p;
            out.append(begin, std::size_t(p - begin));
            pos_ += std::size_t(p - begin);
            if (p != end) return *p == 0 && separator_ != 0 ? failNul() : !error_;
            if (!refill()) return !error_; // end of input (or a read error, recorded)
        }
    }

    bool failNul() {
        return fail(records_ == 0 ? "NUL byte in header" : "NUL byte in record", line_);
    }

    bool fail(std::string reason, std::uint64_t line) {
        if (!error_) error_ = CsvError{std::move(reason), line};
        return false;
    }

    int peek() {
        return pos_ < size_ ? static_cast<unsigned char>(buffer_[pos_]) : peekAt(0);
    }

    int get() {
        const int c = peek();
        if (c >= 0) ++pos_;
        return c;
    }

    // Byte at pos_ + offset (offset < kLookahead), or -1 at the end of the input or after a
    // read error.
    int peekAt(std::size_t offset) {
        while (pos_ + offset >= size_)
            if (!refill()) return -1;
        return static_cast<unsigned char>(buffer_[pos_ + offset]);
    }

    // Moves the unread bytes (fewer than kLookahead when called) to the front and reads the
    // next chunk straight into the buffer. False at the end of the input or on a read error.
    bool refill() {
        if (eof_ || error_) return false;
        const std::size_t kept = size_ - pos_;
        if (kept > 0 && pos_ > 0) std::memmove(buffer_.get(), buffer_.get() + pos_, kept);
        pos_ = 0;
        size_ = kept;
        const std::int64_t n = source_ ? source_(buffer_.get() + size_, kChunk) : 0;
        if (n < 0 || n > std::int64_t(kChunk)) {
            fail("the input could not be read", line_);
            return false;
        }
        if (n == 0) eof_ = true;
        size_ += std::size_t(n);
        return n > 0;
    }

    Source source_;
    int separator_; // as an unsigned byte value, comparable with peek()
    std::uint64_t line_;
    std::uint64_t records_ = 0;
    std::unique_ptr<char[]> buffer_;        // kChunk + kLookahead bytes
    std::size_t pos_ = 0;                   // next unread byte
    std::size_t size_ = 0;                  // bytes in buffer_
    std::array<bool, 256> stopsUnquoted_{}; // separator, CR, LF, NUL
    std::string raw_;
    CsvRecord copied_;                        // nextViews: a record that is not a plain line
    std::vector<std::string_view> lineViews_; // next: the plain line before it is copied
    bool eof_ = false;
    bool bomChecked_ = false;
    std::optional<CsvError> error_;
};

} // namespace finimport::sdk

#endif // FINIMPORT_CSV_HPP
