#include "store/BalanceStore.h"
#include "store/Columns.h"
#include "store/StoreCounters.h"

#include "store/BatchInsert.h"
#include "store/CachedReads.h"
#include "store/Database.h"
#include "store/ListCounts.h"
#include "store/PageAnchors.h"
#include "store/PgNative.h"
#include "store/ReadStamps.h"
#include "store/Sql.h"
#include "store/StatementCache.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <Poco/Data/Binding.h>
#include <Poco/Data/Statement.h>
#include <algorithm>
#include <array>

namespace finimport::store {

namespace {

const char* kColumns =
    "b.id, b.account_id, b.date, b.currency, b.balance, b.cash_balance, b.start_cash_balance, "
    "b.start_non_cash_balance, b.cash_inflows, b.cash_outflows, b.non_cash_inflows, "
    "b.non_cash_outflows, b.net_market_flows, b.cash_adjustments, b.non_cash_adjustments, "
    "b.end_cash_balance, b.end_non_cash_balance, b.flows_factor, b.created_at, b.updated_at, "
    "a.name, a.account_type";

// SqlRow (Poco) or NativeRow (StatementCache).
template <class Row> BalanceRecord balanceFrom(const Row& r) {
    BalanceRecord b;
    readColumns(r, b.id, b.accountId, b.date, b.currency, b.balance, b.cashBalance, b.startCash,
                b.startNonCash, b.cashInflows, b.cashOutflows, b.nonCashInflows, b.nonCashOutflows,
                b.netMarketFlows, b.cashAdjustments, b.nonCashAdjustments, b.endCash, b.endNonCash,
                b.flowsFactor, b.createdAt, b.updatedAt, b.accountName, b.accountType);
    return b;
}

// `ordered`: CROSS JOIN keeps balances the outer table on SQLite, so a page walks
// balances_date backwards and stops after `limit` rows instead of sorting every row of the
// family (PostgreSQL plans it as an inner join). Counting goes accounts first instead.
std::string whereClause(const BalanceFilter& f, std::vector<SqlValue>& params, bool ordered) {
    std::string w = ordered ? "FROM balances b CROSS JOIN accounts a WHERE a.id = b.account_id "
                              "AND a.family_id = ?"
                            : "FROM balances b JOIN accounts a ON a.id = b.account_id WHERE "
                              "a.family_id = ?";
    params.push_back(f.familyId);
    andIf(w, params, "b.account_id = ?", f.accountId);
    andIf(w, params, "b.currency = ?", f.currency);
    andIf(w, params, "b.date >= ?", f.startDate);
    andIf(w, params, "b.date <= ?", f.endDate);
    return w;
}

// The columns replace() writes, in value order (both paths).
const std::vector<std::string>& insertColumns() {
    static const std::vector<std::string> columns = {"id",
                                                     "account_id",
                                                     "date",
                                                     "currency",
                                                     "balance",
                                                     "cash_balance",
                                                     "start_cash_balance",
                                                     "start_non_cash_balance",
                                                     "cash_inflows",
                                                     "cash_outflows",
                                                     "non_cash_inflows",
                                                     "non_cash_outflows",
                                                     "net_market_flows",
                                                     "cash_adjustments",
                                                     "non_cash_adjustments",
                                                     "end_cash_balance",
                                                     "end_non_cash_balance",
                                                     "flows_factor",
                                                     "created_at",
                                                     "updated_at"};
    return columns;
}

// The columns after `cash_balance` up to `flows_factor`, in insertColumns() order.
constexpr size_t kFlowColumns = 12;
std::array<int64_t, kFlowColumns> flowValues(const BalanceRecord& r) {
    return {r.startCash,          r.startNonCash,    r.cashInflows,    r.cashOutflows,
            r.nonCashInflows,     r.nonCashOutflows, r.netMarketFlows, r.cashAdjustments,
            r.nonCashAdjustments, r.endCash,         r.endNonCash,     r.flowsFactor};
}

// A new row of the account, written at `now`.
void stamp(BalanceRecord& r, const std::string& accountId, int64_t now) {
    if (r.id.empty()) r.id = newUuid();
    r.accountId = accountId;
    r.createdAt = r.updatedAt = now;
}

} // namespace

void BalanceStore::replace(const std::string& accountId, const std::optional<std::string>& fromDate,
                           std::vector<BalanceRecord>& rows) {
    if (fromDate)
        sqlExec(_s, "DELETE FROM balances WHERE account_id = ? AND date >= ?",
                {accountId, *fromDate});
    else
        sqlExec(_s, "DELETE FROM balances WHERE account_id = ?", {accountId});
    if (rows.empty()) return;

    if (isPostgresSession(_s)) {
        // PostgreSQL: Poco runs a bound vector as one INSERT per row; COPY writes them at once.
        const int64_t now = nowMicros();
        BatchInsert batch(_s, "balances", insertColumns(), 10000);
        for (auto& r : rows) {
            stamp(r, accountId, now);
            std::vector<SqlValue> values = {r.id,       accountId, r.date,
                                            r.currency, r.balance, sqlOpt(r.cashBalance)};
            for (int64_t v : flowValues(r))
                values.emplace_back(v);
            values.emplace_back(now);
            values.emplace_back(now);
            batch.add(std::move(values));
        }
        batch.flush();
        return;
    }

    // Column vectors bound in bulk: one statement for all rows (docs/build-notes.md §3).
    const size_t n = rows.size();
    std::vector<std::string> ids(n), accountIds(n, accountId), dates(n), currencies(n);
    std::vector<Poco::Int64> cols[16];
    for (auto& c : cols)
        c.resize(n);
    std::vector<Poco::Nullable<Poco::Int64>> cash(n);
    int64_t now = nowMicros();
    for (size_t i = 0; i < n; ++i) {
        auto& r = rows[i];
        stamp(r, accountId, now);
        ids[i] = r.id;
        dates[i] = r.date;
        currencies[i] = r.currency;
        if (r.cashBalance) cash[i] = *r.cashBalance;
        const auto flows = flowValues(r);
        int64_t values[16] = {r.balance};
        std::copy(flows.begin(), flows.end(), values + 1);
        values[1 + kFlowColumns] = values[2 + kFlowColumns] = now; // created_at, updated_at
        for (int c = 0; c < 16; ++c)
            cols[c][i] = values[c];
    }
    using namespace Poco::Data::Keywords;
    std::string sql = "INSERT INTO balances (", marks;
    for (const auto& column : insertColumns()) {
        sql += (marks.empty() ? "" : ", ") + column;
        marks += marks.empty() ? "?" : ", ?";
    }
    sql += ") VALUES (" + marks + ")";
    Poco::Data::Statement st(_s);
    st << sql, use(ids), use(accountIds), use(dates), use(currencies), use(cols[0]), use(cash),
        use(cols[1]), use(cols[2]), use(cols[3]), use(cols[4]), use(cols[5]), use(cols[6]),
        use(cols[7]), use(cols[8]), use(cols[9]), use(cols[10]), use(cols[11]), use(cols[12]),
        use(cols[13]), use(cols[14]);
    counters::statement();
    st.execute();
}

std::optional<BalanceRecord> BalanceStore::on(const std::string& accountId,
                                              const std::string& date) {
    auto r = sqlQueryOne(_s,
                         std::string("SELECT ") + kColumns +
                             " FROM balances b JOIN accounts a ON a.id = b.account_id "
                             "WHERE b.account_id = ? AND b.date = ?",
                         {accountId, date});
    if (!r) return std::nullopt;
    return balanceFrom(*r);
}

std::vector<BalanceRecord> BalanceStore::since(const std::string& accountId,
                                               const std::string& fromDate) {
    std::vector<BalanceRecord> out;
    nativeQuery(_s,
                std::string("SELECT ") + kColumns +
                    " FROM balances b JOIN accounts a ON a.id = b.account_id "
                    "WHERE b.account_id = ? AND b.date >= ? ORDER BY b.date",
                {accountId, fromDate}, [&](const NativeRow& r) { out.push_back(balanceFrom(r)); });
    return out;
}

std::optional<BalanceRecord> BalanceStore::onOrBefore(const std::string& accountId,
                                                      const std::string& date,
                                                      const std::string& currency) {
    auto r = sqlQueryOne(_s,
                         std::string("SELECT ") + kColumns +
                             " FROM balances b JOIN accounts a ON a.id = b.account_id "
                             "WHERE b.account_id = ? AND b.date <= ? AND b.currency = ? "
                             "ORDER BY b.date DESC LIMIT 1",
                         {accountId, date, currency});
    if (!r) return std::nullopt;
    return balanceFrom(*r);
}

namespace {

// The filters of a balances listing: the key of its count and of its page starts.
std::string shapeOf(const BalanceFilter& f) {
    std::string key = "balances\x1f" + f.familyId;
    for (const auto* part : {&f.accountId, &f.currency, &f.startDate, &f.endDate})
        key += "\x1f" + (*part ? **part : std::string("\x1e"));
    return key;
}

int64_t countCached(Database& db, const BalanceFilter& f) {
    return cachedListCount(db, shapeOf(f), [&](std::vector<SqlValue>& params) {
        if (!f.startDate && !f.endDate)
            return countedSum("balance_counts", "currency", f.currency,
                              {f.familyId, "", f.accountId, std::nullopt}, params);
        return "SELECT COUNT(*) " + whereClause(f, params, false);
    });
}

std::vector<BalanceRecord> page(Database& db, const BalanceFilter& filter, int64_t limit,
                                int64_t offset) {
    // Through the connection's cached statement (a hot read), on the read replica when one is
    // configured; a deep page seeks from the nearest page start
    // read before (PageAnchors.h), and reads one row more: where the next page begins.
    if (limit <= 0) return {};
    const std::string shape = shapeOf(filter);
    const std::string stamp = db.readStamps().current();
    std::vector<SqlValue> params;
    std::string w = whereClause(filter, params, true);
    const int64_t skip =
        PageAnchors::seek(db.pageAnchors().nearest(shape, stamp, offset), offset, "b", w, params);
    params.push_back(limit + 1);
    params.push_back(skip);
    const std::string sql = std::string("SELECT ") + kColumns + " " + w +
                            " ORDER BY b.date DESC, b.created_at DESC, b.id DESC LIMIT ? OFFSET ?";
    auto out = readCached<BalanceRecord>(db, true, sql, params, balanceFrom<NativeRow>,
                                         static_cast<size_t>(std::min<int64_t>(limit + 1, 1001)));
    std::vector<PageAnchors::Anchor> seen;
    for (size_t i : {size_t(0), static_cast<size_t>(limit)}) {
        if (i >= out.size()) continue;
        PageAnchors::Anchor a;
        a.offset = offset + static_cast<int64_t>(i);
        a.key.push_back(out[i].date);
        a.key.push_back(out[i].createdAt);
        a.key.push_back(out[i].id);
        seen.push_back(std::move(a));
    }
    if (static_cast<int64_t>(out.size()) > limit) out.pop_back();
    if (db.readStamps().current() == stamp) db.pageAnchors().remember(shape, stamp, seen);
    return out;
}

} // namespace

const Listing<BalanceFilter, BalanceRecord> BalanceStore::list{countCached, page};

} // namespace finimport::store
