#include "store/FamilyStore.h"
#include "store/Columns.h"

#include "store/Database.h"
#include "store/Sql.h"
#include "store/StatementCache.h"
#include "store/Time.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

const char* kKeySelect =
    "SELECT k.id, k.user_id, k.name, k.key_hash, k.prefix, k.scope, k.expires_at, k.revoked_at, "
    "k.last_used_at, k.created_at, u.family_id, f.name, u.name, u.active "
    "FROM api_keys k JOIN users u ON u.id = k.user_id JOIN families f ON f.id = u.family_id ";

// SqlRow (Poco) or NativeRow (StatementCache).
template <class Row> ApiKeyRow keyFrom(const Row& r) {
    ApiKeyRow k;
    readColumns(r, k.id, k.userId, k.name, k.keyHash, k.prefix, k.scope, k.expiresAt, k.revokedAt,
                k.lastUsedAt, k.createdAt, k.familyId, k.familyName, k.userName, k.userActive);
    return k;
}

} // namespace

std::optional<FamilyRow> FamilyStore::familyByName(const std::string& name) {
    auto r = sqlQueryOne(_s, "SELECT id, name, currency FROM families WHERE name = ?", {name});
    if (!r) return std::nullopt;
    return FamilyRow{r->str(0), r->str(1), r->str(2)};
}

std::optional<FamilyRow> FamilyStore::familyById(const std::string& id) {
    auto r = sqlQueryOne(_s, "SELECT id, name, currency FROM families WHERE id = ?", {id});
    if (!r) return std::nullopt;
    return FamilyRow{r->str(0), r->str(1), r->str(2)};
}

FamilyRow FamilyStore::createFamily(const std::string& name, const std::string& currency) {
    FamilyRow f{newUuid(), name, currency};
    int64_t now = nowMicros();
    sqlExec(
        _s,
        "INSERT INTO families (id, name, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        {f.id, f.name, f.currency, now, now});
    return f;
}

std::optional<UserRow> FamilyStore::user(const std::string& familyId, const std::string& name) {
    auto r = sqlQueryOne(
        _s, "SELECT id, family_id, name, active FROM users WHERE family_id = ? AND name = ?",
        {familyId, name});
    if (!r) return std::nullopt;
    return UserRow{r->str(0), r->str(1), r->str(2), r->i64(3) != 0};
}

std::optional<UserRow> FamilyStore::userById(const std::string& id) {
    auto r = sqlQueryOne(_s, "SELECT id, family_id, name, active FROM users WHERE id = ?", {id});
    if (!r) return std::nullopt;
    return UserRow{r->str(0), r->str(1), r->str(2), r->i64(3) != 0};
}

UserRow FamilyStore::createUser(const std::string& familyId, const std::string& name) {
    UserRow u{newUuid(), familyId, name, true};
    int64_t now = nowMicros();
    sqlExec(_s,
            "INSERT INTO users (id, family_id, name, active, created_at, updated_at) "
            "VALUES (?, ?, ?, 1, ?, ?)",
            {u.id, familyId, name, now, now});
    return u;
}

bool FamilyStore::setUserActive(const std::string& userId, bool active) {
    return sqlExec(_s, "UPDATE users SET active = ?, updated_at = ? WHERE id = ?",
                   {int64_t(active ? 1 : 0), nowMicros(), userId}) > 0;
}

void FamilyStore::insertKey(const ApiKeyRow& k) {
    sqlExec(_s,
            "INSERT INTO api_keys (id, user_id, name, key_hash, prefix, scope, expires_at, "
            "revoked_at, last_used_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, "
            "NULL, ?, ?)",
            {k.id, k.userId, k.name, k.keyHash, k.prefix, k.scope, sqlOpt(k.expiresAt), k.createdAt,
             k.createdAt});
}

std::optional<ApiKeyRow> FamilyStore::keyByHash(const std::string& keyHash) {
    auto r = sqlQueryOne(_s, std::string(kKeySelect) + "WHERE k.key_hash = ?", {keyHash});
    if (!r) return std::nullopt;
    return keyFrom(*r);
}

std::optional<ApiKeyRow> FamilyStore::keyByHash(Database& db, const std::string& keyHash) {
    std::optional<ApiKeyRow> row;
    const std::string sql = std::string(kKeySelect) + "WHERE k.key_hash = ?";
    db.read([&](Tx& s) {
        db.statements().query(s, sql, {keyHash}, [&](const NativeRow& r) { row = keyFrom(r); });
    });
    return row;
}

std::vector<ApiKeyRow> FamilyStore::keys(const std::optional<std::string>& familyId) {
    std::vector<SqlRow> rows =
        familyId
            ? sqlQuery(
                  _s, std::string(kKeySelect) + "WHERE u.family_id = ? ORDER BY k.created_at, k.id",
                  {*familyId})
            : sqlQuery(_s, std::string(kKeySelect) + "ORDER BY f.name, k.created_at, k.id");
    std::vector<ApiKeyRow> out;
    for (const auto& r : rows)
        out.push_back(keyFrom(r));
    return out;
}

int FamilyStore::revokeKey(const std::string& keyId, int64_t now) {
    return static_cast<int>(sqlExec(_s,
                                    "UPDATE api_keys SET revoked_at = ?, updated_at = ? "
                                    "WHERE id = ? AND revoked_at IS NULL",
                                    {now, now, keyId}));
}

void FamilyStore::touchKey(const std::string& keyId, int64_t now) {
    sqlExec(_s, "UPDATE api_keys SET last_used_at = ? WHERE id = ?", {now, keyId});
}

} // namespace finimport::store
