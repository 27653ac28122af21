#include "http/BodyReader.h"

namespace finimport::http {

std::size_t BodyReader::read(char* buffer, std::size_t size) {
    if (_end || size == 0) return 0;
    _in.read(buffer, static_cast<std::streamsize>(size));
    const auto got = static_cast<std::size_t>(_in.gcount());
    if (_in.bad()) throw BodyReadFailed();
    if (got == 0) {
        _end = true;
        return 0;
    }
    _count += got;
    if (_count > _cap) throw BodyTooLarge();
    return got;
}

bool BodyReader::appendChunk(std::string& out) {
    const std::size_t old = out.size();
    out.resize(old + kChunk);
    std::size_t got = 0;
    try {
        got = read(out.data() + old, kChunk);
    } catch (...) {
        out.resize(old);
        throw;
    }
    out.resize(old + got);
    return got > 0;
}

std::string BodyReader::readAll() {
    std::string out;
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
