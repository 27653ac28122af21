#pragma once
// Family-wide counts of the 15 record kinds of the engine's NDJSON format (the readback of
// docs/api.md §7.8 compares them before and after a publish).

#include "store/Tx.h"
#include <cstdint>
#include <map>
#include <string>

namespace finimport::store {

// Keyed by the format's plural keys: accounts, balances, categories, tags, merchants,
// recurring_transactions, transactions, transfers, rejected_transfers, trades, holdings,
// valuations, budgets, budget_categories, rules.
std::map<std::string, int64_t> familyRecordCounts(Tx& s, const std::string& familyId);

} // namespace finimport::store
