#include "store/StoreCounters.h"

#include <atomic>

namespace finimport::store {

namespace {
std::atomic<uint64_t> gStatements{0};
std::atomic<uint64_t> gRows{0};
std::atomic<uint64_t> gKeysProbed{0};
std::atomic<uint64_t> gSearchPlans{0};
thread_local StoreCounters tCounters;
thread_local int64_t tPageReads = 0;
} // namespace

StoreCounters threadStoreCounters() {
    return tCounters;
}

int64_t threadPageReads() {
    return tPageReads;
}

StoreCounters storeCounters() {
    return {gStatements.load(std::memory_order_relaxed), gRows.load(std::memory_order_relaxed),
            gKeysProbed.load(std::memory_order_relaxed),
            gSearchPlans.load(std::memory_order_relaxed)};
}

namespace counters {
void statement() {
    gStatements.fetch_add(1, std::memory_order_relaxed);
    ++tCounters.statements;
}
void rowPage() {
    ++tPageReads;
}
void rows(uint64_t n) {
    gRows.fetch_add(n, std::memory_order_relaxed);
    tCounters.rowsRead += n;
}
void keysProbed(uint64_t n) {
    gKeysProbed.fetch_add(n, std::memory_order_relaxed);
    tCounters.keysProbed += n;
}
void searchPlan() {
    gSearchPlans.fetch_add(1, std::memory_order_relaxed);
    ++tCounters.searchPlans;
}
} // namespace counters

} // namespace finimport::store
