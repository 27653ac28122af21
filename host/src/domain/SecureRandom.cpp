#include "domain/SecureRandom.h"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <string>

namespace finimport::domain {

void secureRandomBytes(void* out, size_t size) {
    auto* p = static_cast<unsigned char*>(out);
    while (size > 0) {
        ssize_t n = ::getrandom(p, size, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("getrandom failed: errno " + std::to_string(errno));
        }
        p += n;
        size -= static_cast<size_t>(n);
    }
}

} // namespace finimport::domain
