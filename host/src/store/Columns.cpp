#include "store/Columns.h"

#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <algorithm>
#include <iterator>

namespace finimport::store {

std::string sqlMarks(size_t n) {
    std::string out;
    out.reserve(n * 3);
    for (size_t i = 0; i < n; ++i)
        out += i ? ", ?" : "?";
    return out;
}

std::string insertSql(const std::string& table, const std::string& columns) {
    const auto n = static_cast<size_t>(std::count(columns.begin(), columns.end(), ',') + 1);
    return "INSERT INTO " + table + " (" + columns + ") VALUES (" + sqlMarks(n) + ")";
}

std::string insertSql(const std::string& table, const std::vector<std::string>& columns) {
    std::string names;
    for (const auto& c : columns)
        names += (names.empty() ? "" : ", ") + c;
    return insertSql(table, names);
}

std::vector<std::string> firstTexts(const std::vector<SqlRow>& rows) {
    return mapRows(rows, [](const SqlRow& r) { return r.str(0); });
}

std::vector<std::pair<std::string, std::string>> textPairs(const std::vector<SqlRow>& rows) {
    return mapRows(rows, [](const SqlRow& r) { return std::pair(r.str(0), r.str(1)); });
}

void insertStamped(Tx& s, const std::string& table, const std::string& columns, std::string& id,
                   std::vector<SqlValue> values) {
    if (id.empty()) id = newUuid();
    const int64_t now = nowMicros();
    std::vector<SqlValue> row = bindValues(id);
    row.insert(row.end(), std::make_move_iterator(values.begin()),
               std::make_move_iterator(values.end()));
    for (auto& stamp : bindValues(now, now))
        row.push_back(std::move(stamp));
    sqlExec(s, insertSql(table, columns + ", created_at, updated_at"), row);
}

namespace {

template <class T>
void andIfSet(std::string& where, std::vector<SqlValue>& params, const std::string& condition,
              const std::optional<T>& value) {
    if (!value) return;
    where += " AND " + condition;
    params.emplace_back(*value);
}

} // namespace

// Out of line: inlined into a caller's query builder, GCC 12 warns of an uninitialized variant.
void andIf(std::string& where, std::vector<SqlValue>& params, const std::string& condition,
           const std::optional<std::string>& value) {
    andIfSet(where, params, condition, value);
}

void andIf(std::string& where, std::vector<SqlValue>& params, const std::string& condition,
           const std::optional<int64_t>& value) {
    andIfSet(where, params, condition, value);
}

std::optional<SqlRow> rowOfFamily(Tx& s, const std::string& select, const std::string& familyId,
                                  const std::string& id) {
    return sqlQueryOne(s, select + " WHERE family_id = ? AND id = ?", {familyId, id});
}

void andIds(std::string& where, std::vector<SqlValue>& params, const std::string& column,
            const std::optional<std::string>& one,
            const std::optional<std::vector<std::string>>& many) {
    andIf(where, params, column + " = ?", one);
    if (many) andIn(where, params, column, *many);
}

// Out of line for the same reason as andIf().
std::string withPage(const std::string& sql, std::vector<SqlValue>& params, int64_t limit,
                     int64_t offset) {
    params.emplace_back(limit);
    params.emplace_back(offset);
    return sql + " LIMIT ? OFFSET ?";
}

void andIn(std::string& where, std::vector<SqlValue>& params, const std::string& column,
           const std::vector<std::string>& values) {
    where += " AND " + column + " IN (" + sqlMarks(values.size()) + ")";
    for (const auto& v : values)
        params.push_back(v);
}

} // namespace finimport::store
