#include "store/TradeStore.h"
#include "store/Columns.h"

#include "store/CachedReads.h"
#include "store/Database.h"
#include "store/ListCounts.h"
#include "store/Sql.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

const char* kColumns =
    "t.id, e.date, t.currency, e.name, e.amount, t.qty, t.price, e.currency, e.notes, "
    "t.investment_activity_label, a.id, a.name, a.status, a.account_type, s.id, s.ticker, "
    "s.name, c.id, c.name, t.created_at, t.updated_at";

std::string fromWhere(const TradeListFilter& f, std::vector<SqlValue>& params,
                      bool ordered = true) {
    // `ordered` (a page): entries first (CROSS JOIN fixes the order on SQLite), so a page walks
    // entries_trade_date newest first and stops after `limit` trades instead of sorting them
    // all. Counting leaves the join order to the planner. Only Trade entries carry a trades
    // row, so the type condition changes no result; it stays a literal, because that index is
    // partial on exactly this condition (store/Schema_v8.cpp) and a bound value would not match.
    std::string w =
        std::string(ordered ? "FROM entries e CROSS JOIN trades t CROSS JOIN accounts a "
                            : "FROM trades t JOIN entries e ON e.id = t.entry_id "
                              "JOIN accounts a ON a.id = e.account_id ") +
        "LEFT JOIN securities s ON s.id = t.security_id "
        "LEFT JOIN categories c ON c.id = t.category_id "
        "WHERE e.entryable_type = 'Trade' AND t.entry_id = e.id AND "
        "a.id = e.account_id AND a.family_id = ? AND a.status IN ('active', 'draft')";
    params.push_back(f.familyId);
    andIds(w, params, "e.account_id", f.accountId, f.accountIds);
    andIf(w, params, "e.date >= ?", f.startDate);
    andIf(w, params, "e.date <= ?", f.endDate);
    return w;
}

// SqlRow (Poco) or NativeRow (StatementCache).
template <class Row> TradeListRow rowFrom(const Row& r) {
    TradeListRow t;
    readColumns(r, t.id, t.date, t.currency, t.name, t.amount, t.qty, t.price, t.entryCurrency,
                t.notes, t.activityLabel, t.accountId, t.accountName, t.accountStatus,
                t.accountType, t.securityId, t.securityTicker, t.securityName, t.categoryId,
                t.categoryName, t.createdAt, t.updatedAt);
    return t;
}

int64_t countCached(Database& db, const TradeListFilter& f) {
    std::string key = "trades\x1f" + f.familyId + "\x1f" + f.accountId.value_or("\x1e") + "\x1f" +
                      f.startDate.value_or("\x1e") + "\x1f" + f.endDate.value_or("\x1e");
    if (f.accountIds)
        for (const auto& id : *f.accountIds)
            key += "\x1d" + id;
    return cachedListCount(db, key, [&](std::vector<SqlValue>& params) {
        if (!f.startDate && !f.endDate)
            return countedSum(
                "entry_counts", "entryable_type", std::string("Trade"),
                {f.familyId, "a.status IN ('active', 'draft')", f.accountId, f.accountIds}, params);
        return "SELECT COUNT(*) " + fromWhere(f, params, false);
    });
}

std::vector<TradeListRow> page(Database& db, const TradeListFilter& filter, int64_t limit,
                               int64_t offset) {
    // Through the connection's cached statement (a hot read), on the read replica when one is
    // configured.
    std::vector<SqlValue> params;
    std::string w = fromWhere(filter, params);
    return readPage<TradeListRow>(db,
                                  std::string("SELECT ") + kColumns + " " + w +
                                      " ORDER BY e.date DESC, e.created_at DESC, e.id DESC",
                                  params, limit, offset, rowFrom<NativeRow>);
}

} // namespace

const Listing<TradeListFilter, TradeListRow> TradeStore::list{countCached, page};

} // namespace finimport::store
