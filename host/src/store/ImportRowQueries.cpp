#include "store/ImportRowQueries.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// `%text%` for LIKE … ESCAPE '!': the pattern characters in `text` match themselves.
std::string containsPattern(const std::string& text) {
    std::string out = "%";
    for (char c : text) {
        if (c == '%' || c == '_' || c == '!') out += '!';
        out += c;
    }
    return out + "%";
}

} // namespace

std::vector<std::string> rowFieldsContaining(Tx& s, const std::string& importId, int64_t exceptRow,
                                             bool includeInvalid, const std::string& text,
                                             int64_t limit) {
    std::vector<std::string> out;
    for (const auto& r : sqlQuery(
             s,
             "SELECT fields FROM import_rows WHERE import_id = ? AND row_number <> ? "
             "AND excluded = 0 AND "
             "(valid = 1 OR ? = 0) AND fields LIKE ? ESCAPE '!' LIMIT ?",
             {importId, exceptRow, int64_t(includeInvalid ? 0 : 1), containsPattern(text), limit}))
        out.push_back(r.str(0));
    return out;
}

std::vector<int64_t> firstInvalidRowNumbers(Tx& s, const std::string& importId, int64_t limit) {
    std::vector<int64_t> out;
    for (const auto& r : sqlQuery(s,
                                  "SELECT row_number FROM import_rows WHERE import_id = ? AND "
                                  "valid = 0 AND excluded = 0 ORDER BY row_number LIMIT ?",
                                  {importId, limit}))
        out.push_back(r.i64(0));
    return out;
}

int64_t invalidRowCount(Tx& s, const std::string& importId) {
    return sqlCount(s,
                    "SELECT COUNT(*) FROM import_rows WHERE import_id = ? "
                    "AND valid = 0 AND excluded = 0",
                    {importId});
}

} // namespace finimport::store
