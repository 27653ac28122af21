#include "store/RateLimitStore.h"

#include "store/Sql.h"

namespace finimport::store {

RateLimitHit RateLimitStore::tryIncrement(const std::string& keyId, int64_t windowStart,
                                          int64_t limit) {
    size_t changed = 0;
    if (limit > 0)
        changed = sqlExec(_s,
                          "INSERT INTO rate_limit_counters (key_id, window_start, count) VALUES "
                          "(?, ?, 1) ON CONFLICT (key_id, window_start) DO UPDATE SET count = "
                          "rate_limit_counters.count + 1 WHERE rate_limit_counters.count < ?",
                          {keyId, windowStart, limit});
    int64_t count = sqlCount(_s,
                             "SELECT count FROM rate_limit_counters WHERE key_id = ? AND "
                             "window_start = ?",
                             {keyId, windowStart});
    if (changed > 0 && count == 1) // a new window: the key's older windows are dead weight
        sqlExec(_s, "DELETE FROM rate_limit_counters WHERE key_id = ? AND window_start < ?",
                {keyId, windowStart});
    return {changed > 0, count};
}

} // namespace finimport::store
