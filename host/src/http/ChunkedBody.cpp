#include "http/ChunkedBody.h"

#include "http/Url.h"

#include <algorithm>
#include <stdexcept>

namespace finimport::http {

namespace {

struct BadChunk : std::runtime_error {
    explicit BadChunk(const char* what) : std::runtime_error(what) {}
};

} // namespace

int ChunkedBodyBuf::next() {
    char c = 0;
    if (_read(&c, 1) <= 0) throw BadChunk("the chunked body ended early");
    return static_cast<unsigned char>(c);
}

std::string ChunkedBodyBuf::line() {
    std::string out;
    for (;;) {
        const int c = next();
        if (c == '\n') throw BadChunk("a bare LF in the chunked framing");
        if (c == '\r') {
            if (next() != '\n') throw BadChunk("CR without LF in the chunked framing");
            return out;
        }
        if (out.size() >= 4096) throw BadChunk("a chunk line is too long");
        out += static_cast<char>(c);
    }
}

void ChunkedBodyBuf::startChunk() {
    if (_started && next() != '\r') throw BadChunk("chunk data is longer than its size");
    if (_started && next() != '\n') throw BadChunk("chunk data is not followed by CRLF");
    _started = true;
    const std::string size = line();
    size_t i = 0;
    unsigned long long value = 0;
    for (; i < size.size() && hexValue(size[i]) >= 0; ++i) {
        if (i >= 15) throw BadChunk("a chunk size is too large");
        value = value * 16 + static_cast<unsigned long long>(hexValue(size[i]));
    }
    if (i == 0) throw BadChunk("a chunk size is not hexadecimal");
    // Only a chunk extension may follow the size: BWS ";" ...
    size_t j = i;
    while (j < size.size() && (size[j] == ' ' || size[j] == '\t'))
        ++j;
    if (j < size.size() && size[j] != ';') throw BadChunk("a chunk size is not hexadecimal");
    if (j == size.size() && j != i) throw BadChunk("whitespace after a chunk size");
    _left = value;
    if (value > 0) return;
    // The last chunk: trailer fields up to an empty line (bounded), then the body ends.
    for (int fields = 0;; ++fields) {
        if (fields > 64) throw BadChunk("too many trailer fields");
        if (line().empty()) break;
    }
    _done = true;
}

ChunkedBodyBuf::int_type ChunkedBodyBuf::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (_done) return traits_type::eof();
    if (_left == 0) {
        startChunk();
        if (_done) return traits_type::eof();
    }
    // Never more than the chunk holds: what follows the body stays with the connection.
    const auto want = static_cast<int>(std::min<unsigned long long>(_left, sizeof _out));
    const int got = _read(_out, want);
    if (got <= 0) throw BadChunk("the chunked body ended early");
    _left -= static_cast<unsigned long long>(got);
    setg(_out, _out, _out + got);
    return traits_type::to_int_type(*gptr());
}

} // namespace finimport::http
