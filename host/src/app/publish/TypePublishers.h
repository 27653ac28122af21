#pragma once
// One function per record kind: turns validated import rows into ledger records inside the
// publish transaction (IMPORTS.md §6, §12).

#include "app/publish/MappingResolver.h"
#include "app/publish/PublishContext.h"
#include "domain/Decimal.h"

namespace finimport::app {

void publishTransactions(PublishContext& ctx, MappingResolver& mappings);
void publishTrades(PublishContext& ctx, MappingResolver& mappings);
void publishAccounts(PublishContext& ctx, MappingResolver& mappings);
void publishCategories(PublishContext& ctx);
void publishMerchants(PublishContext& ctx);
void publishRules(PublishContext& ctx);

// Shared row accessors that throw a message naming the row when a value is unusable.
domain::Date rowDate(const PublishRow& row);
domain::Decimal rowDecimal(const PublishRow& row, const std::string& field, const char* label);

} // namespace finimport::app
