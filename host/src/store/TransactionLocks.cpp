#include "store/TransactionLocks.h"

#include "store/Sql.h"
#include "store/TxSession.h"

#include <cctype>

namespace finimport::store {

namespace {

void store(Tx& s, const std::string& entryId, const LockMap& locks) {
    sqlExec(
        s, "UPDATE entries SET locked_attributes = ? WHERE id = ?",
        {locks.empty() ? SqlValue(nullptr) : SqlValue(TransactionLocks::encode(locks)), entryId});
}

} // namespace

std::string TransactionLocks::encode(const LockMap& locks) {
    std::string out = "{";
    for (const auto& [attribute, at] : locks) {
        if (out.size() > 1) out += ",";
        out += "\"" + attribute + "\":" + std::to_string(at);
    }
    return out + "}";
}

LockMap TransactionLocks::decode(const std::string& text) {
    // The encoder's own shape: keys are lower-case names, values integers.
    LockMap out;
    size_t i = 0;
    auto skipSpace = [&] {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
    };
    skipSpace();
    if (i >= text.size() || text[i] != '{') return {};
    ++i;
    while (true) {
        skipSpace();
        if (i < text.size() && text[i] == '}') return out;
        if (i >= text.size() || text[i] != '"') return {};
        size_t close = text.find('"', i + 1);
        if (close == std::string::npos) return {};
        std::string key = text.substr(i + 1, close - i - 1);
        i = close + 1;
        skipSpace();
        if (i >= text.size() || text[i] != ':') return {};
        ++i;
        skipSpace();
        size_t start = i;
        if (i < text.size() && text[i] == '-') ++i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
        if (i == start || i - start > 19) return {};
        out[key] = std::stoll(text.substr(start, i - start));
        skipSpace();
        if (i < text.size() && text[i] == ',') ++i;
    }
}

void TransactionLocks::lock(Tx& s, const std::string& entryId,
                            const std::vector<std::string>& attributes, int64_t at) {
    if (attributes.empty()) return;
    LockMap locks = locked(s, entryId);
    for (const auto& a : attributes)
        locks[a] = at;
    store(s, entryId, locks);
}

LockMap TransactionLocks::locked(Tx& s, const std::string& entryId) {
    auto row = sqlQueryOne(s, "SELECT locked_attributes FROM entries WHERE id = ?", {entryId});
    if (!row || !row->optStr(0)) return {};
    return decode(*row->optStr(0));
}

void TransactionLocks::unlock(Tx& s, const std::string& entryId,
                              const std::vector<std::string>& attributes) {
    LockMap locks = locked(s, entryId);
    if (attributes.empty())
        locks.clear();
    else
        for (const auto& a : attributes)
            locks.erase(a);
    store(s, entryId, locks);
}

} // namespace finimport::store
