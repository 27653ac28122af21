#pragma once
// A thin, portable layer over Poco::Data: statements are written with `?` placeholders
// (rewritten to $1..$n for PostgreSQL) and parameters are plain values.

#include "store/SqlRow.h"
#include "store/TxSession.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

// Executes a statement; returns the number of affected rows.
size_t sqlExec(Poco::Data::Session& session, const std::string& sql,
               const std::vector<SqlValue>& params = {});
std::vector<SqlRow> sqlQuery(Poco::Data::Session& session, const std::string& sql,
                             const std::vector<SqlValue>& params = {});
std::optional<SqlRow> sqlQueryOne(Poco::Data::Session& session, const std::string& sql,
                                  const std::vector<SqlValue>& params = {});
int64_t sqlCount(Poco::Data::Session& session, const std::string& sql,
                 const std::vector<SqlValue>& params = {});

// True on a PostgreSQL session (row locks, SKIP LOCKED); false on SQLite.
bool sqlIsPostgres(Poco::Data::Session& session);

// `?` → `$1..$n` outside quoted strings (PostgreSQL's placeholder syntax).
std::string numberPlaceholders(const std::string& sql);

} // namespace finimport::store
