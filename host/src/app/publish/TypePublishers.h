#pragma once
// One function per record kind: turns validated import rows into ledger records inside the
// publish transaction (docs/imports.md §6, §12).

#include "app/publish/MappingResolver.h"
#include "app/publish/PublishContext.h"
#include "domain/Decimal.h"

namespace finimport::app {

void publishTransactions(PublishContext& ctx, MappingResolver& mappings);
void publishTrades(PublishContext& ctx, MappingResolver& mappings);
void publishAccounts(PublishContext& ctx, MappingResolver& mappings);
// QIF extras after publishTransactions: split children, transfer pairs, opening anchors.
void publishQifExtras(PublishContext& ctx, MappingResolver& mappings);
// Does any row need publishQifExtras (a split, a transfer, an opening balance)? Most imports have
// none: then no row-to-entry map is kept and no set of created entries is built (together 0.3 s
// of a 100k-row bank CSV publish, bench/RESULTS.md).
bool needsQifExtras(const std::vector<PublishRow>& rows);
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
