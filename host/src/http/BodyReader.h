#pragma once
// Reads a request body with a hard byte cap, counting as it goes (chunked bodies have no
// length up front). Crossing the cap throws BodyTooLarge at once, so the rest is never read.

#include "http/Request.h"

#include <cstddef>
#include <istream>
#include <stdexcept>
#include <string>

namespace finimport::http {

struct BodyTooLarge : std::runtime_error {
    BodyTooLarge() : std::runtime_error("request body exceeds the cap") {}
};

// The transport failed mid-body (broken chunk framing, socket timeout).
struct BodyReadFailed : std::runtime_error {
    BodyReadFailed() : std::runtime_error("request body could not be read") {}
};

// The minimum-rate watch cut the body off (BodyRateWatch): what arrived is not the whole body.
struct BodyTooSlow : std::runtime_error {
    BodyTooSlow() : std::runtime_error("request body arrived too slowly") {}
};

class BodyReader {
public:
    static constexpr std::size_t kChunk = 64 * 1024;

    BodyReader(std::istream& in, std::size_t cap, BodyWatch* watch = nullptr)
        : _in(in), _cap(cap), _watch(watch) {}

    // Up to `size` bytes into `buffer`; 0 at the end of the body.
    std::size_t read(char* buffer, std::size_t size);
    // Appends up to kChunk bytes to `out`; false at the end of the body.
    bool appendChunk(std::string& out);
    // The whole (remaining) body; `expected` (Content-Length, already checked against the cap)
    // is reserved up front so the body is not grown by doubling.
    std::string readAll(std::size_t expected = 0);
    // Reads and discards the rest (still capped), so a keep-alive connection stays in sync.
    void drain();

    std::size_t bytesRead() const { return _count; }
    bool atEnd() const { return _end; }

private:
    std::istream& _in;
    std::size_t _cap;
    BodyWatch* _watch;
    std::size_t _count = 0;
    bool _end = false;
};

} // namespace finimport::http
