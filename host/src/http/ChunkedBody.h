#pragma once
// A chunked request body decoded strictly (RFC 9112 §7.1), in place of Poco's decoder, which
// takes a chunk size it cannot parse (too long, negative, not hex) for the end of the body and
// leaves the rest to be read as the next request. Here any such size, a missing CRLF or a bare
// LF fails the read: the stream goes bad, the answer is 400 and the connection is closed.

#include <functional>
#include <istream>
#include <streambuf>
#include <string>

namespace finimport::http {

class ChunkedBodyBuf : public std::streambuf {
public:
    // `read(buffer, size)`: up to `size` of the connection's next raw bytes (<= 0 at its end).
    // Only as many bytes as the framing needs are asked for, so nothing after the body is
    // consumed.
    using Source = std::function<int(char*, int)>;
    explicit ChunkedBodyBuf(Source read) : _read(std::move(read)) {}

protected:
    int_type underflow() override;

private:
    int next();         // one raw byte; throws at the connection's end
    std::string line(); // up to CRLF, without it; throws on a bare LF or a long line
    void startChunk();  // reads a chunk-size line (and the trailers after the last)

    Source _read;
    char _out[16 * 1024];
    unsigned long long _left = 0; // bytes of the current chunk not yet handed out
    bool _started = false, _done = false;
};

class ChunkedBodyStream : public std::istream {
public:
    explicit ChunkedBodyStream(ChunkedBodyBuf::Source read)
        : std::istream(nullptr), _buf(std::move(read)) {
        rdbuf(&_buf);
    }

private:
    ChunkedBodyBuf _buf;
};

} // namespace finimport::http
