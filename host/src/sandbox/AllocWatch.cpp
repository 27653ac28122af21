#include "sandbox/AllocWatch.h"

#include "plugin/SandboxProtocol.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <unistd.h>

extern "C" {
void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* ptr, size_t size);
void* __libc_memalign(size_t alignment, size_t size);
}

namespace finimport::sandbox {
namespace {

std::atomic<int> gFd{-1};
std::atomic<bool> gFailed{false};

// Async-signal-safe and allocation-free: a fixed frame written straight to the socket (out of
// order with buffered frames, which is fine for a flag).
void noteFailure() {
    if (gFailed.exchange(true)) return;
    const int fd = gFd.load();
    if (fd < 0) return;
    const char frame[plugin::sandbox::kHeaderSize] = {
        static_cast<char>(plugin::sandbox::Frame::OutOfMemory), 0, 0, 0, 0};
    const int saved = errno;
    [[maybe_unused]] ssize_t written = ::write(fd, frame, sizeof frame);
    errno = saved;
}

[[maybe_unused]] void* checked(void* p, size_t size) {
    if (!p && size) noteFailure();
    return p;
}

} // namespace

void watchAllocations(int fd) {
    gFd.store(fd);
}

bool allocationFailed() {
    return gFailed.load();
}

} // namespace finimport::sandbox

#ifndef FINIMPORT_SANITIZED // ASan owns malloc: no interposition (and no RLIMIT_AS) there

using finimport::sandbox::checked;

extern "C" {

void* malloc(size_t size) {
    return checked(__libc_malloc(size), size);
}

void* calloc(size_t count, size_t size) {
    return checked(__libc_calloc(count, size), count * size);
}

void* realloc(void* ptr, size_t size) {
    return checked(__libc_realloc(ptr, size), size);
}

void* memalign(size_t alignment, size_t size) {
    return checked(__libc_memalign(alignment, size), size);
}

void* aligned_alloc(size_t alignment, size_t size) {
    return checked(__libc_memalign(alignment, size), size);
}

int posix_memalign(void** out, size_t alignment, size_t size) {
    if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void* p = checked(__libc_memalign(alignment, size), size);
    if (!p && size) return ENOMEM;
    *out = p;
    return 0;
}

} // extern "C"

#endif // FINIMPORT_SANITIZED
