#include "store/TransactionReads.h"
#include "store/Columns.h"

#include "store/Database.h"
#include "store/ListCounts.h"
#include "store/PageAnchors.h"
#include "store/ReadStamps.h"
#include "store/StatementCache.h"
#include "store/TransactionSearch.h"
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

// `ordered`: the query reads the listing's order (entries first: its index drives); `plan`:
// how a search goes (TransactionSearch.h), `walk` as appendSearch() says.
std::string fromWhere(const TransactionFilter& f, bool pg, bool ordered, const SearchPlan& plan,
                      bool walk, std::vector<SqlValue>& params) {
    // A search through the indexes starts from its candidates: entries first as well.
    const bool entriesFirst = ordered || (f.search && plan.indexed && !plan.tooManyStreams);
    std::string w =
        std::string(entriesFirst ? "FROM entries e CROSS JOIN accounts a "
                                 : "FROM entries e JOIN accounts a ON a.id = e.account_id ") +
        "WHERE e.entryable_type = 'Transaction' AND a.id = e.account_id AND "
        "a.family_id = ? AND a.status <> 'pending_deletion'";
    params.push_back(f.familyId);
    andIds(w, params, "e.account_id", f.accountId, f.accountIds);
    andIds(w, params, "e.category_id", f.categoryId, f.categoryIds);
    andIds(w, params, "e.merchant_id", f.merchantId, f.merchantIds);
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
    if (f.search) appendSearch(w, f, pg, plan, walk, params);
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

// Tags and transfers of a page's transactions: one query each for the whole page.
void completeViews(std::vector<TransactionView>& views, const RowQuery& query) {
    if (views.empty()) return;
    std::map<std::string, TransactionView*> byId;
    std::vector<SqlValue> ids;
    for (auto& v : views) {
        byId[v.id] = &v;
        ids.push_back(v.id);
    }
    const std::string in = "(" + sqlMarks(ids.size()) + ")";
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

namespace {

// Filters that the maintained counts answer: accounts only (and, with `search`, a search).
bool accountsOnly(const TransactionFilter& f, bool searchToo = false) {
    return !f.categoryId && !f.categoryIds && !f.merchantId && !f.merchantIds && !f.tagIds &&
           !f.importId && !f.startDate && !f.endDate && !f.minAmount && !f.maxAmount && !f.type &&
           (searchToo || !f.search);
}

// The transactions the listing shows on the filter's accounts, from the maintained counts.
int64_t listedTotal(Database& db, Tx& s, const TransactionFilter& f) {
    std::vector<SqlValue> params;
    const std::string sum = countedSum(
        "entry_counts", "entryable_type", std::string("Transaction"),
        {f.familyId, "a.status <> 'pending_deletion'", f.accountId, f.accountIds}, params);
    return db.statements().count(s, sum, params);
}

// A random row lookup (and LIKE) of a candidate costs about this many steps of an index walk.
constexpr int64_t kLookupSteps = 32;

// Whether a search through the trigram index fills its page sooner by walking the listing's
// order index and checking each row against the candidates (reading about rows * listed /
// matches index entries) than by reading every candidate's row and sorting them
// (docs/decisions.md D217). Only where the density is known: accounts and search alone.
bool walkPays(Database& db, Tx& s, const TransactionFilter& f, const SearchPlan& plan, int64_t rows,
              int64_t matches) {
    if (!plan.indexed || plan.tooManyStreams || !accountsOnly(f, true)) return false;
    const double walked =
        static_cast<double>(rows) * listedTotal(db, s, f) / std::max<int64_t>(matches, 1);
    return walked <= static_cast<double>(kLookupSteps) * plan.candidates;
}

int64_t countCached(Database& db, const TransactionFilter& f) {
    // A search's plan is kept per stamp of the data (docs/decisions.md D251) for the count as
    // for the pages: the first request after a write makes it once, not once for each.
    const std::string shape = cacheKey(f);
    std::string stamp; // a search's, read before its plan (only when the count is not cached)
    std::shared_ptr<const SearchPlan> made;
    const int64_t total = db.cachedCount(
        shape,
        [&](Tx& s) {
            if (accountsOnly(f)) return listedTotal(db, s, f);
            std::shared_ptr<const SearchPlan> known;
            if (f.search) {
                stamp = db.readStamps().current(s);
                known = knownPlan(db, shape, stamp);
            }
            if (!known) known = made = std::make_shared<const SearchPlan>(planSearch(db, s, f));
            const SearchPlan& plan = *known;
            // The dictionary's counts (docs/decisions.md D241): no row read per match.
            if (plan.indexed && accountsOnly(f, true)) return countIndexed(db, s, f, plan);
            std::vector<SqlValue> params;
            std::string w = fromWhere(f, db.isPostgres(), false, plan, false, params);
            return db.statements().count(s, "SELECT COUNT(*) " + w, params);
        },
        true);
    // Remembered only when no write committed since `stamp` was read: the plan is of it.
    if (made && !stamp.empty() && db.readStamps().current() == stamp)
        rememberPlan(db, shape, stamp, made);
    return total;
}

// The page's rows are chosen by their sort keys alone (the listing's order index, no joins),
// from the nearest remembered page start at or before `offset` (store/PageAnchors.h), then
// read with their joins by id: one statement, so one snapshot of the data.
std::vector<TransactionView> page(Database& db, const TransactionFilter& f, int64_t limit,
                                  int64_t offset) {
    std::vector<TransactionView> out;
    if (limit <= 0) return out;
    const bool pg = db.isPostgres();
    const std::string shape = cacheKey(f);
    const std::string stamp = db.readStamps().current();
    const auto anchor = db.pageAnchors().nearest(shape, stamp, offset);
    // The count placed the page: normally cached (a search only).
    const int64_t matches = f.search && !pg ? countCached(db, f) : 0;
    std::vector<PageAnchors::Anchor> seen;
    std::shared_ptr<const SearchPlan> known = f.search ? knownPlan(db, shape, stamp) : nullptr;
    std::shared_ptr<const SearchPlan> planned = known;
    db.readReplica([&](Tx& s) {
        RowQuery query = [&](const std::string& q, const std::vector<SqlValue>& p,
                             const std::function<void(const NativeRow&)>& onRow) {
            db.statements().query(s, q, p, onRow);
        };
        if (!planned) planned = std::make_shared<const SearchPlan>(planSearch(db, s, f));
        const SearchPlan& plan = *planned;
        std::vector<SqlValue> params;
        std::string rows;
        if (plan.indexed && !plan.tooManyStreams && accountsOnly(f, true)) {
            // A search on accounts alone: the matching pairs' rows merged in the listing's
            // order from their index, and the notes' matches (docs/decisions.md D242; PostgreSQL
            // D281).
            std::string unused;
            std::vector<SqlValue> unusedParams;
            const int64_t skip = PageAnchors::seek(anchor, offset, "e", unused, unusedParams);
            rows = "SELECT m.id AS page_id FROM (" +
                   mergedMatches(f, pg, plan, anchor, skip + limit + 1, params) +
                   " LIMIT ? OFFSET ?) m";
            params.push_back(limit + 1);
            params.push_back(skip);
        } else {
            const bool walk = walkPays(db, s, f, plan, offset + limit + 1, matches);
            std::string w = fromWhere(f, pg, true, plan, walk, params);
            const int64_t skip = PageAnchors::seek(anchor, offset, "e", w, params);
            params.push_back(limit + 1); // the row after the page: where the next one begins
            params.push_back(skip);
            rows = "SELECT e.id AS page_id " + w +
                   " ORDER BY e.date DESC, e.created_at DESC, e.id DESC LIMIT ? OFFSET ?";
        }
        query(std::string("SELECT ") + kColumns + " FROM (" + rows +
                  ") p "
                  "CROSS JOIN entries e CROSS JOIN accounts a " +
                  kJoins +
                  "WHERE e.id = p.page_id AND a.id = e.account_id ORDER BY e.date DESC, "
                  "e.created_at DESC, e.id DESC",
              params, [&](const NativeRow& r) { out.push_back(viewFrom(r)); });
        for (size_t i : {size_t(0), size_t(limit)})
            if (i < out.size())
                seen.push_back({offset + static_cast<int64_t>(i),
                                bindValues(out[i].date, out[i].createdAt, out[i].id)});
        if (static_cast<int64_t>(out.size()) > limit) out.pop_back();
        completeViews(out, query);
    });
    // Remembered only when no write committed during the read: the anchors are of `stamp`.
    if (db.readStamps().current() == stamp) {
        db.pageAnchors().remember(shape, stamp, seen);
        if (f.search && !known) rememberPlan(db, shape, stamp, planned);
    }
    return out;
}

} // namespace

const Listing<TransactionFilter, TransactionView> TransactionReads::list{countCached, page};

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
