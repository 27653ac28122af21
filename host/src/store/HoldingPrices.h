#pragma once
// The prices an account's holdings give, for valuing its securities between trades.

#include "store/Tx.h"
#include <cstdint>
#include <string>
#include <vector>

namespace finimport::store {

struct HoldingPrice {
    std::string securityId, date; // date ISO
    int64_t price = 0;            // scaled 10^8, > 0
};

// Every holding row of the account with a positive price, in no particular order.
std::vector<HoldingPrice> holdingPrices(Tx& s, const std::string& accountId);

} // namespace finimport::store
