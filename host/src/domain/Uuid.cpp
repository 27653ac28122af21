#include "domain/Uuid.h"

#include "domain/SecureRandom.h"

#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>

namespace finimport::domain {

bool isUuid(std::string_view t) {
    if (t.size() != 36) return false;
    for (size_t i = 0; i < t.size(); ++i) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (t[i] != '-') return false;
        } else if (!std::isxdigit(static_cast<unsigned char>(t[i]))) {
            return false;
        }
    }
    return true;
}

std::optional<std::string> canonicalUuid(std::string_view t) {
    if (!isUuid(t)) return std::nullopt;
    std::string out(t);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string newUuidV7() {
    using namespace std::chrono;
    const uint64_t ms = static_cast<uint64_t>(
        duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
    unsigned char b[16];
    secureRandomBytes(b + 6, 10);
    for (int i = 0; i < 6; ++i)
        b[i] = static_cast<unsigned char>(ms >> (40 - 8 * i));
    b[6] = static_cast<unsigned char>(0x70 | (b[6] & 0x0F)); // version 7
    b[8] = static_cast<unsigned char>(0x80 | (b[8] & 0x3F)); // variant 10
    char out[37];
    std::snprintf(out, sizeof out,
                  "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
                  b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                  b[14], b[15]);
    return out;
}

} // namespace finimport::domain
