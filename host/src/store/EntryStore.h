#pragma once
// Entries: dated ledger items of an account, with their Transaction / Trade / Valuation payload.

#include "store/SqlRow.h"
#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

struct EntryRow {
    std::string id, accountId;
    std::string entryableType; // "Transaction", "Trade", "Valuation"
    std::string date;          // ISO
    int64_t amount = 0;        // scaled 10^8, engine sign (negative = money in)
    std::string currency, name;
    std::optional<std::string> notes;
    bool excluded = false, importLocked = false;
    std::optional<std::string> parentEntryId, importId;
    int64_t createdAt = 0, updatedAt = 0;
    std::optional<std::string>
        externalId; // docs/decisions.md D52: the id the statement file gave (FITID, …)
};

struct TransactionDetail {
    std::optional<std::string> categoryId, merchantId;
    std::string kind = "standard";
    std::vector<std::string> tagIds;
};

struct TradeDetail {
    std::string id;
    std::optional<std::string> securityId;
    int64_t qty = 0, price = 0; // scaled 10^8
    std::string currency;
    std::optional<std::string> activityLabel, categoryId;
};

// What the balance engine needs of one entry.
struct LedgerItem {
    std::string entryableType, date;
    int64_t amount = 0;
    std::optional<std::string> securityId;
    int64_t qty = 0, price = 0;
    std::string valuationKind;
};

// The columns of an entries row, in the order both writers give them (EntryStore::insertEntry
// and the publish batches of EntryBatch.h), and an entry's values in that order. A Transaction's
// category, merchant and kind come from `transaction` (schema v13); NULL for other entries.
const std::vector<std::string>& entryColumns();
std::vector<SqlValue> entryValues(const EntryRow& entry,
                                  const TransactionDetail* transaction = nullptr);

class EntryStore {
public:
    explicit EntryStore(Tx& s) : _s(s) {}

    void insertTransaction(EntryRow& entry, const TransactionDetail& detail);
    void insertTrade(EntryRow& entry, TradeDetail& detail);
    void insertValuation(EntryRow& entry, const std::string& kind);

    // The balance engine's input for the account: its transactions summed per day, money in
    // and money out apart (two items a day, in date order), then its other entries one by one
    // (by date, then creation). Split parents are excluded: their children carry the amounts.
    // The engine orders items by date, keeping this order within a day.
    // With `transactionsFrom` (an incremental rebuild from that day, docs/decisions.md D80) the
    // transactions dated before it are left out but for one zero item on the account's first
    // day, which keeps the series' first day: what is read is the days being recomputed, not
    // the account's whole history.
    std::vector<LedgerItem> ledgerOf(const std::string& accountId,
                                     const std::optional<std::string>& transactionsFrom = {});
    std::optional<EntryRow> openingAnchor(const std::string& accountId);
    std::optional<EntryRow> byId(const std::string& id);
    // The accounts of the entries the import created, each with the earliest date among them:
    // what a revert recomputes. An entry's import_id names its creator and never changes
    // (docs/architecture.md, "What an import owns").
    std::vector<std::pair<std::string, std::string>> accountsCreatedBy(const std::string& importId);

    // Transactions on the account with that date, amount and currency (oldest first):
    // duplicate candidates; the caller compares normalised names.
    std::vector<EntryRow> transactionCandidates(const std::string& accountId,
                                                const std::string& date, int64_t amount,
                                                const std::string& currency);
    // docs/decisions.md D63: entries of the account (of one entryable type) holding that external
    // id, oldest created first, except those of `excludeImportId` (rows of one file never match
    // each other by id).
    std::vector<std::string> idsWithExternalId(const std::string& accountId,
                                               const std::string& entryableType,
                                               const std::string& externalId,
                                               const std::string& excludeImportId = "");
    // Does the account hold any entry with an external id? (skips the per-row lookups)
    bool hasExternalIds(const std::string& accountId);
    // Trades with the same date, security, qty, price and currency (docs/decisions.md D18).
    std::vector<EntryRow> tradeCandidates(const std::string& accountId, const std::string& date,
                                          const std::optional<std::string>& securityId, int64_t qty,
                                          int64_t price, const std::string& currency);

    // A matched duplicate absorbs the row's category, tags (replacing its own) and notes.
    void setTransactionCategory(const std::string& entryId, const std::string& categoryId);
    void replaceTransactionTags(const std::string& entryId, const std::vector<std::string>& tagIds);
    void setNotes(const std::string& entryId, const std::string& notes);

    // Revert: deletes every entry the import created (by import_id), or every entry whose id it
    // recorded as created (backup imports, import_records), with their split children, the
    // transfers that link them and their payload rows. A fixed number of statements whatever the
    // count: a statement per entry reverted 100k rows in 80 s on PostgreSQL (bench/RESULTS.md).
    // Returns the number of entries deleted, children included.
    size_t deleteCreatedBy(const std::string& importId);
    size_t deleteRecordedBy(const std::string& importId);
    void updateDate(const std::string& id, const std::string& date, int64_t amount);

private:
    // `transaction`: the columns of a Transaction entry (schema v13), NULL for other entries.
    EntryRow insertEntry(EntryRow& entry, const TransactionDetail* transaction = nullptr);
    Tx& _s;
};

} // namespace finimport::store
