#include "app/ApiKeys.h"

#include "store/FamilyStore.h"
#include "store/Time.h"

#include <Poco/DigestEngine.h>
#include <Poco/RandomStream.h>
#include <Poco/SHA2Engine.h>

#include <stdexcept>

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
    Poco::RandomInputStream random;
    static const char* kHex = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < bytes; ++i) {
        unsigned char c = static_cast<unsigned char>(random.get());
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
    _db.write([&](Poco::Data::Session& s) {
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
    std::optional<store::ApiKeyRow> row;
    _db.read([&](Poco::Data::Session& s) { row = store::FamilyStore(s).keyByHash(hash); });
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
    _db.read([&](Poco::Data::Session& s) {
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

int ApiKeys::revoke(const std::string& idOrPrefix) {
    int n = 0;
    _db.write([&](Poco::Data::Session& s) {
        n = store::FamilyStore(s).revokeKey(idOrPrefix, store::nowMicros());
    });
    return n;
}

} // namespace finimport::app
