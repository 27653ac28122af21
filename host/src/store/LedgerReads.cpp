#include "store/LedgerReads.h"
#include "store/Columns.h"

#include "store/CachedReads.h"
#include "store/Database.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// The current balance is the latest balance row's end values (docs/read-api.md §2.1, the row
// GET /balances lists first); before any row, the account's own (its opening balance).
const char* kAccountColumns =
    "a.id, a.name, a.currency, a.status, a.account_type, a.subtype, a.institution_name, "
    "a.institution_domain, a.created_at, a.updated_at, "
    "COALESCE((SELECT b.end_cash_balance + b.end_non_cash_balance FROM balances b WHERE "
    "b.account_id = a.id ORDER BY b.date DESC, b.created_at DESC, b.id DESC LIMIT 1), a.balance), "
    "COALESCE((SELECT b.end_cash_balance FROM balances b WHERE b.account_id = a.id ORDER BY "
    "b.date DESC, b.created_at DESC, b.id DESC LIMIT 1), a.cash_balance, a.balance) "
    "FROM accounts a WHERE a.family_id = ?";

const char* kVisible = " AND a.status IN ('active', 'draft')";

AccountView accountFrom(const NativeRow& r) {
    AccountView a;
    readColumns(r, a.id, a.name, a.currency, a.status, a.accountType, a.subtype, a.institutionName,
                a.institutionDomain, a.createdAt, a.updatedAt, a.balance, a.cashBalance);
    return a;
}

const char* kCategoryColumns =
    "c.id, c.name, c.color, c.lucide_icon, p.id, p.name, c.created_at, c.updated_at, "
    "(SELECT COUNT(*) FROM categories k WHERE k.parent_id = c.id AND k.family_id = c.family_id) "
    "FROM categories c LEFT JOIN categories p ON p.id = c.parent_id AND p.family_id = c.family_id "
    "WHERE c.family_id = ?";

CategoryView categoryFrom(const NativeRow& r) {
    CategoryView c;
    readColumns(r, c.id, c.name, c.color, c.icon, c.parentId, c.parentName, c.createdAt,
                c.updatedAt, c.subcategoriesCount);
    return c;
}

std::string categoryWhere(const CategoryListFilter& f, std::vector<SqlValue>& params) {
    std::string w;
    params.push_back(f.familyId);
    if (f.rootsOnly) w += " AND c.parent_id IS NULL";
    andIf(w, params, "c.parent_id = ?", f.parentId);
    return w;
}

NamedView namedFrom(const NativeRow& r) {
    NamedView n;
    n.id = r.str(0);
    n.name = r.str(1);
    n.color = r.optStr(2).value_or("");
    n.createdAt = r.i64(3);
    n.updatedAt = r.i64(4);
    return n;
}

template <class T> std::optional<T> first(std::vector<T> rows) {
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

// Merchants have no color: NULL in its column.
const std::string kMerchantSelect = "SELECT id, name, NULL, created_at, updated_at FROM merchants";
const std::string kTagSelect = "SELECT id, name, color, created_at, updated_at FROM tags";

std::vector<NamedView> namedList(Database& db, const std::string& select,
                                 const std::string& familyId) {
    return readCached<NamedView>(db, true, select + " WHERE family_id = ? ORDER BY name, id",
                                 bindValues(familyId), namedFrom);
}

std::optional<NamedView> namedOne(Database& db, const std::string& select,
                                  const std::string& familyId, const std::string& id) {
    return first(readCached<NamedView>(db, false, select + " WHERE family_id = ? AND id = ?",
                                       bindValues(familyId, id), namedFrom));
}

int64_t countOn(Database& db, const std::string& sql, const std::vector<SqlValue>& params) {
    int64_t n = 0;
    db.readReplica([&](Tx& s) { n = db.statements().count(s, sql, params); });
    return n;
}

int64_t countAccounts(Database& db, const AccountListFilter& f) {
    return countOn(db,
                   std::string("SELECT COUNT(*) FROM accounts a WHERE a.family_id = ?") +
                       (f.includeDisabled ? "" : kVisible),
                   bindValues(f.familyId));
}

std::vector<AccountView> accountPage(Database& db, const AccountListFilter& f, int64_t limit,
                                     int64_t offset) {
    return readPage<AccountView>(db,
                                 std::string("SELECT ") + kAccountColumns +
                                     (f.includeDisabled ? "" : kVisible) + " ORDER BY a.name, a.id",
                                 bindValues(f.familyId), limit, offset, accountFrom);
}

int64_t countCategories(Database& db, const CategoryListFilter& f) {
    std::vector<SqlValue> params;
    std::string w = categoryWhere(f, params);
    return countOn(db, "SELECT COUNT(*) FROM categories c WHERE c.family_id = ?" + w, params);
}

std::vector<CategoryView> categoryPage(Database& db, const CategoryListFilter& f, int64_t limit,
                                       int64_t offset) {
    std::vector<SqlValue> params;
    std::string w = categoryWhere(f, params);
    return readPage<CategoryView>(
        db, std::string("SELECT ") + kCategoryColumns + w + " ORDER BY c.name, c.id", params, limit,
        offset, categoryFrom);
}

} // namespace

const Listing<AccountListFilter, AccountView> LedgerReads::accounts{countAccounts, accountPage};
const Listing<CategoryListFilter, CategoryView> LedgerReads::categories{countCategories,
                                                                        categoryPage};

std::optional<AccountView> LedgerReads::account(Database& db, const std::string& familyId,
                                                const std::string& id, bool includeDisabled) {
    return first(readCached<AccountView>(db, false,
                                         std::string("SELECT ") + kAccountColumns +
                                             " AND a.id = ?" + (includeDisabled ? "" : kVisible),
                                         bindValues(familyId, id), accountFrom));
}

std::optional<CategoryView> LedgerReads::category(Database& db, const std::string& familyId,
                                                  const std::string& id) {
    return first(readCached<CategoryView>(
        db, false, std::string("SELECT ") + kCategoryColumns + " AND c.id = ?",
        bindValues(familyId, id), categoryFrom));
}

std::vector<NamedView> LedgerReads::merchants(Database& db, const std::string& familyId) {
    return namedList(db, kMerchantSelect, familyId);
}

std::optional<NamedView> LedgerReads::merchant(Database& db, const std::string& familyId,
                                               const std::string& id) {
    return namedOne(db, kMerchantSelect, familyId, id);
}

std::vector<NamedView> LedgerReads::tags(Database& db, const std::string& familyId) {
    return namedList(db, kTagSelect, familyId);
}

std::optional<NamedView> LedgerReads::tag(Database& db, const std::string& familyId,
                                          const std::string& id) {
    return namedOne(db, kTagSelect, familyId, id);
}

} // namespace finimport::store
