#pragma once
// A thin, portable layer over Poco::Data: statements are written with `?` placeholders
// (rewritten to $1..$n for PostgreSQL) and parameters are plain values.

#include <Poco/Dynamic/Var.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace Poco::Data {
class Session;
}

namespace finimport::store {

using SqlValue = std::variant<std::nullptr_t, int64_t, std::string>;

inline SqlValue sqlOpt(const std::optional<std::string>& v) {
    return v ? SqlValue(*v) : SqlValue(nullptr);
}
inline SqlValue sqlOpt(const std::optional<int64_t>& v) {
    return v ? SqlValue(*v) : SqlValue(nullptr);
}

// One result row; columns by position.
class SqlRow {
public:
    explicit SqlRow(std::vector<Poco::Dynamic::Var> values) : _values(std::move(values)) {}
    bool isNull(size_t i) const { return _values.at(i).isEmpty(); }
    std::string str(size_t i) const;
    int64_t i64(size_t i) const;
    std::optional<std::string> optStr(size_t i) const;
    std::optional<int64_t> optI64(size_t i) const;
    size_t size() const { return _values.size(); }

private:
    std::vector<Poco::Dynamic::Var> _values;
};

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
