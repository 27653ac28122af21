#include "app/publish/PublishContext.h"

#include "store/BatchInsert.h"

namespace finimport::app {

void PublishContext::touch(const std::string& accountId, domain::Date date) {
    touchedAccounts.insert(accountId);
    auto it = changedFrom.find(accountId);
    if (it == changedFrom.end() || date < it->second) changedFrom[accountId] = date;
}

void PublishContext::created(const std::string& recordType, const std::string& id) {
    pendingRecords.push_back({recordType, id, "created"});
}

void PublishContext::matched(const std::string& recordType, const std::string& id) {
    pendingRecords.push_back({recordType, id, "matched"});
}

void PublishContext::flushRecords() {
    store::BatchInsert records(session, "import_records",
                               {"import_id", "record_type", "record_id", "relation"});
    for (const auto& r : pendingRecords)
        records.add({import.id, r.type, r.id, std::string(r.relation)});
    records.flush();
    pendingRecords.clear();
}

} // namespace finimport::app
