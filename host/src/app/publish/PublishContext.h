#pragma once
// What every type's publish step works with: one open transaction, the import, its rows,
// and the accounts it touched (their balances are recomputed at the end).

#include "app/imports/RowValidation.h"
#include "domain/Date.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace finimport::app {

namespace rules {
class PublishPass;
}

struct PublishRow {
    int64_t number = 0;
    std::string kind;
    rows::Fields fields;
    // docs/decisions.md D210: the upload found no duplicate candidate for the row in the
    // import's account (store::ImportRowRecord::noCandidate).
    bool noCandidate = false;
};

struct PublishContext {
    store::Tx& session;
    store::ImportRecord& import;
    store::FamilyRow family;
    domain::Date today;
    std::vector<PublishRow> rows;
    std::set<std::string> touchedAccounts;
    // Earliest changed date per account (incremental balance recompute).
    std::map<std::string, domain::Date> changedFrom;
    int64_t duplicateRows = 0;
    // The entry each transaction row became: id and whether this publish created it (QIF
    // splits and transfers attach to their row's entry). Kept only when keepRowEntries
    // (needsSplitsOrTransfers: nothing else reads it).
    std::map<int64_t, std::pair<std::string, bool>> rowEntries = {};
    bool keepRowEntries = true;
    // The rule pass applied to the transactions publishTransactions writes, before it writes
    // them (docs/rules.md §6); null when the pass reads them back instead (QIF extras).
    rules::PublishPass* rulePass = nullptr;

    void touch(const std::string& accountId, domain::Date date);
    // Recorded in memory and written in batches by flushRecords() (nothing reads them back
    // during the publish). Entries the publish creates are not recorded: each carries the
    // import's id in entries.import_id, which is what revert reads (EntryStore::createdBy,
    // store/RevertQueries.cpp). A 100k-row publish wrote 100k records for them.
    void created(const std::string& recordType, const std::string& id);
    void matched(const std::string& recordType, const std::string& id);
    void flushRecords();

    struct PendingRecord {
        std::string type, id;
        const char* relation;
    };
    std::vector<PendingRecord> pendingRecords = {};
};

} // namespace finimport::app
