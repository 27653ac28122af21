#pragma once
// One function per record kind: turns validated import rows into ledger records inside the
// publish transaction (docs/imports.md §6, §12).

#include "app/publish/MappingResolver.h"
#include "app/publish/PublishContext.h"
#include "domain/Decimal.h"
#include "domain/NoCopy.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace finimport::app {

class TransactionCandidates;

// The transaction rows of a publish, a batch at a time in file order (docs/decisions.md D125):
// each batch is resolved, matched against the ledger as it was before this publish (the entries
// the publish wrote are never candidates) and written before the next is read, so memory is one
// batch whatever the import's size. Duplicate claims outlive the batches.
class TransactionWriter : domain::NoCopy {
public:
    TransactionWriter(PublishContext& ctx, MappingResolver& mappings);
    ~TransactionWriter();
    // Publishes the transaction rows of `rows` (the others are skipped).
    void publish(const std::vector<PublishRow>& rows);
    int64_t rowsPublished() const { return _written; }

private:
    PublishContext& _ctx;
    MappingResolver& _mappings;
    std::unique_ptr<TransactionCandidates> _duplicates;
    // An account without entries before the publish has nothing to match: its rows are not
    // probed (decided at its first row, before anything of this publish is on it).
    std::map<std::string, bool> _hasEntries;
    // docs/decisions.md D210: the import's account when it has not changed since the upload
    // probed it (else empty): its rows the upload found no candidate for are not probed again.
    std::string _unchangedAccount;
    int64_t _written = 0;
};

// Every transaction row of ctx.rows in one batch.
void publishTransactions(PublishContext& ctx, MappingResolver& mappings);
void publishTrades(PublishContext& ctx, MappingResolver& mappings);
void publishAccounts(PublishContext& ctx, MappingResolver& mappings);
// After publishTransactions: split children, transfer pairs, opening anchors (QIF files have them).
void publishSplitsAndTransfers(PublishContext& ctx, MappingResolver& mappings);
// Does any row need publishSplitsAndTransfers (a split, a transfer, an opening balance)? Most
// imports have none: then no row-to-entry map is kept and no set of created entries is built
// (together 0.3 s of a 100k-row bank CSV publish, bench/RESULTS.md).
bool needsSplitsOrTransfers(const std::vector<PublishRow>& rows);
// Statement files (docs/decisions.md D58): opening anchors of the accounts the import created.
void publishStatementAnchors(PublishContext& ctx, MappingResolver& mappings);
// docs/decisions.md D98: the stated balances that differ from the ledger, as warnings (after the
// balances are materialised).
std::vector<std::string> statedBalanceWarnings(PublishContext& ctx, MappingResolver& mappings);
void publishCategories(PublishContext& ctx);
void publishMerchants(PublishContext& ctx);
void publishRules(PublishContext& ctx);

// Shared row accessors that throw a message naming the row when a value is unusable.
domain::Date rowDate(const PublishRow& row);
domain::Decimal rowDecimal(const PublishRow& row, const std::string& field, const char* label);
// The row's target account (import account or mapping) and its currency: the row's, else the
// account's; throws naming the row when unmapped or when the currencies differ (docs/decisions.md
// D4).
std::pair<const store::AccountRow*, std::string> rowAccount(const PublishRow& row,
                                                            MappingResolver& mappings);

} // namespace finimport::app
