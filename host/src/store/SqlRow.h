#pragma once
// Statement parameters and result rows as plain values: what store/ hands out of a query
// (Sql.h), without the database library.

#include <Poco/Dynamic/Var.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

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

} // namespace finimport::store
