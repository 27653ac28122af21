#pragma once
// Value formats shared by handlers: ISO date query values (docs/decisions.md D27), UUIDs and the
// two UTC timestamp precisions of docs/api.md §1.

#include "domain/Date.h"
#include "domain/Uuid.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::http {

// Accepts exactly `YYYY-MM-DD`, `YYYYMMDD`, and `YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh[:mm]]`
// (the date part is taken as is, the offset does not move it). Impossible dates are refused.
std::optional<domain::Date> parseIsoDateParam(std::string_view text);

// 8-4-4-4-12 hex digits, either case (domain/Uuid.h).
using domain::isUuid;
// Lower-case form of a UUID (for comparisons and output).
std::string normalizeUuid(std::string_view text);

// Epoch microseconds -> `2024-01-15T10:30:00.123Z` (milliseconds, truncated).
std::string formatTimestampMillis(int64_t epochMicros);
// Epoch microseconds -> `2024-01-15T10:30:00Z` (whole seconds, truncated).
std::string formatTimestampSeconds(int64_t epochMicros);

} // namespace finimport::http
