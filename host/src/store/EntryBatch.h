#pragma once
// Transactions and trades written in batches at publish (multi-row INSERTs on SQLite, COPY on
// PostgreSQL): entries and their payload rows (tags, trades) are buffered and flushed together,
// entries first (foreign keys), in statements of up to `chunk` rows. One list of entry columns
// for both; a transaction's own columns are in its entry row (schema v13).

#include "store/BatchInsert.h"
#include "store/EntryStore.h"
#include "store/NamePairs.h"
#include "store/Tx.h"

#include <string>
#include <vector>

namespace finimport::store {

// Entries and the rows that hang on them (a transaction's tags, a trade's row): one buffer each,
// flushed entries first.
class EntryBatch {
public:
    // Writes everything buffered. Call before anything reads the new entries back.
    void flush();

protected:
    EntryBatch(Tx& s, std::vector<std::string> entryColumns, std::string payloadTable,
               std::vector<std::string> payloadColumns, size_t chunk);
    // After an add(): when a full statement (or COPY) of entries is buffered, writes it, then
    // whatever full chunks of payload rows are ready. The payload rows written are a prefix of
    // theirs, never one whose entry is not written yet (foreign keys).
    void flushWhenFull();

    BatchInsert _entries, _payload;
    NamePairs* _pairs = nullptr; // a transaction batch's (SQLite): counted at flush()
};

class TransactionBatch : public EntryBatch {
public:
    // PostgreSQL: no other statement may run on the session between the first add() and
    // flush() (the entries' COPY is open, BatchInsert::streamOnPostgres).
    explicit TransactionBatch(Tx& s, size_t chunk = 500);
    // Fills the entry's id (when empty), type and timestamps, like EntryStore::insertTransaction.
    void add(EntryRow& entry, const TransactionDetail& detail);

private:
    bool _streaming = false;
    NamePairs _names;
};

class TradeBatch : public EntryBatch {
public:
    explicit TradeBatch(Tx& s, size_t chunk = 500);
    // Fills the entry's and the trade's ids (when empty), type and timestamps, like
    // EntryStore::insertTrade.
    void add(EntryRow& entry, TradeDetail& detail);
};

} // namespace finimport::store
