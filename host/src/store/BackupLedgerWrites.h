#pragma once
// What the engine's NDJSON import (docs/imports.md §6.12) writes on accounts beyond entries:
// balance rows and holdings (find-or-update by their natural key), securities' metadata, and
// the one-valuation-per-day check.

#include "store/Tx.h"
#include <cstdint>
#include <optional>
#include <string>

namespace finimport::store {

// One Balance line; amounts scaled 10^8.
struct ImportedBalance {
    std::string accountId, date, currency, importId;
    int64_t balance = 0, cashBalance = 0, startCashBalance = 0, startNonCashBalance = 0,
            cashInflows = 0, cashOutflows = 0, nonCashInflows = 0, nonCashOutflows = 0,
            netMarketFlows = 0, cashAdjustments = 0, nonCashAdjustments = 0, endCashBalance = 0,
            endNonCashBalance = 0, flowsFactor = 1;
};

// The row of (account, date, currency) takes the values when it exists (nullopt is returned);
// else a new row owned by `importId` is inserted and its id returned.
std::optional<std::string> upsertImportedBalance(Tx& s, const ImportedBalance& b);

// One Holding line; qty, price, amount and cost basis scaled 10^8.
struct ImportedHolding {
    std::string accountId, securityId, date, currency, importId;
    int64_t qty = 0, price = 0, amount = 0;
    std::optional<int64_t> costBasis;
    std::optional<std::string> costBasisSource;
    bool costBasisLocked = false, securityLocked = false;
};

// As upsertImportedBalance, keyed by (account, security, date, currency).
std::optional<std::string> upsertImportedHolding(Tx& s, const ImportedHolding& h);

// Sets the security's `column` (exchange_mic, exchange_acronym, country_code, website_url or
// kind) to `value` only when it is NULL or empty.
void fillSecurityColumn(Tx& s, const std::string& securityId, const std::string& column,
                        const std::string& value);

// True when the account already has a valuation entry on `date` (ISO).
bool valuationOnDate(Tx& s, const std::string& accountId, const std::string& date);

} // namespace finimport::store
