// finimport_csv.so: one importer per CSV-family import type (plugins/csv/records.md describes the
// output).
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

constexpr fi_importer kTransactions = finimport::makeImporter<probeCsv, runTransactions>(
    "csv.transactions", finimport_manifest_types_TransactionImport,
    finimport_manifest_json_TransactionImport);
constexpr fi_importer kTrades = finimport::makeImporter<probeCsv, runTrades>(
    "csv.trades", finimport_manifest_types_TradeImport, finimport_manifest_json_TradeImport);
constexpr fi_importer kAccounts = finimport::makeImporter<probeCsv, runAccounts>(
    "csv.accounts", finimport_manifest_types_AccountImport, finimport_manifest_json_AccountImport);
constexpr fi_importer kCategories = finimport::makeImporter<probeCsv, runCategories>(
    "csv.categories", finimport_manifest_types_CategoryImport,
    finimport_manifest_json_CategoryImport);
constexpr fi_importer kMerchants = finimport::makeImporter<probeCsv, runMerchants>(
    "csv.merchants", finimport_manifest_types_MerchantImport,
    finimport_manifest_json_MerchantImport);
constexpr fi_importer kRules = finimport::makeImporter<probeCsv, runRules>(
    "csv.rules", finimport_manifest_types_RuleImport, finimport_manifest_json_RuleImport);

constexpr fi_row_check kTransactionCheck =
    finimport::makeRowCheck<checkTransaction>("csv.transactions");
constexpr fi_row_check kTradeCheck = finimport::makeRowCheck<checkTrade>("csv.trades");
constexpr fi_row_check kAccountCheck = finimport::makeRowCheck<checkAccount>("csv.accounts");
constexpr fi_row_check kCategoryCheck = finimport::makeRowCheck<checkCategory>("csv.categories");
constexpr fi_row_check kMerchantCheck = finimport::makeRowCheck<checkMerchant>("csv.merchants");

} // namespace

// Edited rows are checked again by the code that built them (plugin.h fi_row_checks). Rules
// have none: their conditions and actions are not editable, the host's generic rule applies.
FINIMPORT_ROW_CHECKS(&kTransactionCheck, &kTradeCheck, &kAccountCheck, &kCategoryCheck,
                     &kMerchantCheck)

FINIMPORT_PLUGIN("csv", "1.0.0", &kTransactions, &kTrades, &kAccounts, &kCategories, &kMerchants,
                 &kRules)
