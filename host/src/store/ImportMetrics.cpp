#include "store/ImportMetrics.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

std::optional<ImportOutcome> importOutcome(Tx& s, const std::string& importId) {
    auto r = sqlQueryOne(s, "SELECT status, rows_count FROM imports WHERE id = ?", {importId});
    if (!r) return std::nullopt;
    return ImportOutcome{r->str(0), r->i64(1)};
}

std::vector<std::pair<std::string, int64_t>> importCountsByStatus(Tx& s) {
    std::vector<std::pair<std::string, int64_t>> out;
    for (const auto& r :
         sqlQuery(s, "SELECT status, COUNT(*) FROM imports GROUP BY status ORDER BY status"))
        out.emplace_back(r.str(0), r.i64(1));
    return out;
}

} // namespace finimport::store
