#include "http/BodyReader.h"

#include "http/BodyRateWatch.h"

#include <algorithm>

namespace finimport::http {

std::size_t BodyReader::read(char* buffer, std::size_t size) {
    if (_end || size == 0) return 0;
    // Not istream::read(): it blocks until `size` bytes arrived, so a client that sends
    // cap+1 bytes and then waits would never hear the 413. peek() waits for at least one
    // byte, readsome() then takes what the stream already holds.
    if (_in.peek() == std::char_traits<char>::eof()) {
        // A chunked body cut off by the rate watch ends mid-chunk, which the strict decoder
        // (ChunkedBody.h) reports as a broken body: the watch's verdict comes first.
        if (_in.bad()) {
            if (!BodyRateWatch::finishBody()) throw BodyTooSlow();
            throw BodyReadFailed();
        }
        _end = true;
        if (!BodyRateWatch::finishBody()) throw BodyTooSlow();
        return 0;
    }
    const auto got =
        static_cast<std::size_t>(_in.readsome(buffer, static_cast<std::streamsize>(size)));
    if (_in.bad()) throw BodyReadFailed();
    _count += got;
    if (_count > _cap) throw BodyTooLarge();
    if (_watch) _watch->bytesRead(_count);
    return got;
}

bool BodyReader::appendChunk(std::string& out) {
    char buffer[kChunk];
    const std::size_t got = read(buffer, sizeof buffer);
    out.append(buffer, got);
    return got > 0;
}

std::string BodyReader::readAll(std::size_t expected) {
    std::string out;
    out.reserve(std::min(expected, _cap));
    while (appendChunk(out)) {
    }
    return out;
}

void BodyReader::drain() {
    char buffer[4096];
    while (read(buffer, sizeof buffer) > 0) {
    }
}

} // namespace finimport::http
