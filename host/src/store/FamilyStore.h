#pragma once
// Tenants and who acts for them: families, users, API keys (stored hashed).

#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

class Database;

struct FamilyRow {
    std::string id, name, currency;
};

struct UserRow {
    std::string id, familyId, name;
    bool active = true;
};

struct ApiKeyRow {
    std::string id, userId, name, keyHash, prefix, scope;
    std::optional<int64_t> expiresAt, revokedAt, lastUsedAt;
    int64_t createdAt = 0;
    // Joined for authentication and listing.
    std::string familyId, familyName, userName;
    bool userActive = true;
};

class FamilyStore {
public:
    explicit FamilyStore(Tx& s) : _s(s) {}

    std::optional<FamilyRow> familyByName(const std::string& name);
    std::optional<FamilyRow> familyById(const std::string& id);
    FamilyRow createFamily(const std::string& name, const std::string& currency);

    std::optional<UserRow> user(const std::string& familyId, const std::string& name);
    std::optional<UserRow> userById(const std::string& id);
    UserRow createUser(const std::string& familyId, const std::string& name);
    bool setUserActive(const std::string& userId, bool active);

    void insertKey(const ApiKeyRow& key);
    std::optional<ApiKeyRow> keyByHash(const std::string& keyHash);
    // The same lookup with its own pooled session of the primary and the connection's cached
    // statement: it runs on every request (authentication), and a revoked key must not pass
    // on a lagging replica.
    static std::optional<ApiKeyRow> keyByHash(Database& db, const std::string& keyHash);
    std::vector<ApiKeyRow> keys(const std::optional<std::string>& familyId);
    // Revokes by id or by prefix; returns how many keys were revoked.
    int revokeKey(const std::string& keyId, int64_t now); // one key, by id
    void touchKey(const std::string& keyId, int64_t now);

private:
    Tx& _s;
};

} // namespace finimport::store
