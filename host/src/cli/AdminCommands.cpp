// migrate, keys, families, users, balances: administration on the database.
#include "app/ApiKeys.h"
#include "app/Config.h"
#include "cli/Commands.h"
#include "domain/Currency.h"
#include "domain/Date.h"
#include "jobs/BalanceMaterializer.h"
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

app::Config loadConfig(const Args& args) {
    std::map<std::string, std::string> flags;
    for (const char* name : {"database", "config"})
        if (auto v = args.get(name)) flags[name] = *v;
    return app::Config::load(flags, {});
}

std::string formatMicros(std::optional<int64_t> micros) {
    if (!micros) return "-";
    return Poco::DateTimeFormatter::format(Poco::Timestamp(*micros), "%Y-%m-%dT%H:%M:%SZ");
}

} // namespace

int runMigrate(const Args& args) {
    app::Config config = loadConfig(args);
    store::Database db(config.database);
    int applied = store::migrate(db);
    std::cout << "migrated " << db.url().redacted() << ": " << applied
              << " migration(s) applied, schema version " << store::schemaVersion(db) << "\n";
    return 0;
}

int runKeys(const Args& args) {
    if (args.positional.size() < 2) throw UsageError("keys create|list|revoke");
    app::Config config = loadConfig(args);
    store::Database db(config.database);
    store::migrate(db);
    app::ApiKeys keys(db);
    const std::string& action = args.positional[1];
    if (action == "create") {
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
            keys.create(family, args.get("user").value_or(args.require("name")),
                        args.require("name"), args.get("scope").value_or("read_write"), expires);
        std::cout << "created key " << created.id << " (prefix " << created.prefix
                  << ") for family " << family << "\n";
        std::cout << created.key << "\n"; // the key is the last line of stdout
        return 0;
    }
    if (action == "list") {
        for (const auto& k : keys.list(args.get("family")))
            std::cout << k.id << "  " << k.prefix << "  " << k.family << "  " << k.user << "  "
                      << k.name << "  " << k.scope << "  " << k.state << "  created "
                      << formatMicros(k.createdAt) << "  expires " << formatMicros(k.expiresAt)
                      << "  last used " << formatMicros(k.lastUsedAt) << "\n";
        return 0;
    }
    if (action == "revoke") {
        if (args.positional.size() < 3) throw UsageError("keys revoke KEY_ID|PREFIX");
        int n = keys.revoke(args.positional[2]);
        if (n == 0) {
            std::cerr << "no active key matches " << args.positional[2] << "\n";
            return 1;
        }
        std::cout << "revoked " << n << " key(s)\n";
        return 0;
    }
    throw UsageError("keys create|list|revoke");
}

int runFamilies(const Args& args) {
    if (args.positional.size() < 2 || args.positional[1] != "create")
        throw UsageError("families create --name F [--currency CODE]");
    app::Config config = loadConfig(args);
    store::Database db(config.database);
    store::migrate(db);
    std::string name = args.require("name");
    std::string currency = args.get("currency").value_or("USD");
    const auto* c = domain::findCurrency(currency);
    if (!c) throw UsageError("unknown currency " + currency);
    bool created = false;
    db.write([&](Poco::Data::Session& s) {
        store::FamilyStore families(s);
        if (families.familyByName(name)) return;
        families.createFamily(name, std::string(c->code));
        created = true;
    });
    std::cout << (created ? "created family " : "family exists: ") << name << "\n";
    return 0;
}

int runUsers(const Args& args) {
    if (args.positional.size() < 2 || args.positional[1] != "deactivate")
        throw UsageError("users deactivate --family F --user U");
    app::Config config = loadConfig(args);
    store::Database db(config.database);
    store::migrate(db);
    bool done = false;
    db.write([&](Poco::Data::Session& s) {
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

int runBalances(const Args& args) {
    if (args.positional.size() < 2 || args.positional[1] != "recompute")
        throw UsageError("balances recompute [--account ID]");
    app::Config config = loadConfig(args);
    store::Database db(config.database);
    store::migrate(db);
    std::vector<std::string> ids;
    if (auto a = args.get("account"))
        ids.push_back(*a);
    else
        db.read([&](Poco::Data::Session& s) { ids = store::AccountStore(s).allIds(); });
    size_t rows = 0;
    for (const auto& id : ids)
        db.write([&](Poco::Data::Session& s) {
            rows += jobs::materializeBalances(s, id, domain::Date::today()).rows;
        });
    std::cout << "recomputed " << ids.size() << " account(s), " << rows << " balance rows\n";
    return 0;
}

} // namespace finimport::cli
