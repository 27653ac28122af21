#include "app/auth/ApiKeys.h"

#include "domain/SecureRandom.h"
#include "store/FamilyStore.h"
#include "store/Time.h"

#include <Poco/DigestEngine.h>
#include <Poco/SHA2Engine.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace finimport::app {

std::string sha256Hex(const std::string& text) {
    Poco::SHA2Engine engine(Poco::SHA2Engine::SHA_256);
    engine.update(text);
    return Poco::DigestEngine::digestToHex(engine.digest());
}

bool constantTimeEquals(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

namespace {

std::string randomHex(size_t bytes) {
    // Poco's RandomInputStream silently falls back to a non-cryptographic generator when
    // /dev/urandom cannot be opened; keys take the kernel CSPRNG or fail.
    std::vector<unsigned char> raw(bytes);
    domain::secureRandomBytes(raw.data(), raw.size());
    static const char* kHex = "0123456789abcdef";
    std::string out;
    for (unsigned char c : raw) {
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
    return out;
}

} // namespace

CreatedKey ApiKeys::create(const std::string& family, const std::string& user,
                           const std::string& name, const std::string& scope,
                           std::optional<int64_t> expiresAtMicros) {
    if (scope != "read" && scope != "read_write")
        throw std::invalid_argument("scope must be read or read_write");
    CreatedKey created;
    _db.write([&](store::Tx& s) {
        store::FamilyStore families(s);
        auto f = families.familyByName(family);
        if (!f) f = families.createFamily(family, "USD");
        auto u = families.user(f->id, user);
        if (!u) u = families.createUser(f->id, user);
        created.key = randomHex(32);
        created.prefix = created.key.substr(0, 8);
        store::ApiKeyRow row;
        row.id = store::newUuid();
        row.userId = u->id;
        row.name = name;
        row.keyHash = sha256Hex(created.key);
        row.prefix = created.prefix;
        row.scope = scope;
        row.expiresAt = expiresAtMicros;
        row.createdAt = store::nowMicros();
        families.insertKey(row);
        created.id = row.id;
        created.familyId = f->id;
        created.userId = u->id;
    });
    return created;
}

KeyAuthentication ApiKeys::authenticate(const std::string& key) {
    KeyAuthentication result;
    if (key.empty()) return result;
    const std::string hash = sha256Hex(key);
    std::optional<store::ApiKeyRow> row = store::FamilyStore::keyByHash(_db, hash);
    // The lookup is by hash; the comparison below guards against index collation surprises
    // and keeps the final check constant-time.
    if (!row || !constantTimeEquals(row->keyHash, hash)) return result;
    int64_t now = store::nowMicros();
    if (row->revokedAt || (row->expiresAt && *row->expiresAt <= now)) return result;
    if (!row->userActive) {
        result.status = KeyAuthentication::Status::Deactivated;
        return result;
    }
    result.status = KeyAuthentication::Status::Ok;
    result.keyId = row->id;
    result.userId = row->userId;
    result.familyId = row->familyId;
    result.scope = row->scope;
    _usage.used(row->id, now);
    return result;
}

std::vector<KeyListing> ApiKeys::list(const std::optional<std::string>& family) {
    std::vector<KeyListing> out;
    _db.read([&](store::Tx& s) {
        store::FamilyStore families(s);
        std::optional<std::string> familyId;
        if (family) {
            auto f = families.familyByName(*family);
            if (!f) return;
            familyId = f->id;
        }
        int64_t now = store::nowMicros();
        for (const auto& k : families.keys(familyId)) {
            KeyListing l{k.id,       k.prefix, k.name,      k.scope,      k.familyName,
                         k.userName, "active", k.expiresAt, k.lastUsedAt, k.createdAt};
            if (k.revokedAt)
                l.state = "revoked";
            else if (k.expiresAt && *k.expiresAt <= now)
                l.state = "expired";
            out.push_back(l);
        }
    });
    return out;
}

namespace {

bool looksLikeFullKey(const std::string& text) {
    return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

} // namespace

KeyRevocation ApiKeys::revokeOne(const std::string& idPrefixOrKey) {
    KeyRevocation result;
    _db.write([&](store::Tx& s) {
        store::FamilyStore families(s);
        std::optional<store::ApiKeyRow> target;
        if (looksLikeFullKey(idPrefixOrKey)) {
            target = families.keyByHash(sha256Hex(idPrefixOrKey));
        } else {
            // An id names one key. A prefix must be unique among all keys, revoked and expired
            // ones included: the user may mean a dead key of their own, not a live one of
            // another family that happens to share it.
            std::vector<store::ApiKeyRow> byPrefix;
            for (auto& k : families.keys(std::nullopt)) {
                if (k.id == idPrefixOrKey) {
                    target = k;
                    break;
                }
                if (k.prefix == idPrefixOrKey) byPrefix.push_back(k);
            }
            if (!target && byPrefix.size() > 1) {
                result.status = KeyRevocation::Status::Ambiguous;
                for (const auto& k : byPrefix)
                    result.matchingIds.push_back(k.id);
                std::sort(result.matchingIds.begin(), result.matchingIds.end());
                return;
            }
            if (!target && byPrefix.size() == 1) target = byPrefix.front();
        }
        if (!target) return;
        result.keyId = target->id;
        result.prefix = target->prefix;
        result.family = target->familyName;
        if (target->revokedAt) {
            result.status = KeyRevocation::Status::AlreadyRevoked;
            return;
        }
        if (families.revokeKey(target->id, store::nowMicros()) == 1)
            result.status = KeyRevocation::Status::Revoked;
    });
    return result;
}

} // namespace finimport::app
