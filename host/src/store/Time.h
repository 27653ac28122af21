#pragma once
// Timestamps are stored as epoch microseconds (BIGINT) on every backend (STACK_NOTES §3:
// PostgreSQL's TIMESTAMP loses fractions through Poco).

#include <cstdint>
#include <string>

namespace finimport::store {

int64_t nowMicros();
// A new random (version 4) UUID, lowercase with hyphens.
std::string newUuid();

} // namespace finimport::store
