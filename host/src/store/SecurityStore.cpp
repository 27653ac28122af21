#include "store/SecurityStore.h"

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
    std::string id = newUuid();
    int64_t now = nowMicros();
    sqlExec(_s,
            "INSERT INTO securities (id, family_id, ticker, name, exchange_operating_mic, kind, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'standard', ?, ?)",
            {id, familyId, ticker, sqlOpt(name), mic.empty() ? SqlValue(nullptr) : SqlValue(mic),
             now, now});
    return id;
}

} // namespace finimport::store
