#include "store/TransactionReads.h"

#include "store/Database.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

#include <map>

namespace finimport::store {

namespace {

// The parameters of a query (built one by one: GCC 12 sees an uninitialized variant in a
// braced list of them).
template <class... A> std::vector<SqlValue> values(const A&... a) {
    std::vector<SqlValue> v;
    v.reserve(sizeof...(a));
    (v.push_back(SqlValue(a)), ...);
    return v;
}

using RowQuery = std::function<void(const std::string&, const std::vector<SqlValue>&,
                                    const std::function<void(const NativeRow&)>&)>;

const char* kColumns =
    "e.id, e.date, e.amount, e.currency, e.name, e.notes, e.external_id, e.excluded, "
    "COALESCE(e.kind, 'standard'), e.parent_entry_id, e.import_id, e.created_at, e.updated_at, "
    "a.id, a.name, a.account_type, a.status, c.id, c.name, c.color, c.lucide_icon, m.id, m.name, "
    "e.investment_activity_label, e.locked_attributes";

// The category and merchant joins repeat the family: an id of another family's record (stored by
// a restore of foreign data, say) never shows its name here.
const char* kJoins = "LEFT JOIN categories c ON c.id = e.category_id AND c.family_id = a.family_id "
                     "LEFT JOIN merchants m ON m.id = e.merchant_id AND m.family_id = a.family_id ";

void inList(std::string& w, const std::string& column, const std::vector<std::string>& ids,
            std::vector<SqlValue>& params) {
    w += " AND " + column + " IN (";
    for (size_t i = 0; i < ids.size(); ++i) {
        w += i ? ", ?" : "?";
        params.push_back(ids[i]);
    }
    w += ")";
}

// `%`, `_` and the escape character itself are plain characters (docs/read-api.md §3.2).
std::string likePattern(const std::string& text) {
    std::string out = "%";
    for (char ch : text) {
        if (ch == '%' || ch == '_' || ch == '\\') out += '\\';
        out += ch;
    }
    return out + "%";
}

// `ordered` (a page): entries first (CROSS JOIN fixes the order on SQLite), so a page walks
// entries_transaction_order newest first and stops after the page (schema v15). The type
// condition stays a literal: that index is partial on exactly this condition.
std::string fromWhere(const TransactionFilter& f, bool pg, bool ordered,
                      std::vector<SqlValue>& params) {
    std::string w =
        std::string(ordered ? "FROM entries e CROSS JOIN accounts a "
                            : "FROM entries e JOIN accounts a ON a.id = e.account_id ") +
        (ordered ? kJoins : "") +
        "WHERE e.entryable_type = 'Transaction' AND a.id = e.account_id AND "
        "a.family_id = ? AND a.status <> 'pending_deletion'";
    params.push_back(f.familyId);
    auto eq = [&](const std::optional<std::string>& v, const char* column) {
        if (!v) return;
        w += std::string(" AND ") + column + " = ?";
        params.push_back(*v);
    };
    eq(f.accountId, "e.account_id");
    if (f.accountIds) inList(w, "e.account_id", *f.accountIds, params);
    eq(f.categoryId, "e.category_id");
    if (f.categoryIds) inList(w, "e.category_id", *f.categoryIds, params);
    eq(f.merchantId, "e.merchant_id");
    if (f.merchantIds) inList(w, "e.merchant_id", *f.merchantIds, params);
    if (f.tagIds) {
        w += " AND EXISTS (SELECT 1 FROM transaction_tags tt WHERE tt.entry_id = e.id";
        inList(w, "tt.tag_id", *f.tagIds, params);
        w += ")";
    }
    eq(f.importId, "e.import_id");
    if (f.startDate) {
        w += " AND e.date >= ?";
        params.push_back(*f.startDate);
    }
    if (f.endDate) {
        w += " AND e.date <= ?";
        params.push_back(*f.endDate);
    }
    if (f.minAmount) {
        w += " AND e.amount >= ?";
        params.push_back(*f.minAmount);
    }
    if (f.maxAmount) {
        w += " AND e.amount <= ?";
        params.push_back(*f.maxAmount);
    }
    if (f.type) w += *f.type == "income" ? " AND e.amount < 0" : " AND e.amount > 0";
    if (f.search) {
        // SQLite's LIKE and PostgreSQL's ILIKE under the byte collation (schema v11) both fold
        // ASCII letters only: A-Z case-insensitively, every other character exactly.
        const std::string like = pg ? " ILIKE ? ESCAPE '\\'" : " LIKE ? ESCAPE '\\'";
        const std::string pattern = likePattern(*f.search);
        w += " AND (e.name" + like + " OR e.notes" + like +
             " OR EXISTS (SELECT 1 FROM merchants sm WHERE sm.id = e.merchant_id AND sm.name" +
             like + "))";
        for (int i = 0; i < 3; ++i)
            params.push_back(pattern);
    }
    return w;
}

TransactionView viewFrom(const NativeRow& r) {
    TransactionView t;
    t.id = r.str(0);
    t.date = r.str(1);
    t.amount = r.i64(2);
    t.currency = r.str(3);
    t.name = r.str(4);
    t.notes = r.optStr(5);
    t.externalId = r.optStr(6);
    t.excluded = r.i64(7) != 0;
    t.kind = r.str(8);
    t.splitParentId = r.optStr(9);
    t.importId = r.optStr(10);
    t.createdAt = r.i64(11);
    t.updatedAt = r.i64(12);
    t.account = AccountRef{r.str(13), r.str(14), r.str(16), r.optStr(15)};
    if (!r.isNull(17)) t.category = NamedRef{r.str(17), r.str(18), r.str(19), r.str(20)};
    if (!r.isNull(21)) t.merchant = NamedRef{r.str(21), r.str(22), "", ""};
    t.activityLabel = r.optStr(23);
    if (auto locks = r.optStr(24)) t.locks = TransactionLocks::decode(*locks);
    return t;
}

std::string placeholders(size_t n) {
    std::string out;
    for (size_t i = 0; i < n; ++i)
        out += i ? ", ?" : "?";
    return out;
}

// Tags and transfers of a page's transactions: one query each for the whole page.
void completeViews(std::vector<TransactionView>& views, const RowQuery& query) {
    if (views.empty()) return;
    std::map<std::string, TransactionView*> byId;
    std::vector<SqlValue> ids;
    for (auto& v : views) {
        byId[v.id] = &v;
        ids.push_back(v.id);
    }
    const std::string in = "(" + placeholders(ids.size()) + ")";
    query("SELECT tt.entry_id, t.id, t.name, t.color FROM transaction_tags tt JOIN tags t ON "
          "t.id = tt.tag_id WHERE tt.entry_id IN " +
              in + " ORDER BY t.name, t.id",
          ids, [&](const NativeRow& r) {
              byId[r.str(0)]->tags.push_back(NamedRef{r.str(1), r.str(2), r.str(3), ""});
          });
    std::vector<SqlValue> twice = ids;
    twice.insert(twice.end(), ids.begin(), ids.end());
    // The inflow side's amount and currency; the other side's account.
    query("SELECT tr.inflow_transaction_id, tr.id, ie.amount, ie.currency, oa.id, oa.name, "
          "oa.status, oa.account_type FROM transfers tr JOIN entries ie ON ie.id = "
          "tr.inflow_transaction_id JOIN entries oe ON oe.id = tr.outflow_transaction_id JOIN "
          "accounts oa ON oa.id = oe.account_id WHERE tr.inflow_transaction_id IN " +
              in +
              " UNION ALL SELECT tr.outflow_transaction_id, tr.id, ie.amount, ie.currency, oa.id, "
              "oa.name, oa.status, oa.account_type FROM transfers tr JOIN entries ie ON ie.id = "
              "tr.inflow_transaction_id JOIN accounts oa ON oa.id = ie.account_id WHERE "
              "tr.outflow_transaction_id IN " +
              in,
          twice, [&](const NativeRow& r) {
              TransferRef t;
              t.id = r.str(1);
              t.amount = r.i64(2) < 0 ? -r.i64(2) : r.i64(2);
              t.currency = r.str(3);
              t.otherAccount = AccountRef{r.str(4), r.str(5), r.str(6), r.optStr(7)};
              byId[r.str(0)]->transfer = std::move(t);
          });
}

std::string cacheKey(const TransactionFilter& f) {
    std::string key = "transactions";
    auto part = [&](const std::optional<std::string>& v) {
        key += '\x1f';
        key += v ? *v : std::string("\x1e");
    };
    auto list = [&](const std::optional<std::vector<std::string>>& v) {
        key += '\x1f';
        if (!v) key += '\x1e';
        if (v)
            for (const auto& id : *v)
                key += "\x1d" + id;
    };
    auto number = [&](const std::optional<int64_t>& v) {
        part(v ? std::optional<std::string>(std::to_string(*v)) : std::nullopt);
    };
    part(f.familyId);
    part(f.accountId);
    list(f.accountIds);
    part(f.categoryId);
    list(f.categoryIds);
    part(f.merchantId);
    list(f.merchantIds);
    list(f.tagIds);
    part(f.importId);
    part(f.startDate);
    part(f.endDate);
    number(f.minAmount);
    number(f.maxAmount);
    part(f.type);
    part(f.search);
    return key;
}

} // namespace

int64_t TransactionReads::countCached(Database& db, const TransactionFilter& f) {
    return db.cachedCount(
        cacheKey(f),
        [&](Tx& s) {
            std::vector<SqlValue> params;
            std::string w = fromWhere(f, db.isPostgres(), false, params);
            return db.statements().count(s, "SELECT COUNT(*) " + w, params);
        },
        true);
}

std::vector<TransactionView> TransactionReads::page(Database& db, const TransactionFilter& f,
                                                    int64_t limit, int64_t offset) {
    std::vector<SqlValue> params;
    std::string w = fromWhere(f, db.isPostgres(), true, params);
    params.push_back(limit);
    params.push_back(offset);
    const std::string sql = std::string("SELECT ") + kColumns + " " + w +
                            " ORDER BY e.date DESC, e.created_at DESC, e.id DESC LIMIT ? OFFSET ?";
    std::vector<TransactionView> out;
    db.readReplica([&](Tx& s) {
        RowQuery query = [&](const std::string& q, const std::vector<SqlValue>& p,
                             const std::function<void(const NativeRow&)>& onRow) {
            db.statements().query(s, q, p, onRow);
        };
        query(sql, params, [&](const NativeRow& r) { out.push_back(viewFrom(r)); });
        completeViews(out, query);
    });
    return out;
}

std::optional<TransactionView> TransactionReads::byId(Tx& s, const std::string& familyId,
                                                      const std::string& id) {
    std::vector<TransactionView> out;
    RowQuery query = [&](const std::string& q, const std::vector<SqlValue>& p,
                         const std::function<void(const NativeRow&)>& onRow) {
        nativeQuery(s, q, p, onRow);
    };
    query(std::string("SELECT ") + kColumns +
              " FROM entries e JOIN accounts a ON a.id = e.account_id " + kJoins +
              "WHERE e.id = ? AND e.entryable_type = 'Transaction' AND a.family_id = ?",
          values(id, familyId), [&](const NativeRow& r) { out.push_back(viewFrom(r)); });
    completeViews(out, query);
    if (out.empty()) return std::nullopt;
    return std::move(out.front());
}

} // namespace finimport::store
