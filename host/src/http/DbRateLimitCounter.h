#pragma once
// The managed-mode counter in the database, so N instances behind a load balancer enforce one
// limit per key. Used on PostgreSQL; a single SQLite process keeps the in-memory
// counter (a write transaction per request would queue behind publishes on SQLite's one writer).

#include "http/RateLimit.h"
#include "store/Database.h"

namespace finimport::http {

class DbRateLimitCounter : public RateLimitCounter {
public:
    explicit DbRateLimitCounter(store::Database& db) : _db(db) {}
    Result tryIncrement(const std::string& keyId, int64_t windowStart, int64_t limit) override;

private:
    store::Database& _db;
};

} // namespace finimport::http
