#pragma once
// Timestamps are stored as epoch microseconds (BIGINT) on every backend (STACK_NOTES §3:
// PostgreSQL's TIMESTAMP loses fractions through Poco).

#include <cstdint>
#include <string>

namespace finimport::store {

int64_t nowMicros();
// A new record id: UUIDv7 with CSPRNG bits (domain::newUuidV7), lowercase with hyphens.
std::string newUuid();

} // namespace finimport::store
