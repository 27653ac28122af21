// finimport_csv.so: one importer per CSV-family import type (records.md describes the output).
#include "Importers.h"

#include "finimport_manifest.h" // generated from manifest.json (one narrowed copy per type)

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
        return finimport::sdk::endsWithIgnoreCase(name, suffix);
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
    "csv.transactions", kTransactionTypes, finimport_manifest_json_TransactionImport);
constexpr fi_importer kTrades = finimport::makeImporter<probeCsv, runTrades>(
    "csv.trades", kTradeTypes, finimport_manifest_json_TradeImport);
constexpr fi_importer kAccounts = finimport::makeImporter<probeCsv, runAccounts>(
    "csv.accounts", kAccountTypes, finimport_manifest_json_AccountImport);
constexpr fi_importer kCategories = finimport::makeImporter<probeCsv, runCategories>(
    "csv.categories", kCategoryTypes, finimport_manifest_json_CategoryImport);
constexpr fi_importer kMerchants = finimport::makeImporter<probeCsv, runMerchants>(
    "csv.merchants", kMerchantTypes, finimport_manifest_json_MerchantImport);
constexpr fi_importer kRules = finimport::makeImporter<probeCsv, runRules>(
    "csv.rules", kRuleTypes, finimport_manifest_json_RuleImport);

} // namespace

FINIMPORT_PLUGIN("csv", "1.0.0", &kTransactions, &kTrades, &kAccounts, &kCategories, &kMerchants,
                 &kRules)
