#include "plugin/SandboxProtocol.h"

#include <algorithm>
#include <cstring>

namespace finimport::plugin::sandbox {

void FrameWriter::begin(Frame type) {
    _start = _out.size();
    _out.push_back(static_cast<char>(type));
    _out.append(4, '\0');
}

void FrameWriter::u32(uint32_t v) {
    for (int i = 0; i < 4; ++i)
        _out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void FrameWriter::u64(uint64_t v) {
    for (int i = 0; i < 8; ++i)
        _out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void FrameWriter::text(const char* s) {
    if (!s) return u32(kNullString);
    text(std::string_view(s));
}

void FrameWriter::text(std::string_view s) {
    // A string too long for the length field cannot fit a frame either: the frame bound fires.
    u32(s.size() >= kNullString ? kNullString - 1 : static_cast<uint32_t>(s.size()));
    _out.append(s.data(), std::min<size_t>(s.size(), kNullString - 1));
}

void FrameWriter::end() {
    const size_t length = _out.size() - _start - kHeaderSize;
    const uint32_t clipped = length > 0xFFFFFFFEu ? 0xFFFFFFFEu : static_cast<uint32_t>(length);
    for (int i = 0; i < 4; ++i)
        _out[_start + 1 + i] = static_cast<char>((clipped >> (8 * i)) & 0xFF);
}

uint32_t readU32(const char* p) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
        v |= static_cast<uint32_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    return v;
}

bool FrameReader::take(void* into, size_t n) {
    if (_failed || _left < n) {
        _failed = true;
        std::memset(into, 0, n);
        return false;
    }
    std::memcpy(into, _p, n);
    _p += n;
    _left -= n;
    return true;
}

uint8_t FrameReader::u8() {
    uint8_t v = 0;
    take(&v, 1);
    return v;
}

uint32_t FrameReader::u32() {
    char b[4];
    if (!take(b, 4)) return 0;
    return readU32(b);
}

uint64_t FrameReader::u64() {
    unsigned char b[8];
    if (!take(b, 8)) return 0;
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v |= static_cast<uint64_t>(b[i]) << (8 * i);
    return v;
}

std::optional<std::string> FrameReader::text() {
    const uint32_t size = u32();
    if (_failed || size == kNullString) return std::nullopt;
    if (_left < size) {
        _failed = true;
        return std::nullopt;
    }
    std::string s(_p, size);
    _p += size;
    _left -= size;
    return s;
}

} // namespace finimport::plugin::sandbox
