#pragma once
// Creates the records of one ServiceImport inside the caller's transaction (docs/imports.md §6.12):
// the 15 types in dependency order, file ids remapped to new UUIDs, split transactions,
// transfers, opening anchors. Anything invalid throws (the caller rolls back).

#include "app/backup/ServiceCounts.h"
#include "app/backup/ServiceJson.h"
#include "domain/Date.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace finimport::app::service {

struct ServiceRecord {
    int64_t line = 0;
    std::string type;
    JsonObject data;
};

class ServiceImporter {
public:
    ServiceImporter(store::Tx& s, const store::ImportRecord& import, const store::FamilyRow& family,
                    domain::Date today);

    void run(const std::vector<ServiceRecord>& records);

    // Records the engine made by itself (docs/decisions.md D19): opening anchors, split children,
    // taxonomy created for rules and investment contributions.
    const RecordCounts& implicitCounts() const { return _implicit; }
    // New accounts whose balances are recomputed after the publish (docs/decisions.md D21).
    const std::set<std::string>& createdAccounts() const { return _createdAccounts; }

private:
    struct AccountInfo {
        std::string id, currency, kindSnake;
    };

    void accounts(const ServiceRecord& r);
    void openingAnchors(const std::vector<ServiceRecord>& records);
    void balances(const ServiceRecord& r);
    void categories(const std::vector<const ServiceRecord*>& records);
    void tags(const ServiceRecord& r);
    void merchants(const ServiceRecord& r);
    void recurring(const ServiceRecord& r);
    void transactions(const ServiceRecord& r);
    void transfers(const ServiceRecord& r, bool rejected);
    void trades(const ServiceRecord& r);
    void holdings(const ServiceRecord& r);
    void valuations(const ServiceRecord& r);
    void budgets(const ServiceRecord& r);
    void budgetCategories(const ServiceRecord& r);
    void rules(const ServiceRecord& r);

    // Helpers shared by the steps.
    [[noreturn]] void fail(const ServiceRecord& r, const std::string& what) const;
    std::optional<std::string> mapped(const std::map<std::string, std::string>& map,
                                      const JsonObject& obj, const std::string& key) const;
    const AccountInfo* account(const ServiceRecord& r) const;
    domain::Date requiredDate(const ServiceRecord& r, const std::string& key) const;
    domain::Decimal requiredDecimal(const ServiceRecord& r, const std::string& key) const;
    std::optional<int64_t> optionalDecimal(const ServiceRecord& r, const std::string& key) const;
    std::string currency(const ServiceRecord& r, const std::string& fallback) const;
    std::string security(const ServiceRecord& r);
    void created(const std::string& type, const std::string& id);
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

} // namespace finimport::app::service
