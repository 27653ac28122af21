#include "store/EntryBatch.h"

#include "store/Time.h"

namespace finimport::store {

TransactionBatch::TransactionBatch(Poco::Data::Session& s, size_t chunk)
    : _chunk(chunk), _entries(s, "entries",
                              {"id", "account_id", "entryable_type", "date", "amount", "currency",
                               "name", "notes", "excluded", "import_locked", "parent_entry_id",
                               "import_id", "created_at", "updated_at", "external_id"},
                              chunk, false),
      _transactions(s, "transactions", {"entry_id", "category_id", "merchant_id", "kind"}, chunk,
                    false),
      _tags(s, "transaction_tags", {"entry_id", "tag_id"}, chunk, false) {}

void TransactionBatch::add(EntryRow& e, const TransactionDetail& d) {
    if (e.id.empty()) e.id = newOrderedUuid();
    if (e.createdAt == 0) e.createdAt = e.updatedAt = nowMicros();
    e.entryableType = "Transaction";
    _entries.add({e.id, e.accountId, e.entryableType, e.date, e.amount, e.currency, e.name,
                  sqlOpt(e.notes), int64_t(e.excluded), int64_t(e.importLocked),
                  sqlOpt(e.parentEntryId), sqlOpt(e.importId), e.createdAt, e.updatedAt,
                  sqlOpt(e.externalId)});
    _transactions.add({e.id, sqlOpt(d.categoryId), sqlOpt(d.merchantId), d.kind});
    for (const auto& tag : d.tagIds)
        _tags.add({e.id, tag});
    if (_entries.pending() >= _chunk) flush();
}

void TransactionBatch::flush() {
    _entries.flush();
    _transactions.flush();
    _tags.flush();
}

} // namespace finimport::store
