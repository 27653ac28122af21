#include "store/Sql.h"

#include "store/StoreCounters.h"

#include <Poco/Data/Binding.h>
#include <Poco/Data/RecordSet.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>

namespace finimport::store {

namespace {

bool isPostgres(Poco::Data::Session& s) {
    return s.connector() == "postgresql";
}

Poco::Data::Statement prepare(Poco::Data::Session& session, const std::string& sql,
                              const std::vector<SqlValue>& params) {
    using namespace Poco::Data::Keywords;
    Poco::Data::Statement st(session);
    st << (isPostgres(session) ? numberPlaceholders(sql) : sql);
    for (const auto& p : params) {
        if (std::holds_alternative<std::nullptr_t>(p))
            st.addBind(use(Poco::Data::Keywords::null));
        else if (auto* i = std::get_if<int64_t>(&p))
            st.addBind(bind(static_cast<Poco::Int64>(*i)));
        else
            st.addBind(bind(std::get<std::string>(p)));
    }
    return st;
}

} // namespace

bool sqlIsPostgres(Poco::Data::Session& session) {
    return isPostgres(session);
}

std::string SqlRow::str(size_t i) const {
    const auto& v = _values.at(i);
    return v.isEmpty() ? std::string() : v.convert<std::string>();
}

int64_t SqlRow::i64(size_t i) const {
    const auto& v = _values.at(i);
    return v.isEmpty() ? 0 : v.convert<Poco::Int64>();
}

std::optional<std::string> SqlRow::optStr(size_t i) const {
    if (_values.at(i).isEmpty()) return std::nullopt;
    return str(i);
}

std::optional<int64_t> SqlRow::optI64(size_t i) const {
    if (_values.at(i).isEmpty()) return std::nullopt;
    return i64(i);
}

size_t sqlExec(Poco::Data::Session& session, const std::string& sql,
               const std::vector<SqlValue>& params) {
    auto st = prepare(session, sql, params);
    counters::statement();
    return st.execute();
}

std::vector<SqlRow> sqlQuery(Poco::Data::Session& session, const std::string& sql,
                             const std::vector<SqlValue>& params) {
    auto st = prepare(session, sql, params);
    counters::statement();
    st.execute();
    Poco::Data::RecordSet rs(st);
    counters::rows(rs.rowCount());
    std::vector<SqlRow> rows;
    rows.reserve(rs.rowCount());
    const size_t cols = rs.columnCount();
    for (size_t r = 0; r < rs.rowCount(); ++r) {
        std::vector<Poco::Dynamic::Var> values;
        values.reserve(cols);
        for (size_t c = 0; c < cols; ++c) {
            if (rs.isNull(c, r))
                values.emplace_back();
            else
                values.push_back(rs.value(c, r));
        }
        rows.emplace_back(std::move(values));
    }
    return rows;
}

std::optional<SqlRow> sqlQueryOne(Poco::Data::Session& session, const std::string& sql,
                                  const std::vector<SqlValue>& params) {
    auto rows = sqlQuery(session, sql, params);
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

int64_t sqlCount(Poco::Data::Session& session, const std::string& sql,
                 const std::vector<SqlValue>& params) {
    auto row = sqlQueryOne(session, sql, params);
    return row ? row->i64(0) : 0;
}

std::string numberPlaceholders(const std::string& sql) {
    std::string out;
    out.reserve(sql.size() + 16);
    int n = 0;
    bool inString = false;
    for (char c : sql) {
        if (c == '\'') inString = !inString;
        if (c == '?' && !inString) {
            out += '$';
            out += std::to_string(++n);
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace finimport::store
