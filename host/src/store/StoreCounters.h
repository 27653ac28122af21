#pragma once
// Process-wide counts of what the store asks of its database: statements run and rows read back.
// Tests compare them around an import to prove that its cost does not grow with the ledger
// (docs/decisions.md D80); cheap enough (two relaxed atomic adds) to stay on in production.

#include <cstdint>

namespace finimport::store {

struct StoreCounters {
    uint64_t statements = 0; // statements executed (a prepared one once per execution)
    uint64_t rowsRead = 0;   // result rows handed to the store's callers
    // Keys looked up by the duplicate probes (store/EntryLookups.h): one index probe each,
    // however many a statement carries (docs/decisions.md D210).
    uint64_t keysProbed = 0;
    // Plans of a transactions search made (store/TransactionSearch.h): one per query shape and
    // stamp of the data, shared by its count and its pages (docs/decisions.md D251, D284).
    uint64_t searchPlans = 0;
};

// The whole process's counts, and the calling thread's alone (a test running an upload or a
// publish on its own thread sees only its statements, not the job queue's heartbeat).
StoreCounters storeCounters();
StoreCounters threadStoreCounters();

// The calling thread's reads of an import's rows a page at a time (ImportStore::forEachRowPage):
// a streamed publish reads one per page (docs/decisions.md D125).
int64_t threadPageReads();

namespace counters {
void statement();
void rowPage();
void rows(uint64_t n);
void keysProbed(uint64_t n);
void searchPlan();
} // namespace counters

} // namespace finimport::store
