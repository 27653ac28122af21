#pragma once
// Bytes from the kernel's CSPRNG (getrandom(2), i.e. /dev/urandom's pool). Record ids and API
// keys use it; it never falls back to a weaker generator: failure throws.

#include <cstddef>

namespace finimport::domain {

void secureRandomBytes(void* out, size_t size);

} // namespace finimport::domain
