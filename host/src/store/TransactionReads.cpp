#include "store/TransactionReads.h"
#include "store/Columns.h"

#include "store/Database.h"
#include "store/ListCounts.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

#include <algorithm>
#include <map>

namespace finimport::store {

namespace {

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

// `%`, `_` and the escape character itself are plain characters (docs/read-api.md §3.2).
std::string likePattern(const std::string& text) {
    std::string out = "%";
    for (char ch : text) {
        if (ch == '%' || ch == '_' || ch == '\\') out += '\\';
        out += ch;
    }
    return out + "%";
}

// Bounds of the work a search does to choose its way (searchByIndex()).
constexpr int64_t kMaxSearchCandidates = 50000;
constexpr size_t kProbedTrigrams = 12;

// Text the trigram index can serve: at least 3 characters (a trigram), no NUL.
bool usesTrigrams(const std::string& text) {
    size_t characters = 0;
    for (unsigned char c : text) {
        if (c == 0) return false;
        characters += (c & 0xC0) != 0x80;
    }
    return characters >= 3;
}

// An FTS5 string: the text as one phrase (its trigrams in a row: a substring).
std::string ftsPhrase(const std::string& text) {
    std::string out = "\"";
    for (char ch : text) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + "\"";
}

// The FTS5 query a search on SQLite goes through, or nullopt to check the rows in the
// listing's order instead (docs/decisions.md D146). A trigram that most names contain ("aye"
// of "Payee") makes a phrase query walk most of the index, so the query is the AND of the
// text's rare trigrams only: each probed with a bounded count, those with at most `cap`
// entries kept (up to 4, rarest first). Their intersection holds every match (a superset:
// LIKE decides). No rare trigram: the text is in much of the ledger, and a page finds its rows
// sooner in the listing's order than by sorting all its candidates.
std::optional<std::string> searchByIndex(Database& db, Tx& s, const TransactionFilter& f) {
    if (!f.search || db.isPostgres() || !usesTrigrams(*f.search)) return std::nullopt;
    std::vector<SqlValue> params;
    const std::string total = countedSum(
        "entry_counts", "entryable_type", std::string("Transaction"),
        {f.familyId, "a.status <> 'pending_deletion'", std::nullopt, std::nullopt}, params);
    const int64_t cap = std::clamp<int64_t>(db.statements().count(s, total, params) / 10, 1000,
                                            kMaxSearchCandidates);
    // The text's characters (UTF-8 sequences), then its distinct trigrams, at most
    // kProbedTrigrams of them spread over the text.
    std::vector<std::string> chars;
    for (size_t i = 0; i < f.search->size();) {
        size_t n = 1;
        while (i + n < f.search->size() &&
               (static_cast<unsigned char>((*f.search)[i + n]) & 0xC0) == 0x80)
            ++n;
        chars.push_back(f.search->substr(i, n));
        i += n;
    }
    std::vector<std::string> trigrams;
    const size_t all = chars.size() - 2;
    const size_t step = std::max<size_t>(1, all / kProbedTrigrams);
    for (size_t i = 0; i < all && trigrams.size() < kProbedTrigrams; i += step) {
        std::string t = chars[i] + chars[i + 1] + chars[i + 2];
        if (std::find(trigrams.begin(), trigrams.end(), t) == trigrams.end())
            trigrams.push_back(std::move(t));
    }
    std::vector<std::pair<int64_t, std::string>> rare;
    for (const auto& t : trigrams) {
        const int64_t n = db.statements().count(
            s,
            "SELECT COUNT(*) FROM (SELECT 1 FROM entries_search WHERE entries_search MATCH ? "
            "LIMIT ?) c",
            bindValues(ftsPhrase(t), cap + 1));
        if (n <= cap) rare.emplace_back(n, t);
    }
    if (rare.empty()) return std::nullopt;
    std::sort(rare.begin(), rare.end());
    std::string match;
    for (size_t i = 0; i < rare.size() && i < 4; ++i)
        match += (i ? " AND " : "") + ftsPhrase(rare[i].second);
    return match;
}

// `match`: the FTS5 query the search goes through (SQLite; searchByIndex()).
std::string fromWhere(const TransactionFilter& f, bool pg, bool ordered,
                      const std::optional<std::string>& match, std::vector<SqlValue>& params) {
    // A search through the trigram index starts from its candidates: entries first as well.
    const bool entriesFirst = ordered || (f.search && match);
    std::string w =
        std::string(entriesFirst ? "FROM entries e CROSS JOIN accounts a "
                                 : "FROM entries e JOIN accounts a ON a.id = e.account_id ") +
        (ordered ? kJoins : "") +
        "WHERE e.entryable_type = 'Transaction' AND a.id = e.account_id AND "
        "a.family_id = ? AND a.status <> 'pending_deletion'";
    params.push_back(f.familyId);
    andIf(w, params, "e.account_id = ?", f.accountId);
    if (f.accountIds) andIn(w, params, "e.account_id", *f.accountIds);
    andIf(w, params, "e.category_id = ?", f.categoryId);
    if (f.categoryIds) andIn(w, params, "e.category_id", *f.categoryIds);
    andIf(w, params, "e.merchant_id = ?", f.merchantId);
    if (f.merchantIds) andIn(w, params, "e.merchant_id", *f.merchantIds);
    if (f.tagIds) {
        w += " AND EXISTS (SELECT 1 FROM transaction_tags tt WHERE tt.entry_id = e.id";
        andIn(w, params, "tt.tag_id", *f.tagIds);
        w += ")";
    }
    andIf(w, params, "e.import_id = ?", f.importId);
    andIf(w, params, "e.date >= ?", f.startDate);
    andIf(w, params, "e.date <= ?", f.endDate);
    andIf(w, params, "e.amount >= ?", f.minAmount);
    andIf(w, params, "e.amount <= ?", f.maxAmount);
    if (f.type) w += *f.type == "income" ? " AND e.amount < 0" : " AND e.amount > 0";
    if (f.search) {
        // SQLite's LIKE and PostgreSQL's ILIKE under the byte collation (schema v11) both fold
        // ASCII letters only: A-Z case-insensitively, every other character exactly. They
        // decide; the trigram indexes of schema v18 only narrow the rows they look at.
        const std::string like = pg ? " ILIKE ? ESCAPE '\\'" : " LIKE ? ESCAPE '\\'";
        const std::string pattern = likePattern(*f.search);
        const std::string merchants = "(SELECT sm.id FROM merchants sm WHERE sm.family_id = ? "
                                      "AND sm.name" +
                                      like + ")";
        if (pg) {
            // pg_trgm's GIN indexes serve each arm (docs/decisions.md D146); = ANY of the
            // merchants' ids keeps the third arm indexable too (entries_merchant).
            w += " AND (e.name" + like + " OR e.notes" + like + " OR e.merchant_id = ANY (ARRAY" +
                 merchants + "))";
            params.insert(params.end(), {pattern, pattern, f.familyId, pattern});
        } else if (match) {
            // The candidates: the FTS5 trigram index's (it folds more than ASCII letters: a
            // superset) and the entries of the matching merchants, one list of rowids the query
            // starts from (entries first: the join order above). LIKE keeps the exact matches.
            w += " AND e.rowid IN (SELECT rowid FROM entries_search WHERE entries_search MATCH ? "
                 "UNION ALL SELECT rowid FROM entries WHERE merchant_id IN " +
                 merchants + ") AND (e.name" + like + " OR e.notes" + like +
                 " OR e.merchant_id IN " + merchants + ")";
            params.insert(params.end(),
                          {*match, f.familyId, pattern, pattern, pattern, f.familyId, pattern});
        } else {
            // Shorter than a trigram: no index can narrow it (docs/decisions.md D146).
            w += " AND (e.name" + like + " OR e.notes" + like + " OR e.merchant_id IN " +
                 merchants + ")";
            params.insert(params.end(), {pattern, pattern, f.familyId, pattern});
        }
    }
    return w;
}

TransactionView viewFrom(const NativeRow& r) {
    TransactionView t;
    readColumns(r, t.id, t.date, t.amount, t.currency, t.name, t.notes, t.externalId, t.excluded,
                t.kind, t.splitParentId, t.importId, t.createdAt, t.updatedAt);
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
            const bool accountsOnly = !f.categoryId && !f.categoryIds && !f.merchantId &&
                                      !f.merchantIds && !f.tagIds && !f.importId && !f.startDate &&
                                      !f.endDate && !f.minAmount && !f.maxAmount && !f.type &&
                                      !f.search;
            if (accountsOnly)
                return db.statements().count(
                    s,
                    countedSum(
                        "entry_counts", "entryable_type", std::string("Transaction"),
                        {f.familyId, "a.status <> 'pending_deletion'", f.accountId, f.accountIds},
                        params),
                    params);
            std::string w = fromWhere(f, db.isPostgres(), false, searchByIndex(db, s, f), params);
            return db.statements().count(s, "SELECT COUNT(*) " + w, params);
        },
        true);
}

std::vector<TransactionView> TransactionReads::page(Database& db, const TransactionFilter& f,
                                                    int64_t limit, int64_t offset) {
    std::vector<TransactionView> out;
    db.readReplica([&](Tx& s) {
        std::vector<SqlValue> params;
        std::string w = fromWhere(f, db.isPostgres(), true, searchByIndex(db, s, f), params);
        params.push_back(limit);
        params.push_back(offset);
        const std::string sql =
            std::string("SELECT ") + kColumns + " " + w +
            " ORDER BY e.date DESC, e.created_at DESC, e.id DESC LIMIT ? OFFSET ?";
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
          bindValues(id, familyId), [&](const NativeRow& r) { out.push_back(viewFrom(r)); });
    completeViews(out, query);
    if (out.empty()) return std::nullopt;
    return std::move(out.front());
}

} // namespace finimport::store
