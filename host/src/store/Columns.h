#pragma once
// A record's members to and from the columns of a statement, in one list: each member's type
// picks the accessor (text, optional text, integer, optional integer, 0/1 flag), so a mapper
// names the members in column order once instead of one indexed line per column, and an INSERT
// names its columns once for the column list, the placeholders and the values.

#include "store/SqlRow.h"
#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace finimport::store {

namespace columns_detail {

template <class Row> void readColumn(const Row& r, size_t i, std::string& out) {
    out = r.str(i);
}
template <class Row> void readColumn(const Row& r, size_t i, std::optional<std::string>& out) {
    out = r.optStr(i);
}
template <class Row> void readColumn(const Row& r, size_t i, std::optional<int64_t>& out) {
    out = r.optI64(i);
}
template <class Row> void readColumn(const Row& r, size_t i, bool& out) {
    out = r.i64(i) != 0;
}
template <class Row, class I>
requires(std::is_integral_v<I> && !std::is_same_v<I, bool>) void readColumn(const Row& r, size_t i,
                                                                            I& out) {
    out = static_cast<I>(r.i64(i));
}

inline SqlValue bindValue(const SqlValue& v) {
    return v;
}
inline SqlValue bindValue(const std::string& v) {
    return v;
}
inline SqlValue bindValue(const char* v) {
    return std::string(v);
}
inline SqlValue bindValue(const std::optional<std::string>& v) {
    return sqlOpt(v);
}
inline SqlValue bindValue(const std::optional<int64_t>& v) {
    return sqlOpt(v);
}
inline SqlValue bindValue(bool v) {
    return int64_t(v ? 1 : 0);
}
template <class I>
requires(std::is_integral_v<I> && !std::is_same_v<I, bool>) SqlValue bindValue(I v) {
    return static_cast<int64_t>(v);
}

} // namespace columns_detail

// Columns first, first + 1, ... of `r` (a SqlRow or a NativeRow) into `out...`, in order.
template <class Row, class... T> void readColumnsFrom(const Row& r, size_t first, T&... out) {
    size_t i = first;
    (columns_detail::readColumn(r, i++, out), ...);
}

// Columns 0, 1, ... of `r` into `out...`, in order.
template <class Row, class... T> void readColumns(const Row& r, T&... out) {
    readColumnsFrom(r, 0, out...);
}

// A result row, if any, mapped by `from`: what a lookup by key answers.
template <class F>
auto mapRow(const std::optional<SqlRow>& row, F from) -> std::optional<decltype(from(*row))> {
    if (!row) return std::nullopt;
    return from(*row);
}

// Result rows mapped by `from`, in order: what a listing answers.
template <class F>
auto mapRows(const std::vector<SqlRow>& rows, F from) -> std::vector<decltype(from(rows.front()))> {
    std::vector<decltype(from(rows.front()))> out;
    out.reserve(rows.size());
    for (const auto& r : rows)
        out.push_back(from(r));
    return out;
}

// The first column of every row, as text.
std::vector<std::string> firstTexts(const std::vector<SqlRow>& rows);
// The first two columns of every row, as text.
std::vector<std::pair<std::string, std::string>> textPairs(const std::vector<SqlRow>& rows);

// The parameters of a statement, one per value in order: optionals bind NULL when empty, flags
// bind 0/1. (Built one by one: GCC 12 sees an uninitialized variant in a braced list of them.)
template <class... T> std::vector<SqlValue> bindValues(const T&... v) {
    std::vector<SqlValue> out;
    out.reserve(sizeof...(v));
    (out.push_back(columns_detail::bindValue(v)), ...);
    return out;
}

// A record's members as one std::tie tuple in column order, read from a row and bound to a
// statement from the same list.
template <class Row, class... T> void readTied(const Row& r, std::tuple<T&...> members) {
    std::apply([&](auto&... m) { readColumns(r, m...); }, members);
}
template <class... T> std::vector<SqlValue> bindTied(std::tuple<T&...> members) {
    return std::apply([](const auto&... m) { return bindValues(m...); }, members);
}
// A record read from `r` through `members(record)`, its std::tie.
template <class Record, class Row, class Members> Record readRecord(const Row& r, Members members) {
    Record record;
    readTied(r, members(record));
    return record;
}

// A list filter on a WHERE clause being built: when `value` is set, appends " AND <condition>"
// (one `?`) to `where` and the value to `params`.
void andIf(std::string& where, std::vector<SqlValue>& params, const std::string& condition,
           const std::optional<std::string>& value);
void andIf(std::string& where, std::vector<SqlValue>& params, const std::string& condition,
           const std::optional<int64_t>& value);

// A filter by one id and/or a list of ids on the same column (`<x>_id` and `<x>_ids`).
void andIds(std::string& where, std::vector<SqlValue>& params, const std::string& column,
            const std::optional<std::string>& one,
            const std::optional<std::vector<std::string>>& many);

// The row of `select` (a SELECT … FROM one table, no WHERE) with the family's `id`, if any.
std::optional<SqlRow> rowOfFamily(Tx& s, const std::string& select, const std::string& familyId,
                                  const std::string& id);

// "?, ?, …": `n` placeholders, for an IN list or a VALUES tuple.
std::string sqlMarks(size_t n);

// Appends `more` to `params`: the values of a piece of SQL added after the others.
inline void appendValues(std::vector<SqlValue>& params, const std::vector<SqlValue>& more) {
    params.insert(params.end(), more.begin(), more.end());
}

// PostgreSQL's text form of an array of `values` (each element quoted), bound as one parameter
// (`CAST(? AS TEXT[])`): a statement of a few hundred bytes whatever the number of values, which
// PostgreSQL parses and plans in a fraction of what a list of placeholders costs.
std::string pgArray(const std::vector<std::string>& values);

// Appends " AND <column> IN (?, ...)" to `where` and the values to `params`.
void andIn(std::string& where, std::vector<SqlValue>& params, const std::string& column,
           const std::vector<std::string>& values);

// `sql` with the page's " LIMIT ? OFFSET ?" appended, and their values appended to `params`.
std::string withPage(const std::string& sql, std::vector<SqlValue>& params, int64_t limit,
                     int64_t offset);

// "INSERT INTO <table> (<columns>) VALUES (?, ...)" with one placeholder per comma-separated
// column, so the column list is written once (and shared with the SELECT that reads it back).
std::string insertSql(const std::string& table, const std::string& columns);
std::string insertSql(const std::string& table, const std::vector<std::string>& columns);

// Inserts a record stamped now: `id` (a new one when empty), then `values` in the order of
// `columns`, then created_at and updated_at.
void insertStamped(Tx& s, const std::string& table, const std::string& columns, std::string& id,
                   std::vector<SqlValue> values);

} // namespace finimport::store
