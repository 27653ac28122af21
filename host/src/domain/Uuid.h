#pragma once
// UUID text: 8-4-4-4-12 hexadecimal digits, compared case-insensitively, rendered lowercase.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::domain {

bool isUuid(std::string_view text);
// Lowercase canonical form, or nullopt when `text` is not a UUID.
std::optional<std::string> canonicalUuid(std::string_view text);
// A new UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then 74 bits from the kernel CSPRNG, so
// ids are unguessable and index-friendly (issue 12 item 7).
std::string newUuidV7();
// The same with the 48-bit millisecond and the 12-bit rand_a field given (RFC 9562 §6.2
// method 1: a counter in rand_a keeps ids of one millisecond in creation order); the other
// 62 bits come from the CSPRNG.
std::string newUuidV7(uint64_t millis, unsigned sequence12);

} // namespace finimport::domain
