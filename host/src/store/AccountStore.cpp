#include "store/AccountStore.h"

#include "store/RecordTable.h"
#include "store/Sql.h"
#include "store/Time.h"

namespace finimport::store {

namespace {

// In the order of members(): what rows are read into and inserts bind.
const std::string kColumns =
    "id, family_id, owner_user_id, name, account_type, subtype, status, currency, balance, "
    "cash_balance, institution_name, institution_domain, notes, import_id, "
    "authoritative_balance_history, created_at, updated_at";

// The record's members, in the order of kColumns.
auto members(AccountRow& a) {
    return std::tie(a.id, a.familyId, a.ownerUserId, a.name, a.accountType, a.subtype, a.status,
                    a.currency, a.balance, a.cashBalance, a.institutionName, a.institutionDomain,
                    a.notes, a.importId, a.authoritativeBalanceHistory, a.createdAt, a.updatedAt);
}

using Table = RecordTable<AccountRow, members>;
const Table kTable{"accounts", kColumns};
const std::string kSelect = kTable.select();

} // namespace

void AccountStore::insert(AccountRow& a) {
    kTable.insert(_s, a);
}

std::optional<AccountRow> AccountStore::byId(const std::string& familyId, const std::string& id) {
    return kTable.byId(_s, familyId, id);
}

std::optional<AccountRow> AccountStore::byIdAnyFamily(const std::string& id) {
    return mapRow(sqlQueryOne(_s, kSelect + "WHERE id = ?", {id}), Table::from);
}

std::optional<AccountRow> AccountStore::byName(const std::string& familyId,
                                               const std::string& name) {
    return mapRow(
        sqlQueryOne(_s,
                    kSelect + "WHERE family_id = ? AND name = ? ORDER BY created_at, id LIMIT 1",
                    {familyId, name}),
        Table::from);
}

std::vector<AccountRow> AccountStore::ofFamily(const std::string& familyId) {
    return mapRows(
        sqlQuery(_s, kSelect + "WHERE family_id = ? ORDER BY created_at, id", {familyId}),
        Table::from);
}

std::vector<std::string> AccountStore::allIds() {
    return firstTexts(sqlQuery(_s, "SELECT id FROM accounts ORDER BY created_at, id"));
}

void AccountStore::deleteCascade(const std::string& id) {
    // Child rows of entries go by ON DELETE CASCADE; the rest explicitly.
    // Each transfer looks its two entries up (EntryStore::deleteCreatedBy says why not `IN`).
    sqlExec(_s,
            "DELETE FROM transfers WHERE EXISTS (SELECT 1 FROM entries o WHERE o.id IN "
            "(transfers.inflow_transaction_id, transfers.outflow_transaction_id) AND "
            "o.account_id = ?)",
            {id});
    sqlExec(_s, "DELETE FROM entries WHERE account_id = ?", {id});
    sqlExec(_s, "DELETE FROM balances WHERE account_id = ?", {id});
    sqlExec(_s, "DELETE FROM holdings WHERE account_id = ?", {id});
    sqlExec(_s, "DELETE FROM recurring_transactions WHERE account_id = ?", {id});
    sqlExec(_s, "DELETE FROM accounts WHERE id = ?", {id});
}

void AccountStore::setBalance(const std::string& id, int64_t balance, int64_t cashBalance) {
    sqlExec(_s, "UPDATE accounts SET balance = ?, cash_balance = ? WHERE id = ?",
            {balance, cashBalance, id});
}

} // namespace finimport::store
