// Balance calculator throughput: 1,000 accounts × 10 years of daily rows, 100k entries in
// all (every account kind; investment and crypto accounts trade five securities and carry
// monthly price points). Prints rows computed per second against the target.
#include "domain/BalanceCalculator.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace finimport::domain;

namespace {

constexpr int kAccounts = 1000;
constexpr int kEntriesPerAccount = 100; // 100k in all
constexpr double kTargetRowsPerSecond = 2000000;

// SplitMix64: reproducible inputs on every run.
class Rng {
public:
    explicit Rng(uint64_t seed) : _state(seed) {}
    uint64_t next() {
        uint64_t z = (_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int64_t below(int64_t n) { return static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }

private:
    uint64_t _state;
};

// Depository-heavy, like a household: 40% depository, 10% credit card, 20% investment,
// 5% each for the other kinds.
AccountKind kindOf(int account) {
    static const AccountKind kMix[20] = {
        AccountKind::Depository, AccountKind::Depository,    AccountKind::Depository,
        AccountKind::Depository, AccountKind::Depository,    AccountKind::Depository,
        AccountKind::Depository, AccountKind::Depository,    AccountKind::CreditCard,
        AccountKind::CreditCard, AccountKind::Investment,    AccountKind::Investment,
        AccountKind::Investment, AccountKind::Investment,    AccountKind::Crypto,
        AccountKind::Property,   AccountKind::Vehicle,       AccountKind::OtherAsset,
        AccountKind::Loan,       AccountKind::OtherLiability};
    return kMix[account % 20];
}

const char* const kSecurities[] = {"SEC-A", "SEC-B", "SEC-C", "SEC-D", "SEC-E"};

BalanceInput makeAccount(int account, Date first, Date last, Rng& rng) {
    BalanceInput in;
    in.kind = kindOf(account);
    in.today = last;
    const int32_t span = last.days() - first.days() + 1;
    const BalanceKind balanceKind = balanceKindOf(in.kind);

    BalanceEntry opening;
    opening.kind = BalanceEntry::Kind::Valuation;
    opening.openingAnchor = true;
    opening.date = first;
    opening.amount = Decimal::fromInt(10000 + rng.below(90000));
    in.entries.push_back(opening);

    for (int i = 1; i < kEntriesPerAccount; ++i) {
        BalanceEntry e;
        // The last entry pins the series end to `last` (docs/decisions.md D31).
        e.date = i == kEntriesPerAccount - 1 ? last
                                             : first.addDays(static_cast<int32_t>(rng.below(span)));
        e.amount = Decimal::fromRaw((rng.below(400000) - 200000) * 1000000); // ±2,000.00
        if (balanceKind == BalanceKind::Investment && i % 2 == 0) {
            e.kind = BalanceEntry::Kind::Trade;
            e.securityId = kSecurities[rng.below(5)];
            if (i % 10 == 0) { // dividend: cash only
                e.amount = -Decimal::fromRaw(rng.below(10000) * 1000000);
            } else {
                e.qty = Decimal::fromInt(rng.below(40) - 15);
                e.price = Decimal::fromRaw((5000 + rng.below(20000)) * 1000000);
                e.amount = e.qty * e.price;
            }
        } else if (balanceKind == BalanceKind::NonCash && i % 10 == 0) {
            e.kind = BalanceEntry::Kind::Valuation;
            e.amount = Decimal::fromInt(5000 + rng.below(100000));
        } else {
            e.kind = BalanceEntry::Kind::Transaction;
        }
        in.entries.push_back(e);
    }
    if (balanceKind == BalanceKind::Investment)
        for (Date d = first; d <= last; d = d.addDays(30))
            for (const char* security : kSecurities)
                in.prices.push_back(
                    {security, d, Decimal::fromRaw((5000 + rng.below(20000)) * 1000000)});
    return in;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main() {
    const Date first = *Date::fromYmd(2015, 1, 1);
    const Date last = *Date::fromYmd(2024, 12, 31);
    Rng rng(42);
    std::vector<BalanceInput> accounts;
    accounts.reserve(kAccounts);
    size_t entries = 0;
    for (int a = 0; a < kAccounts; ++a) {
        accounts.push_back(makeAccount(a, first, last, rng));
        entries += accounts.back().entries.size();
    }

    // Full recompute of every account; rows are dropped after each account as the engine
    // would after writing them.
    auto start = std::chrono::steady_clock::now();
    size_t rows = 0;
    Decimal checksum;
    std::vector<BalanceRow> dayBeforeLast30; // seeds the incremental run below
    dayBeforeLast30.reserve(accounts.size());
    for (const BalanceInput& in : accounts) {
        std::vector<BalanceRow> computed = computeBalances(in);
        rows += computed.size();
        checksum += computed.back().endBalance();
        dayBeforeLast30.push_back(computed[computed.size() - 31]);
    }
    const double seconds = secondsSince(start);
    const double rowsPerSecond = static_cast<double>(rows) / seconds;

    // Incremental recompute of the last 30 days of every account (a typical publish).
    auto incStart = std::chrono::steady_clock::now();
    size_t incRows = 0;
    for (size_t a = 0; a < accounts.size(); ++a) {
        const BalanceRow& previous = dayBeforeLast30[a];
        incRows += computeBalancesFrom(accounts[a], previous.date.addDays(1), previous).size();
    }
    const double incSeconds = secondsSince(incStart);

    std::printf("balance_bench: %d accounts, %zu entries, %zu rows (%s..%s)\n", kAccounts, entries,
                rows, first.iso().c_str(), last.iso().c_str());
    std::printf("compute: %.3f s, %.0f rows/s (checksum %s)\n", seconds, rowsPerSecond,
                checksum.toFixed(2).c_str());
    std::printf("incremental (last 30 days of every account): %.3f s, %zu rows\n", incSeconds,
                incRows);
    std::printf("write: see store_bench (SQLite write time is measured by the store)\n");
    std::printf("target: >= %.0f rows/s\n", kTargetRowsPerSecond);
    const bool pass = rowsPerSecond >= kTargetRowsPerSecond;
    std::printf("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
