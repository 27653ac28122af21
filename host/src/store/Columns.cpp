#include "store/Columns.h"

#include <algorithm>

namespace finimport::store {

std::string insertSql(const std::string& table, const std::string& columns) {
    const auto n = std::count(columns.begin(), columns.end(), ',') + 1;
    std::string sql = "INSERT INTO " + table + " (" + columns + ") VALUES (";
    for (long i = 0; i < n; ++i)
        sql += i == 0 ? "?" : ", ?";
    return sql + ")";
}

} // namespace finimport::store
