#include "store/HoldingPrices.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

std::vector<HoldingPrice> holdingPrices(Tx& s, const std::string& accountId) {
    std::vector<HoldingPrice> out;
    for (const auto& r : sqlQuery(s,
                                  "SELECT security_id, date, price FROM holdings "
                                  "WHERE account_id = ? AND price > 0",
                                  {accountId}))
        out.push_back({r.str(0), r.str(1), r.i64(2)});
    return out;
}

} // namespace finimport::store
