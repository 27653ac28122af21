#pragma once
// Creates the records of one ServiceImport inside the caller's transaction (docs/imports.md §6.12):
// the 15 types in dependency order, file ids remapped to new UUIDs, split transactions,
// transfers, opening anchors. Anything invalid throws (the caller rolls back).

#include "app/backup/RecordCounts.h"
#include "app/backup/RecordValues.h"
#include "domain/Date.h"
#include "domain/Decimal.h"
#include "store/EntryStore.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace finimport::app::backup {

struct BackupRecord {
    int64_t line = 0;
    std::string type;
    JsonObject data;
};

class RecordWriter {
public:
    RecordWriter(store::Tx& s, const store::ImportRecord& import, const store::FamilyRow& family,
                 domain::Date today);

    void run(const std::vector<BackupRecord>& records);

    // Records the engine made by itself (docs/decisions.md D19): opening anchors, split children,
    // taxonomy created for rules and investment contributions.
    const RecordCounts& implicitCounts() const { return _implicit; }
    // New accounts whose balances are recomputed after the publish (docs/decisions.md D21).
    const std::set<std::string>& createdAccounts() const { return _createdAccounts; }

private:
    struct AccountInfo {
        std::string id, currency, kindSnake;
    };

    void accounts(const BackupRecord& r);
    void openingAnchors(const std::vector<BackupRecord>& records);
    void balances(const BackupRecord& r);
    void categories(const std::vector<const BackupRecord*>& records);
    void tags(const BackupRecord& r);
    void merchants(const BackupRecord& r);
    void recurring(const BackupRecord& r);
    void transactions(const BackupRecord& r);
    void transfers(const BackupRecord& r, bool rejected);
    void trades(const BackupRecord& r);
    void holdings(const BackupRecord& r);
    void valuations(const BackupRecord& r);
    void budgets(const BackupRecord& r);
    void budgetCategories(const BackupRecord& r);
    void rules(const BackupRecord& r);

    // Helpers shared by the steps.
    [[noreturn]] void fail(const BackupRecord& r, const std::string& what) const;
    std::optional<std::string> mapped(const std::map<std::string, std::string>& map,
                                      const JsonObject& obj, const std::string& key) const;
    const AccountInfo* account(const BackupRecord& r) const;
    // What a trade and a holding both state: an account (nullopt when the record is skipped for
    // lack of one), a date, a quantity, a price and an amount.
    struct Position {
        const AccountInfo* account;
        domain::Date date;
        domain::Decimal qty, price, amount;
    };
    std::optional<Position> position(const BackupRecord& r) const;
    domain::Date requiredDate(const BackupRecord& r, const std::string& key) const;
    domain::Decimal requiredDecimal(const BackupRecord& r, const std::string& key) const;
    std::optional<int64_t> optionalDecimal(const BackupRecord& r, const std::string& key) const;
    std::string currency(const BackupRecord& r, const std::string& fallback) const;
    // This import's entry of `r` on account `a`, in the record's currency (else the account's);
    // the caller names it.
    store::EntryRow entryOf(const BackupRecord& r, const AccountInfo& a, const domain::Date& date,
                            const domain::Decimal& amount) const;
    std::string security(const BackupRecord& r);
    void created(const std::string& type, const std::string& id);
    // created(), and the record's source `id` (when it has one) maps to `id` in `ids`.
    void created(const BackupRecord& r, const std::string& type, const std::string& id,
                 std::map<std::string, std::string>& ids);
    std::string taxonomyId(const std::string& table, const std::string& name, bool& made);

    store::Tx& _s;
    const store::ImportRecord& _import;
    const store::FamilyRow& _family;
    domain::Date _today;
    std::map<std::string, AccountInfo> _accounts; // source id -> created account
    std::map<std::string, std::string> _categories, _tags, _merchants, _recurring, _transactions,
        _budgets, _securities, _rules;
    std::map<std::string, std::string> _budgetCurrency; // new budget id -> currency
    RecordCounts _implicit = zeroCounts();
    std::set<std::string> _createdAccounts;
};

} // namespace finimport::app::backup
