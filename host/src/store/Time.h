#pragma once
// Timestamps are stored as epoch microseconds (BIGINT) on every backend (docs/build-notes.md §3:
// PostgreSQL's TIMESTAMP loses fractions through Poco).

#include <cstdint>
#include <string>

namespace finimport::store {

int64_t nowMicros();
// A new record id: UUIDv7 with CSPRNG bits (domain::newUuidV7), lowercase with hyphens.
std::string newUuid();
// A new time-ordered (version 7) UUID: 48-bit Unix milliseconds, then a per-process counter,
// then random bits, so ids made one after another sort in creation order. Bulk writes use it:
// each insert appends to the primary-key B-tree instead of landing on a random page.
std::string newOrderedUuid();

} // namespace finimport::store
