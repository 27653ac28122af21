// The server gives freed heap memory back to the kernel (bench/load.sh RSS growth):
// a heap whose blocks were freed around a few survivors keeps its pages until malloc_trim.
#include "server/MemoryTrimmer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>
#include <unistd.h>
#include <vector>

using finimport::server::MemoryTrimmer;

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true; // the sanitizer owns malloc: nothing to trim
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

long residentBytes() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * sysconf(_SC_PAGESIZE);
}

// 64 MiB in 4,000-byte blocks (below the mmap threshold: they live in the heap), every page
// touched.
std::vector<char*> allocateHeap() {
    constexpr size_t kBlock = 4000, kCount = 64 * 1024 * 1024 / kBlock;
    std::vector<char*> blocks;
    blocks.reserve(kCount);
    volatile char sink = 0;
    for (size_t i = 0; i < kCount; ++i) {
        char* block = static_cast<char*>(std::malloc(kBlock));
        std::memset(block, static_cast<int>(i), kBlock);
        sink = sink + block[kBlock - 1];
        blocks.push_back(block);
    }
    return blocks;
}

// Frees every block except every 32nd, which keeps the heap from shrinking at its top.
// Returns the survivors.
std::vector<char*> fragment(const std::vector<char*>& blocks) {
    std::vector<char*> kept;
    for (size_t i = 0; i < blocks.size(); ++i) {
        if (i % 32 == 31)
            kept.push_back(blocks[i]);
        else
            std::free(blocks[i]);
    }
    return kept;
}

void freeAll(std::vector<char*>& blocks) {
    for (char* b : blocks)
        std::free(b);
    blocks.clear();
}

} // namespace

class MemoryTrimmerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MemoryTrimmerTest);
    CPPUNIT_TEST(trimReleasesFreedHeapPages);
    CPPUNIT_TEST(theTrimmerReleasesOnItsOwn);
    CPPUNIT_TEST_SUITE_END();

public:
    void trimReleasesFreedHeapPages() {
        if (kSanitized) {
            CPPUNIT_ASSERT(!MemoryTrimmer::trimNow());
            return;
        }
        auto kept = fragment(allocateHeap());
        const long beforeTrim = residentBytes();
        CPPUNIT_ASSERT(MemoryTrimmer::trimNow());
        const long released = beforeTrim - residentBytes();
        freeAll(kept);
        // About 62 of the 64 MiB are free; at least half of it must go back.
        CPPUNIT_ASSERT_MESSAGE(std::to_string(released), released >= 32L * 1024 * 1024);
    }

    void theTrimmerReleasesOnItsOwn() {
        if (kSanitized) return;
        MemoryTrimmer trimmer(std::chrono::milliseconds(50));
        auto blocks = allocateHeap();
        // Measured before anything is freed: the trimmer may run while fragment() frees, and
        // what it releases then counts too (measured after the frees, a trim that came first
        // made the test fail on a busy machine).
        const long beforeTrim = residentBytes();
        auto kept = fragment(blocks);
        long released = 0;
        for (int i = 0; i < 40 && released < 32L * 1024 * 1024; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            released = beforeTrim - residentBytes();
        }
        freeAll(kept);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(released), released >= 32L * 1024 * 1024);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MemoryTrimmerTest);
