#pragma once
// Reads on an account's entries that publish and duplicate detection need beyond EntryStore:
// its first date, whether it has entries, and the trades an incoming trade row may duplicate.

#include "store/Tx.h"
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace finimport::store {

// What makes a query of an account's entries other than transactions (`entryable_type <>
// 'Transaction'`) read the schema v14 index of those only: "" or an `INDEXED BY` clause.
std::string otherEntriesIndex(Tx& s);
// The date (ISO) of the account's earliest entry; nullopt when it has none.
std::optional<std::string> earliestEntryDate(Tx& s, const std::string& accountId);
// The newest entry date before `date` that another import (or no import) wrote to the account.
std::optional<std::string> latestEntryDateBefore(Tx& s, const std::string& accountId,
                                                 const std::string& date,
                                                 const std::string& exceptImportId);
// True when the account has at least one entry.
bool accountHasEntries(Tx& s, const std::string& accountId);

// What identifies a trade for duplicate detection (docs/decisions.md D18); amounts scaled 10^8.
struct TradeKey {
    std::string accountId, date, ticker, securityKey, mic, currency; // securityKey, mic: '' = any
    int64_t qty = 0, price = 0;
};
// (entry id, external id) of the account's trades that match `key`, oldest first: same date,
// qty, price and currency; the same ticker, or the same security key (CUSIP/ISIN) when given;
// the same operating MIC when given.
std::vector<std::pair<std::string, std::optional<std::string>>>
tradeDuplicateCandidates(Tx& s, const TradeKey& key);

// docs/decisions.md D80: duplicate candidates by index probes, never a range of the ledger.
// A transaction an incoming row may duplicate (docs/decisions.md D18): same account, date and
// amount; the caller compares currency, normalised name and external id.
struct TransactionCandidate {
    std::string id, date, currency, name;
    int64_t amount = 0;
    std::optional<std::string> externalId;
};
struct DateAmount {
    std::string date; // ISO
    int64_t amount = 0;
    bool operator==(const DateAmount& o) const { return amount == o.amount && date == o.date; }
};
// The account's transactions whose (date, amount) is one of `keys`, through the
// (account_id, date, amount) index: one statement per kKeysPerStatement keys, each key's
// candidates oldest created first. Rows read are the matches, whatever the ledger's size.
constexpr std::size_t kKeysPerStatement = 400;
// Entries of `excludeImportId` (when not empty) are left out: a publish that writes in batches
// never matches the rows it wrote itself.
void transactionCandidates(Tx& s, const std::string& accountId, const std::vector<DateAmount>& keys,
                           const std::function<void(TransactionCandidate&&)>& onRow,
                           const std::string& excludeImportId = {});
// The statement transactionCandidates runs for a batch of keys. Its parameters: the keys (two
// arrays on PostgreSQL, dates then amounts, store::pgArray; one JSON array of [date, amount] on
// SQLite), the account's id, and with `excludeImport` the import to leave out.
std::string transactionCandidatesQuery(bool postgres, bool excludeImport);

// docs/decisions.md D63: (entry id, entry type, external id) of the account's entries holding
// one of `externalIds`, except those of `excludeImportId`, oldest created first; one statement
// per kKeysPerStatement ids (the (account_id, external_id) index).
struct ExternalIdHolder {
    std::string id, entryableType, externalId;
};
void externalIdHolders(Tx& s, const std::string& accountId,
                       const std::vector<std::string>& externalIds,
                       const std::string& excludeImportId,
                       const std::function<void(ExternalIdHolder&&)>& onRow);
// The statement externalIdHolders runs for `ids` external ids. Its parameters: the ids (one
// array on PostgreSQL, store::pgArray; `ids` values on SQLite), the account's id, the import to
// leave out ('' for none).
std::string externalIdHoldersQuery(bool postgres, std::size_t ids);

// docs/decisions.md D80, the balance delta of one import on one account.
// The import's transactions on the account summed per day, money in (negative amounts) and money
// out apart, by date: through the import's own index, what the import holds.
struct DaySums {
    std::string date;
    int64_t in = 0, out = 0; // the sums of the negative and of the other amounts
};
// nullopt unless the import's entries on the account are transactions only and the account has
// no split child (a split moves amounts between entries: a delta of the import's own would not
// do).
std::optional<std::vector<DaySums>> plainImportDaySums(Tx& s, const std::string& importId,
                                                       const std::string& accountId);
// True when the account has an entry other than a transaction dated `fromDate` or later.
bool hasOtherEntriesFrom(Tx& s, const std::string& accountId, const std::string& fromDate);
// The date (ISO) of the account's latest entry; nullopt when it has none.
std::optional<std::string> latestEntryDate(Tx& s, const std::string& accountId);

} // namespace finimport::store
