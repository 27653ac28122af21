#pragma once
// Transactions written in multi-row batches at publish: entries, their transaction payload and
// tags are buffered and flushed together, entries first (foreign keys), every `chunk` entries.

#include "store/BatchInsert.h"
#include "store/EntryStore.h"

namespace finimport::store {

class TransactionBatch {
public:
    explicit TransactionBatch(Poco::Data::Session& s, size_t chunk = 500);

    // Fills the entry's id (when empty), type and timestamps, like EntryStore::insertTransaction.
    void add(EntryRow& entry, const TransactionDetail& detail);
    // Writes everything buffered. Call before anything reads the new entries back.
    void flush();

private:
    size_t _chunk;
    BatchInsert _entries, _transactions, _tags;
    size_t _copyChunk;
};

} // namespace finimport::store
