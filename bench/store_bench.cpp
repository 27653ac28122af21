// Store write throughput: 1,000 accounts × 10 years of daily balance rows (3.65M rows) written
// to a fresh SQLite file through the real path (jobs::materializeBalances → BalanceStore),
// one write transaction per account. Entries (an opening anchor plus ~8 per month) are
// inserted beforehand and not timed. Prints rows/s and the write time against the target.
// Usage: store_bench [accounts] [years] [path.db]   (defaults 1000 10 <tmp>/store_bench.db)
#include "domain/Date.h"
#include "jobs/BalanceMaterializer.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/EntryStore.h"
#include "store/FamilyStore.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace finimport;

namespace {

// SQLite on local disk, one transaction per account: the full 3.65M rows within ~6 minutes.
constexpr double kTargetRowsPerSecond = 10000;

// Depository-heavy, like a household; every kind the engine knows appears.
const char* kindOf(int account) {
    static const char* kMix[10] = {"depository",  "depository", "depository", "depository",
                                   "credit_card", "investment", "loan",       "property",
                                   "crypto",      "other_asset"};
    return kMix[account % 10];
}

// SplitMix64 for reproducible amounts.
uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

} // namespace

int main(int argc, char** argv) {
    const int accounts = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int years = argc > 2 ? std::atoi(argv[2]) : 10;
    const std::string path =
        argc > 3 ? argv[3] : (std::filesystem::temp_directory_path() / "store_bench.db").string();
    if (accounts <= 0 || years <= 0) {
        std::fprintf(stderr, "usage: store_bench [accounts>0] [years>0] [path.db]\n");
        return 2;
    }
    for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(path + suffix);
    store::Database db("sqlite:" + path);
    store::migrate(db);

    const domain::Date today = domain::Date::today();
    const domain::Date start = today.addYears(-years).addDays(1);
    std::vector<std::string> ids;
    auto setupStart = std::chrono::steady_clock::now();
    size_t entryCount = 0;
    db.write([&](finimport::store::Tx& s) {
        auto family = store::FamilyStore(s).createFamily("Bench", "USD");
        store::AccountStore accountStore(s);
        store::EntryStore entries(s);
        for (int a = 0; a < accounts; ++a) {
            store::AccountRow row;
            row.familyId = family.id;
            row.name = "Account " + std::to_string(a);
            row.accountType = kindOf(a);
            row.currency = "USD";
            accountStore.insert(row);
            ids.push_back(row.id);
            store::EntryRow anchor;
            anchor.accountId = row.id;
            anchor.date = start.iso();
            anchor.amount = int64_t(1000 + a) * 100000000;
            anchor.currency = "USD";
            anchor.name = "Opening balance";
            entries.insertValuation(anchor, "opening_anchor");
            ++entryCount;
            // About eight transactions a month; the last one on today so the series ends today.
            for (domain::Date d = start.addDays(3); d <= today; d = d.addDays(4)) {
                store::EntryRow e;
                e.accountId = row.id;
                e.date = d.iso();
                e.amount =
                    int64_t(mix(uint64_t(a) * 100003u + uint64_t(d.days())) % 20000) * 1000000 -
                    10000000000;
                e.currency = "USD";
                e.name = "Bench";
                entries.insertTransaction(e, store::TransactionDetail{});
                ++entryCount;
            }
            store::EntryRow last;
            last.accountId = row.id;
            last.date = today.iso();
            last.amount = 100000000;
            last.currency = "USD";
            last.name = "Bench";
            entries.insertTransaction(last, store::TransactionDetail{});
            ++entryCount;
        }
    });
    const double setupSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - setupStart).count();

    size_t rows = 0;
    auto writeStart = std::chrono::steady_clock::now();
    for (const auto& id : ids)
        db.write(
            [&](finimport::store::Tx& s) { rows += jobs::materializeBalances(s, id, today).rows; });
    const double writeSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - writeStart).count();
    int64_t stored = 0;
    db.read([&](finimport::store::Tx& s) {
        stored = store::sqlCount(s, "SELECT COUNT(*) FROM balances");
    });

    const double rowsPerSecond = writeSeconds > 0 ? double(rows) / writeSeconds : 0;
    std::printf("store_bench: %d accounts x %d years, %zu entries (setup %.1f s), %s\n", accounts,
                years, entryCount, setupSeconds, path.c_str());
    std::printf("write: %zu balance rows (%lld stored) in %.3f s, %.0f rows/s\n", rows,
                static_cast<long long>(stored), writeSeconds, rowsPerSecond);
    std::printf("target: >= %.0f rows/s\n", kTargetRowsPerSecond);
    const bool pass = rowsPerSecond >= kTargetRowsPerSecond && int64_t(rows) == stored;
    std::printf("%s\n", pass ? "PASS" : "FAIL");
    for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(path + suffix);
    return pass ? 0 : 1;
}
