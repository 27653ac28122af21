// finimport_mint.so: MintImport (docs/imports.md §6.4 with §12.4): Mint's transaction export with
// its exact, case-sensitive headers and the `Transaction Type` credit/debit column.
#include "BudgetCsv.hpp"
#include "finimport_manifest.h" // generated from manifest.json

namespace {

using namespace finimport;
using namespace finimport::budget;

fi_run_status runMint(const Options& options, Records& out) {
    Settings settings = readSettings(options, "%m/%d/%Y");
    // docs/decisions.md D38: a headerless Mint file is read in the order Mint exports its columns.
    static const std::vector<std::string> kMintColumns = {
        "Date",         "Description",      "Original Description",
        "Amount",       "Transaction Type", "Category",
        "Account Name", "Labels",           "Notes"};
    const auto hasHeader = options.get("has_header");
    const bool headerless = hasHeader && sdk::equalsIgnoreCase(*hasHeader, "false");
    const Table table = readTable(out, settings, headerless ? &kMintColumns : nullptr);
    const auto date = table.exact("Date"), name = table.exact("Description"),
               amount = table.exact("Amount"), currency = table.exact("Currency"),
               account = table.exact("Account Name"), category = table.exact("Category"),
               labels = table.exact("Labels"), notes = table.exact("Notes"),
               type = table.exact("Transaction Type");
    FormatSamples samples;
    for (const DataRow& row : table.rows) {
        samples.date(cell(row, date));
        samples.number(cell(row, amount));
    }
    if (auto early = startRows(out, settings, table, samples)) return *early;
    for (const DataRow& row : table.rows) {
        TransactionRow t;
        t.row.set(kAccount, cell(row, account));
        t.date(cell(row, date), settings.dateFormat);
        const std::string amountCell = cell(row, amount);
        const std::string typeCell = cell(row, type);
        // docs/decisions.md D46: a credit/debit type gives the direction and the amount only the
        // magnitude (a signed amount is not negated twice); engine sign: credit 2000 → −2000
        // (inflow).
        if (auto value = t.number(amountCell, settings.numberFormat, "amount", "Amount")) {
            t.row.set(kAmount, value->text);
            const sdk::Decimal magnitude{"", value->scaled < 0 ? -value->scaled : value->scaled,
                                         value->fractionDigits};
            const bool credit = sdk::equalsIgnoreCase(typeCell, "credit");
            const bool debit = sdk::equalsIgnoreCase(typeCell, "debit");
            t.row.set(kSignedAmount,
                      credit  ? negatedText(magnitude)
                      : debit ? sdk::formatScaled(magnitude.scaled, magnitude.fractionDigits)
                              : value->text);
        } else {
            t.row.set(kAmount, amountCell);
            if (sdk::isBlank(amountCell)) t.required("amount", "Amount");
        }
        setCurrency(t, cell(row, currency), settings);
        const std::string description = cell(row, name);
        t.row.set(kName, description.empty() ? kDefaultName : description);
        t.row.set(kCategory, cell(row, category));
        t.row.set(kTags, cell(row, labels));
        t.row.set(kNotes, cell(row, notes));
        t.row.set(kEntityType, typeCell);
        if (!t.send(out, row.number, row.line)) return FI_RUN_STOPPED;
    }
    return finishRows(out, settings);
}

constexpr fi_importer kMint = makeImporter<probeCsvText, runMint>(
    "mint.transactions", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("mint", "1.0.0", &kMint)
