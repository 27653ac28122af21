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
// ids are unguessable and index-friendly.
std::string newUuidV7();
// The same with the 48-bit millisecond and the 12-bit rand_a field given (RFC 9562 §6.2
// method 1: a counter in rand_a keeps ids of one millisecond in creation order); the other
// 62 bits come from the CSPRNG.
std::string newUuidV7(uint64_t millis, unsigned sequence12);
// The id `step` places after `first` when ids count up in their last 62 bits (RFC 9562 §6.2
// method 2, the counter in rand_b; it wraps within those bits): how one import's row ids are
// derived from its first instead of stored. Nullopt when `first` is not a UUID.
std::optional<std::string> uuidAfter(std::string_view first, uint64_t step);

} // namespace finimport::domain
