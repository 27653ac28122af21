#pragma once
// Transactions and trades written in batches at publish (multi-row INSERTs on SQLite, COPY on
// PostgreSQL): entries and their payload rows (tags, trades) are buffered and flushed together,
// entries first (foreign keys), in statements of up to `chunk` rows. One list of entry columns
// for both; a transaction's own columns are in its entry row (schema v13).

#include "store/BatchInsert.h"
#include "store/EntryStore.h"
#include "store/Tx.h"

namespace finimport::store {

class TransactionBatch {
public:
    // PostgreSQL: no other statement may run on the session between the first add() and
    // flush() (the entries' COPY is open, BatchInsert::streamOnPostgres).
    explicit TransactionBatch(Tx& s, size_t chunk = 500);

    // Fills the entry's id (when empty), type and timestamps, like EntryStore::insertTransaction.
    void add(EntryRow& entry, const TransactionDetail& detail);
    // Writes everything buffered. Call before anything reads the new entries back.
    void flush();

private:
    BatchInsert _entries, _tags;
    bool _streaming = false;
};

class TradeBatch {
public:
    explicit TradeBatch(Tx& s, size_t chunk = 500);

    // Fills the entry's and the trade's ids (when empty), type and timestamps, like
    // EntryStore::insertTrade.
    void add(EntryRow& entry, TradeDetail& detail);
    // Writes everything buffered. Call before anything reads the new entries back.
    void flush();

private:
    BatchInsert _entries, _trades;
};

} // namespace finimport::store
