#include "store/SecurityStore.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <algorithm>

namespace finimport::store {

std::string SecurityStore::findOrCreate(const std::string& familyId, const std::string& tickerIn,
                                        const std::string& micIn,
                                        const std::optional<std::string>& name) {
    std::string ticker = tickerIn, mic = micIn;
    std::transform(ticker.begin(), ticker.end(), ticker.begin(), ::toupper);
    std::transform(mic.begin(), mic.end(), mic.begin(), ::toupper);
    std::optional<SqlRow> r;
    if (!mic.empty()) {
        r = sqlQueryOne(_s,
                        "SELECT id FROM securities WHERE family_id = ? AND ticker = ? AND "
                        "exchange_operating_mic = ? ORDER BY created_at LIMIT 1",
                        {familyId, ticker, mic});
    } else {
        r = sqlQueryOne(
            _s,
            "SELECT id FROM securities WHERE family_id = ? AND ticker = ? ORDER BY "
            "CASE WHEN exchange_operating_mic IS NULL THEN 0 ELSE 1 END, created_at LIMIT 1",
            {familyId, ticker});
    }
    if (r) return r->str(0);
    std::string id;
    insertStamped(_s, "securities", "id, family_id, ticker, name, exchange_operating_mic, kind", id,
                  bindValues(familyId, ticker, name,
                             mic.empty() ? SqlValue(nullptr) : SqlValue(mic), "standard"));
    return id;
}

std::string SecurityStore::findOrCreateByKey(const std::string& familyId, const std::string& key,
                                             const std::string& tickerIn,
                                             const std::optional<std::string>& name) {
    if (auto r = sqlQueryOne(_s,
                             "SELECT id FROM securities WHERE family_id = ? AND security_key = ? "
                             "ORDER BY created_at LIMIT 1",
                             {familyId, key}))
        return r->str(0);
    std::string ticker = tickerIn;
    std::transform(ticker.begin(), ticker.end(), ticker.begin(), ::toupper);
    if (auto r = sqlQueryOne(_s,
                             "SELECT id FROM securities WHERE family_id = ? AND ticker = ? AND "
                             "security_key IS NULL AND exchange_operating_mic IS NULL "
                             "ORDER BY created_at LIMIT 1",
                             {familyId, ticker})) {
        sqlExec(_s, "UPDATE securities SET security_key = ? WHERE id = ?", {key, r->str(0)});
        return r->str(0);
    }
    std::string id;
    insertStamped(_s, "securities", "id, family_id, ticker, name, kind, security_key", id,
                  bindValues(familyId, ticker, name, "standard", key));
    return id;
}

} // namespace finimport::store
