// finimport_csv.so: one importer per CSV-family import type (records.md describes the output).
#include "Importers.h"
#include "Manifest.h"

#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

#include <string_view>

namespace {

using namespace finimport::csv;

// Text without NUL bytes may be CSV; a .csv/.txt name makes it likely.
fi_probe_result probeCsv(std::string_view head, const char* filename) {
    if (head.find('\0') != std::string_view::npos) return FI_PROBE_NO;
    const std::string_view name = filename ? filename : "";
    auto endsWith = [&](std::string_view suffix) {
        return name.size() >= suffix.size() &&
               finimport::sdk::detail::equalsIgnoreCase(name.substr(name.size() - suffix.size()),
                                                        suffix);
    };
    return endsWith(".csv") || endsWith(".txt") ? FI_PROBE_YES : FI_PROBE_MAYBE;
}

constexpr const char* kTransactionTypes[] = {"TransactionImport", nullptr};
constexpr const char* kTradeTypes[] = {"TradeImport", nullptr};
constexpr const char* kAccountTypes[] = {"AccountImport", nullptr};
constexpr const char* kCategoryTypes[] = {"CategoryImport", nullptr};
constexpr const char* kMerchantTypes[] = {"MerchantImport", nullptr};
constexpr const char* kRuleTypes[] = {"RuleImport", nullptr};

constexpr fi_importer kTransactions = finimport::makeImporter<probeCsv, runTransactions>(
    "csv.transactions", kTransactionTypes, FI_CSV_MANIFEST("TransactionImport"));
constexpr fi_importer kTrades = finimport::makeImporter<probeCsv, runTrades>(
    "csv.trades", kTradeTypes, FI_CSV_MANIFEST("TradeImport"));
constexpr fi_importer kAccounts = finimport::makeImporter<probeCsv, runAccounts>(
    "csv.accounts", kAccountTypes, FI_CSV_MANIFEST("AccountImport"));
constexpr fi_importer kCategories = finimport::makeImporter<probeCsv, runCategories>(
    "csv.categories", kCategoryTypes, FI_CSV_MANIFEST("CategoryImport"));
constexpr fi_importer kMerchants = finimport::makeImporter<probeCsv, runMerchants>(
    "csv.merchants", kMerchantTypes, FI_CSV_MANIFEST("MerchantImport"));
constexpr fi_importer kRules = finimport::makeImporter<probeCsv, runRules>(
    "csv.rules", kRuleTypes, FI_CSV_MANIFEST("RuleImport"));

} // namespace

FINIMPORT_PLUGIN("csv", "1.0.0", &kTransactions, &kTrades, &kAccounts, &kCategories, &kMerchants,
                 &kRules)
