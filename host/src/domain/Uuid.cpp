#include "domain/Uuid.h"

#include "domain/SecureRandom.h"

#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>

#include <pthread.h>

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

namespace {

// Ids need 10 random bytes each. They are taken from a per-thread buffer of CSPRNG output that
// is refilled 4 KiB at a time, not a getrandom() call per id (with the snprintf formatting, 5 %
// of a 100k-row publish: bench/RESULTS.md). A forked child empties its buffer, so
// parent and child never hand out the same bytes.
struct RandomPool {
    unsigned char bytes[4096];
    size_t used = sizeof bytes;
};
thread_local RandomPool randomPool;

void emptyPoolInChild() {
    randomPool.used = sizeof randomPool.bytes;
}

void poolBytes(unsigned char* out, size_t n) {
    static std::once_flag once;
    std::call_once(once, [] { pthread_atfork(nullptr, nullptr, emptyPoolInChild); });
    if (randomPool.used + n > sizeof randomPool.bytes) {
        secureRandomBytes(randomPool.bytes, sizeof randomPool.bytes);
        randomPool.used = 0;
    }
    std::memcpy(out, randomPool.bytes + randomPool.used, n);
    randomPool.used += n;
}

std::string formatUuid(const unsigned char* b) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out(36, '-');
    size_t o = 0;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) ++o; // the hyphen already there
        out[o++] = kHex[b[i] >> 4];
        out[o++] = kHex[b[i] & 0x0F];
    }
    return out;
}

} // namespace

std::string newUuidV7(uint64_t millis, unsigned sequence12) {
    unsigned char b[16];
    poolBytes(b + 8, 8);
    for (int i = 0; i < 6; ++i)
        b[i] = static_cast<unsigned char>(millis >> (40 - 8 * i));
    b[6] = static_cast<unsigned char>(0x70 | ((sequence12 >> 8) & 0x0F)); // version 7
    b[7] = static_cast<unsigned char>(sequence12 & 0xFF);
    b[8] = static_cast<unsigned char>(0x80 | (b[8] & 0x3F)); // variant 10
    return formatUuid(b);
}

std::optional<std::string> uuidAfter(std::string_view first, uint64_t step) {
    if (!isUuid(first)) return std::nullopt;
    unsigned char b[16];
    size_t o = 0;
    const auto nibble = [](char c) {
        return static_cast<unsigned char>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    };
    for (int i = 0; i < 16; ++i) {
        if (first[o] == '-') ++o;
        b[i] = static_cast<unsigned char>(nibble(first[o]) << 4 | nibble(first[o + 1]));
        o += 2;
    }
    uint64_t low = 0;
    for (int i = 8; i < 16; ++i)
        low = low << 8 | b[i];
    constexpr uint64_t kCounter = 0x3FFFFFFFFFFFFFFFULL;
    low = (low & ~kCounter) | ((low + step) & kCounter);
    for (int i = 15; i >= 8; --i, low >>= 8)
        b[i] = static_cast<unsigned char>(low & 0xFF);
    return formatUuid(b);
}

std::string newUuidV7() {
    using namespace std::chrono;
    const uint64_t ms = static_cast<uint64_t>(
        duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
    unsigned char randA[2];
    poolBytes(randA, 2); // rand_a random too: 12 + 62 = 74 random bits
    return newUuidV7(ms, static_cast<unsigned>(randA[0] << 8 | randA[1]) & 0xFFF);
}

} // namespace finimport::domain
