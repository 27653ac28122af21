#include "store/EntryBatch.h"

#include "store/PgNative.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <algorithm>

namespace finimport::store {

namespace {

// Fills the entry's id (time-ordered: new rows append to the primary key), timestamps and type,
// then returns its values in entryColumns() order.
std::vector<SqlValue> batchValues(EntryRow& e, const char* type,
                                  const TransactionDetail* t = nullptr) {
    if (e.id.empty()) e.id = newOrderedUuid();
    if (e.createdAt == 0) e.createdAt = e.updatedAt = nowMicros();
    e.entryableType = type;
    return entryValues(e, t);
}

} // namespace

EntryBatch::EntryBatch(Tx& s, std::vector<std::string> columns, std::string payloadTable,
                       std::vector<std::string> payloadColumns, size_t chunk)
    : _entries(s, "entries", std::move(columns), chunk, false),
      _payload(s, std::move(payloadTable), std::move(payloadColumns), chunk, false) {}

void EntryBatch::flushWhenFull() {
    if (_entries.pending() >= _entries.rowsPerFlush()) {
        _entries.flushFullChunks();
        _payload.flushFullChunks();
    }
}

void EntryBatch::flush() {
    _entries.flush();
    _payload.flush();
    if (_pairs) _pairs->writeCounts();
}

namespace {

// SQLite: a transaction's row also names its pair of the dictionary (schema v21).
std::vector<std::string> transactionColumns(Tx& s) {
    std::vector<std::string> columns = entryColumns();
    if (isSqliteSession(s)) columns.push_back("name_pair");
    return columns;
}

} // namespace

TransactionBatch::TransactionBatch(Tx& s, size_t chunk)
    : EntryBatch(s, transactionColumns(s), "transaction_tags", {"entry_id", "tag_id"}, chunk),
      _names(s) {
    if (_names.active()) _pairs = &_names;
    // PostgreSQL: the entries stream into one COPY while the caller adds rows; their tags
    // follow in one COPY at flush() (they need their entries written first). A 100k-row publish
    // spent 0.2 s preparing 20 chunks while the server waited (bench/RESULTS.md).
    _streaming = _entries.streamOnPostgres();
}

void TransactionBatch::add(EntryRow& e, const TransactionDetail& d) {
    std::vector<SqlValue> values = batchValues(e, "Transaction", &d);
    if (_pairs) values.emplace_back(sqlOpt(_pairs->add(e.accountId, e.name, d.merchantId)));
    _entries.add(std::move(values));
    for (const auto& tag : d.tagIds)
        _payload.add({e.id, tag});
    if (!_streaming) flushWhenFull();
}

TradeBatch::TradeBatch(Tx& s, size_t chunk)
    : EntryBatch(s, entryColumns(), "trades",
                 {"id", "entry_id", "security_id", "qty", "price", "currency",
                  "investment_activity_label", "category_id", "created_at", "updated_at"},
                 chunk) {}

void TradeBatch::add(EntryRow& e, TradeDetail& d) {
    _entries.add(batchValues(e, "Trade"));
    if (d.id.empty()) d.id = newUuid();
    _payload.add({d.id, e.id, sqlOpt(d.securityId), d.qty, d.price, d.currency,
                  sqlOpt(d.activityLabel), sqlOpt(d.categoryId), e.createdAt, e.updatedAt});
    flushWhenFull();
}

} // namespace finimport::store
