#pragma once
// UUID text: 8-4-4-4-12 hexadecimal digits, compared case-insensitively, rendered lowercase.

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

} // namespace finimport::domain
