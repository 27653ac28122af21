// finimport_actual.so: ActualImport (docs/imports.md §6.5 with §12.4): Actual Budget's export with
// exact headers; `Category_Group` + `Category` become the `Group: Category` key.
#include "BudgetCsv.hpp"
#include "finimport_manifest.h" // generated from manifest.json

namespace {

using namespace finimport;
using namespace finimport::budget;

// Both → "Group: Category"; only one → that one; neither → "".
std::string combine(const std::string& group, const std::string& category) {
    if (!group.empty() && !category.empty()) return group + ": " + category;
    return group.empty() ? category : group;
}

fi_run_status runActual(const Options& options, Records& out) {
    Settings settings = readSettings(options, "%Y-%m-%d");
    const Table table = readTable(out, settings);
    const auto account = table.exact("Account"), date = table.exact("Date"),
               payee = table.exact("Payee"), notes = table.exact("Notes"),
               group = table.exact("Category_Group"), category = table.exact("Category"),
               amount = table.exact("Amount");
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
        if (auto value = t.number(amountCell, settings.numberFormat, "amount", "Amount")) {
            t.row.set(kAmount, value->text);
            t.row.set(kSignedAmount, negatedText(*value)); // inflows_positive
        } else {
            t.row.set(kAmount, amountCell);
            if (sdk::isBlank(amountCell)) t.required("amount", "Amount");
        }
        setCurrency(t, "", settings);
        const std::string payeeCell = cell(row, payee), notesCell = cell(row, notes);
        t.row.set(kName, !payeeCell.empty()   ? payeeCell
                         : !notesCell.empty() ? notesCell
                                              : std::string(kDefaultName));
        t.row.set(kCategory, combine(cell(row, group), cell(row, category)));
        t.row.set(kTags, "");
        t.row.set(kNotes, notesCell);
        t.row.set(kEntityType, "");
        if (!t.send(out, row.number, row.line)) return FI_RUN_STOPPED;
    }
    return finishRows(out, settings);
}

constexpr fi_importer kActual = makeImporter<probeCsvText, runActual>(
    "actual.transactions", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("actual", "1.0.0", &kActual)
