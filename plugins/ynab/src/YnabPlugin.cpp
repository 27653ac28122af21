// finimport_ynab.so: YnabImport (docs/imports.md §6.6 with §12.4): YNAB's register export with
// Outflow/Inflow columns and the combined `Category Group/Category` column.
#include "BudgetCsv.hpp"
#include "finimport_manifest.h" // generated from manifest.json

#include <algorithm>
#include <cstdint>

namespace {

using namespace finimport;
using namespace finimport::budget;

std::string join(const std::string& group, const std::string& category) {
    if (!group.empty() && !category.empty()) return group + ": " + category;
    return group.empty() ? category : group;
}

// The first non-blank cell among columns found under these normalised names.
std::string lookup(const Table& table, const DataRow& row,
                   std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
        if (std::string v = cell(row, table.normalized(n)); !v.empty()) return v;
    return {};
}

std::string categoryOf(const Table& table, const DataRow& row) {
    if (std::string c = cell(row, table.normalized("Category Group/Category")); !c.empty())
        return c;
    const std::string group = cell(row, table.normalized("Category Group"));
    const std::string category = cell(row, table.normalized("Category"));
    if (!group.empty()) return join(group, category);
    const std::string master = cell(row, table.normalized("Master Category"));
    const std::string sub = cell(row, table.normalized("Sub Category"));
    if (!master.empty() || !sub.empty()) return join(master, sub);
    return category;
}

// amount = Inflow − |Outflow| (engine sign follows from inflows_positive); an explicit Amount
// cell wins. Blank cells count as 0; text that is not a number is a row error (docs/imports.md
// §12.4).
void setAmount(TransactionRow& t, const Table& table, const DataRow& row, const Settings& s) {
    const auto amountColumn = table.normalized("Amount");
    const auto inflowColumn = table.normalized("Inflow");
    const auto outflowColumn = table.normalized("Outflow");
    if (std::string a = cell(row, amountColumn); !a.empty()) {
        t.row.set(kAmount, a);
        if (auto v = t.number(a, s.numberFormat, "amount", "Amount")) {
            t.row.set(kAmount, v->text);
            t.row.set(kSignedAmount, negatedText(*v));
        }
        return;
    }
    const std::string in = cell(row, inflowColumn), outflow = cell(row, outflowColumn);
    if ((!inflowColumn && !outflowColumn) || (in.empty() && outflow.empty())) {
        t.row.set(kAmount, "");
        t.required("amount", "Amount");
        return;
    }
    auto inflow = t.number(in, s.numberFormat, "amount", "Inflow");
    auto outflowValue = t.number(outflow, s.numberFormat, "amount", "Outflow");
    if ((!in.empty() && !inflow) || (!outflow.empty() && !outflowValue)) {
        t.row.set(kAmount, in.empty() ? outflow : in);
        return;
    }
    const std::int64_t inScaled = inflow ? inflow->scaled : 0;
    const std::int64_t outScaled = outflowValue ? outflowValue->scaled : 0; // |x| <= INT64_MAX
    const int digits = std::max(inflow ? inflow->fractionDigits : 0,
                                outflowValue ? outflowValue->fractionDigits : 0);
    // Inflow − |Outflow| with a checked add: a negative inflow and a large outflow must be a row
    // error, never a wrapped amount. INT64_MIN is refused too, so the
    // signed amount (its negation) always fits.
    const auto sum = sdk::addScaled(inScaled, outScaled < 0 ? outScaled : -outScaled);
    if (!sum || *sum == INT64_MIN) {
        t.issues.push_back({"invalid_number", "amount", "Amount is out of range", {}});
        t.row.set(kAmount, in);
        return;
    }
    const std::int64_t value = *sum;
    t.row.set(kAmount, sdk::formatScaled(value, digits));
    t.row.set(kSignedAmount, sdk::formatScaled(-value, digits));
}

fi_run_status runYnab(const Options& options, Records& out) {
    Settings settings = readSettings(options, "%m/%d/%Y");
    const Table table = readTable(out, settings);
    FormatSamples samples;
    for (const DataRow& row : table.rows) {
        samples.date(lookup(table, row, {"Date"}));
        for (std::string_view column : {"Amount", "Inflow", "Outflow"})
            samples.number(cell(row, table.normalized(column)));
    }
    if (auto early = startRows(out, settings, table, samples)) return *early;
    for (const DataRow& row : table.rows) {
        TransactionRow t;
        t.row.set(kAccount, lookup(table, row, {"Account", "account_name"}));
        t.date(lookup(table, row, {"Date"}), settings.dateFormat);
        setAmount(t, table, row, settings);
        setCurrency(t, "", settings);
        const std::string memo = lookup(table, row, {"Memo", "notes"});
        const std::string payee = lookup(table, row, {"Payee"});
        t.row.set(kName, !payee.empty() ? payee : !memo.empty() ? memo : std::string(kDefaultName));
        t.row.set(kCategory, categoryOf(table, row));
        t.row.set(kTags, "");
        t.row.set(kNotes, memo);
        t.row.set(kEntityType, "");
        if (!t.send(out, row.number, row.line)) return FI_RUN_STOPPED;
    }
    return finishRows(out, settings);
}

constexpr fi_importer kYnab = makeImporter<probeCsvText, runYnab>(
    "ynab.transactions", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("ynab", "1.0.0", &kYnab)
