#pragma once
// API keys: 64 random hex characters, stored only as a SHA-256 hash beside a non-secret
// 8-character prefix; compared in constant time; never logged.

#include "app/auth/KeyUsage.h"
#include "store/Database.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

struct KeyAuthentication {
    enum class Status { Ok, Invalid, Deactivated } status = Status::Invalid;
    std::string keyId, userId, familyId, scope;
};

struct CreatedKey {
    std::string id, prefix, key, familyId, userId;
};

struct KeyListing {
    std::string id, prefix, name, scope, family, user, state; // state: active/revoked/expired
    std::optional<int64_t> expiresAt, lastUsedAt;
    int64_t createdAt = 0;
};

struct KeyRevocation {
    enum class Status { Revoked, NotFound, AlreadyRevoked, Ambiguous } status = Status::NotFound;
    std::string keyId, prefix, family;    // the key named (Revoked, AlreadyRevoked)
    std::vector<std::string> matchingIds; // Ambiguous: every key sharing the prefix
};

std::string sha256Hex(const std::string& text);
bool constantTimeEquals(const std::string& a, const std::string& b);

class ApiKeys {
public:
    explicit ApiKeys(store::Database& db,
                     int64_t usageIntervalMicros = KeyUsageRecorder::kDefaultIntervalMicros)
        : _db(db), _usage(db, usageIntervalMicros) {}

    // Creates the family (currency USD) and the user when missing.
    CreatedKey create(const std::string& family, const std::string& user, const std::string& name,
                      const std::string& scope, std::optional<int64_t> expiresAtMicros);
    // Reads only: the key's last_used_at is noted in memory and written off the request path
    // (KeyUsageRecorder).
    KeyAuthentication authenticate(const std::string& key);
    std::vector<KeyListing> list(const std::optional<std::string>& family);
    // Revokes exactly one key, named by its id, its 8-character prefix or the full key (compared
    // by hash). A prefix shared by several keys (any family, any state) revokes nothing.
    KeyRevocation revokeOne(const std::string& idPrefixOrKey);
    int revoke(const std::string& idPrefixOrKey) { // 1 when a key was revoked, else 0
        return revokeOne(idPrefixOrKey).status == KeyRevocation::Status::Revoked ? 1 : 0;
    }

    KeyUsageRecorder& usage() { return _usage; }

private:
    store::Database& _db;
    KeyUsageRecorder _usage;
};

} // namespace finimport::app
