// migrate, keys, families, users, balances: administration on the database.
#include "app/auth/ApiKeys.h"
#include "cli/Commands.h"
#include "cli/ConfigFlags.h"
#include "cli/LocalDatabase.h"
#include "domain/Currency.h"
#include "domain/Date.h"
#include "jobs/BalanceMaterializer.h"
#include "server/Config.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/FamilyStore.h"
#include "store/Migrations.h"

#include <Poco/DateTimeFormatter.h>
#include <Poco/DateTimeParser.h>
#include <Poco/Timestamp.h>

#include <iostream>

namespace finimport::cli {

namespace {

std::string formatMicros(std::optional<int64_t> micros) {
    if (!micros) return "-";
    return Poco::DateTimeFormatter::format(Poco::Timestamp(*micros), "%Y-%m-%dT%H:%M:%SZ");
}

} // namespace

int runMigrate(const Args& args) {
    server::Config config = loadConfig(args);
    store::Database db(config.database);
    int applied = store::migrate(db);
    std::cout << "migrated " << db.url().redacted() << ": " << applied
              << " migration(s) applied, schema version " << store::schemaVersion(db) << "\n";
    return 0;
}

int runKeysCreate(const Args& args) {
    LocalDatabase admin(args);
    app::ApiKeys keys(admin.db);
    std::optional<int64_t> expires;
    if (auto e = args.get("expires-at")) {
        int tz = 0;
        Poco::DateTime dt;
        if (!Poco::DateTimeParser::tryParse(*e, dt, tz))
            throw UsageError("--expires-at must be an ISO 8601 date-time");
        expires = (dt.timestamp() - Poco::Timespan(tz, 0)).epochMicroseconds();
    }
    std::string family = args.require("family");
    auto created =
        keys.create(family, args.get("user").value_or(args.require("name")), args.require("name"),
                    args.get("scope").value_or("read_write"), expires);
    std::cout << "created key " << created.id << " (prefix " << created.prefix << ") for family "
              << family << "\n";
    std::cout << created.key << "\n"; // the key is the last line of stdout
    return 0;
}

int runKeysList(const Args& args) {
    LocalDatabase admin(args);
    app::ApiKeys keys(admin.db);
    for (const auto& k : keys.list(args.get("family")))
        std::cout << k.id << "  " << k.prefix << "  " << k.family << "  " << k.user << "  "
                  << k.name << "  " << k.scope << "  " << k.state << "  created "
                  << formatMicros(k.createdAt) << "  expires " << formatMicros(k.expiresAt)
                  << "  last used " << formatMicros(k.lastUsedAt) << "\n";
    return 0;
}

int runKeysRevoke(const Args& args) {
    LocalDatabase admin(args);
    app::ApiKeys keys(admin.db);
    const std::string& named = args.positional[2];
    // A full key is a secret: messages show only its prefix.
    const std::string shown =
        named.size() == 64 ? "the key beginning " + named.substr(0, 8) : named;
    auto r = keys.revokeOne(named);
    using Status = app::KeyRevocation::Status;
    switch (r.status) {
    case Status::Revoked:
        std::cout << "revoked key " << r.keyId << " (prefix " << r.prefix << ", family " << r.family
                  << ")\n";
        return 0;
    case Status::AlreadyRevoked:
        std::cerr << "finimport keys revoke: key " << r.keyId << " is already revoked\n";
        return 1;
    case Status::Ambiguous: // a usage error (exit 2): the user must name one key
        std::cerr << "finimport keys revoke: prefix " << named << " matches "
                  << r.matchingIds.size() << " keys; give a key id or the full key:\n";
        for (const auto& id : r.matchingIds)
            std::cerr << "  " << id << "\n";
        return 2;
    case Status::NotFound:
        break;
    }
    std::cerr << "finimport keys revoke: no key matches " << shown << "\n";
    return 1;
}

int runFamiliesCreate(const Args& args) {
    LocalDatabase admin(args);
    store::Database& db = admin.db;
    std::string name = args.require("name");
    std::string currency = args.get("currency").value_or("USD");
    const auto* c = domain::findCurrency(currency);
    if (!c) throw UsageError("unknown currency " + currency);
    bool created = false;
    db.write([&](store::Tx& s) {
        store::FamilyStore families(s);
        if (families.familyByName(name)) return;
        families.createFamily(name, std::string(c->code));
        created = true;
    });
    std::cout << (created ? "created family " : "family exists: ") << name << "\n";
    return 0;
}

int runUsersDeactivate(const Args& args) {
    LocalDatabase admin(args);
    store::Database& db = admin.db;
    bool done = false;
    db.write([&](store::Tx& s) {
        store::FamilyStore families(s);
        auto f = families.familyByName(args.require("family"));
        if (!f) return;
        auto u = families.user(f->id, args.require("user"));
        if (u) done = families.setUserActive(u->id, false);
    });
    if (!done) {
        std::cerr << "no such user\n";
        return 1;
    }
    std::cout << "deactivated\n";
    return 0;
}

int runBalancesRecompute(const Args& args) {
    LocalDatabase admin(args);
    store::Database& db = admin.db;
    std::vector<std::string> ids;
    if (auto a = args.get("account"))
        ids.push_back(*a);
    else
        db.read([&](store::Tx& s) { ids = store::AccountStore(s).allIds(); });
    size_t rows = 0;
    for (const auto& id : ids)
        db.write([&](store::Tx& s) {
            rows += jobs::materializeBalances(s, id, domain::Date::today()).rows;
        });
    std::cout << "recomputed " << ids.size() << " account(s), " << rows << " balance rows\n";
    return 0;
}

} // namespace finimport::cli
