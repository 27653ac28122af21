#pragma once
// The ledger at state for the benchmarks (docs/decisions.md D80): one family, 100 accounts, ten
// years of history (2016-01-01 .. 2025-12-31), `total` transactions in all of which `big` in the
// first account ("Main"), the rest spread over the other 99; each account's balances
// materialized. Written inside the database (INSERT … SELECT over a generated series), not through
// the API. SQLite: cached in build/bench-state/, keyed by schema version and sizes, and copied for
// each run; PostgreSQL: built in the run's own database.
// Amounts: |amount| >= 5,000.00 (BenchCsv's bank file stays under 400.00, so its rows have no twin
// in the ledger unless asked for: twinCsv).

#include "domain/Date.h"
#include "jobs/BalanceMaterializer.h"
#include "store/Database.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace finimport::bench {

constexpr int kStateAccounts = 100, kStateDays = 3653; // 2016-01-01 .. 2025-12-31
constexpr const char* kMainAccountId = "00000000-0000-4000-8000-000000000000";

// The i-th entry of the big account: its day (from 2016-01-01) and amount in cents (engine sign).
inline int stateDay(int64_t i, int64_t big) {
    return static_cast<int>(i * kStateDays / big);
}
inline int64_t stateCents(int64_t i) {
    return 500000 + (i * 2654435761LL) % 1000000; // 5,000.00 .. 14,999.99, spent
}

struct StateInfo {
    std::string familyId, key;
};

inline void seedState(const std::string& url, bool postgres, int64_t total, int64_t big,
                      StateInfo& info,
                      const std::function<std::string(store::Database&)>& makeKey) {
    store::Database db(url);
    store::migrate(db);
    info.key = makeKey(db);
    db.read([&](store::Tx& s) {
        info.familyId = store::sqlQueryOne(s, "SELECT id FROM families LIMIT 1")->str(0);
    });
    const std::string series = postgres ? "generate_series(0::bigint, ?::bigint - 1) n(i)" : "n";
    const std::string with =
        postgres ? ""
                 : "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < "
                   "? - 1) ";
    const std::string pad = postgres ? "lpad(%s::text, 12, '0')" : "printf('%%012d', %s)";
    auto padded = [&](const std::string& expr) {
        char out[128];
        std::snprintf(out, sizeof out, pad.c_str(), expr.c_str());
        return std::string(out);
    };
    const std::string dayOf = postgres ? "to_char(date '2016-01-01' + (%s)::int, 'YYYY-MM-DD')"
                                       : "date('2016-01-01', '+' || (%s) || ' days')";
    auto dated = [&](const std::string& expr) {
        char out[256];
        std::snprintf(out, sizeof out, dayOf.c_str(), expr.c_str());
        return std::string(out);
    };
    db.write([&](store::Tx& s) {
        store::sqlExec(s,
                       with +
                           "INSERT INTO accounts (id, family_id, name, account_type, currency, "
                           "balance, created_at, updated_at) SELECT '00000000-0000-4000-8000-' "
                           "|| " +
                           padded("i") +
                           ", ?, CASE WHEN i = 0 THEN 'Main' ELSE 'Account ' || i END, "
                           "'depository', 'USD', 0, 1700000000000000, 1700000000000000 FROM " +
                           series,
                       // The series' bound comes first on SQLite (WITH), last on PostgreSQL.
                       postgres
                           ? std::vector<store::SqlValue>{info.familyId, int64_t(kStateAccounts)}
                           : std::vector<store::SqlValue>{int64_t(kStateAccounts), info.familyId});
        // The big account: dates in order, about 274 a day over ten years.
        store::sqlExec(
            s,
            with +
                "INSERT INTO entries (id, account_id, entryable_type, date, amount, "
                "currency, name, created_at, updated_at) SELECT "
                "'00000000-0000-4000-9000-' || " +
                padded("i") + ", '" + kMainAccountId + "', 'Transaction', " +
                dated("i * " + std::to_string(kStateDays) + " / " + std::to_string(big)) +
                ", (500000 + (i * 2654435761) % 1000000) * 1000000, 'USD', 'Payee ' "
                "|| (i % 400), 1600000000000000 + i, 1600000000000000 + i FROM " +
                series,
            {big});
        // The rest over the other 99 accounts.
        if (total > big)
            store::sqlExec(
                s,
                with +
                    "INSERT INTO entries (id, account_id, entryable_type, date, amount, "
                    "currency, name, created_at, updated_at) SELECT "
                    "'00000000-0000-4000-a000-' || " +
                    padded("i") + ", '00000000-0000-4000-8000-' || " + padded("(1 + i % 99)") +
                    ", 'Transaction', " +
                    dated("(i / 99) * " + std::to_string(kStateDays) + " / " +
                          std::to_string((total - big) / 99 + 1)) +
                    ", (500000 + (i * 2654435761) % 1000000) * 1000000, 'USD', 'Payee ' || (i "
                    "% 400), 1600000000000000 + i, 1600000000000000 + i FROM " +
                    series,
                {total - big});
    });
    if (postgres) db.read([&](store::Tx& s) { store::sqlExec(s, "ANALYZE"); });
    // Balances of every account, as publishes would have left them.
    std::vector<std::string> accounts;
    db.read([&](store::Tx& s) {
        for (const auto& r : store::sqlQuery(s, "SELECT id FROM accounts ORDER BY id"))
            accounts.push_back(r.str(0));
    });
    for (const auto& id : accounts)
        db.write([&](store::Tx& s) { jobs::materializeBalances(s, id, domain::Date::today()); });
    if (postgres) db.read([&](store::Tx& s) { store::sqlExec(s, "ANALYZE"); });
}

// Rows whose dates and amounts each equal an entry of the big account (under other names):
// entries of 2021-2023, the years of BenchCsv's bank file.
inline std::string twinCsv(int rows, int64_t big) {
    std::string csv = "date,name,amount\n";
    const auto start = *domain::Date::parseIso("2016-01-01");
    const int64_t first = (1827 * big + kStateDays - 1) / kStateDays; // 2021-01-01
    const int64_t last = 2922 * big / kStateDays;                     // 2024-01-01
    const int64_t stride = std::max<int64_t>(1, (last - first) / rows);
    for (int j = 0; j < rows; ++j) {
        const int64_t i = first + (j * stride) % std::max<int64_t>(1, last - first);
        const int64_t cents = stateCents(i); // spent: the file's -cents
        char line[96];
        std::snprintf(line, sizeof line, "%s,Twin %d,-%lld.%02lld\n",
                      start.addDays(stateDay(i, big)).iso().c_str(), j,
                      static_cast<long long>(cents / 100), static_cast<long long>(cents % 100));
        csv += line;
    }
    return csv;
}

} // namespace finimport::bench
