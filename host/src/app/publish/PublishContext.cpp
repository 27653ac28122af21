#include "app/publish/PublishContext.h"

namespace finimport::app {

void PublishContext::touch(const std::string& accountId, domain::Date date) {
    touchedAccounts.insert(accountId);
    auto it = changedFrom.find(accountId);
    if (it == changedFrom.end() || date < it->second) changedFrom[accountId] = date;
}

void PublishContext::created(const std::string& recordType, const std::string& id) {
    store::ImportStore(session).addRecord(import.id, recordType, id, "created");
}

void PublishContext::matched(const std::string& recordType, const std::string& id) {
    store::ImportStore(session).addRecord(import.id, recordType, id, "matched");
}

} // namespace finimport::app
