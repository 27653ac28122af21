// finimport_pdf.so: PdfImport (docs/imports.md §6.11, §12.11, docs/decisions.md D17). Text comes
// from poppler; the statement table is recognised by Statement.cpp. No AI, no network.
#include "PdfText.h"
#include "Statement.h"
#include "finimport_manifest.h" // generated from manifest.json

#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

#include <chrono>

namespace {

using namespace finimport;

constexpr std::size_t kMaxInput = 32u << 20; // above the host's 25 MB PDF limit

constexpr FieldList kFields{"account",     "date",          "amount", "currency",
                            "name",        "category",      "tags",   "notes",
                            "entity_type", "signed_amount", "balance"};
constexpr FieldList kMetaFields{"document_type",  "summary", "title",           "account_holder",
                                "account_number", "period",  "opening_balance", "closing_balance"};

std::string readAll(Records& out) {
    std::string bytes;
    char buffer[65536];
    for (;;) {
        const std::int64_t n = out.read(buffer, sizeof buffer);
        if (n < 0) throw Fatal("The PDF could not be read");
        if (n == 0) break;
        bytes.append(buffer, std::size_t(n));
        if (bytes.size() > kMaxInput) throw Fatal("The PDF is too large");
    }
    return bytes;
}

sdk::CivilDate todayUtc() {
    using namespace std::chrono;
    const year_month_day ymd{floor<days>(system_clock::now())};
    return {int(ymd.year()), int(unsigned(ymd.month())), int(unsigned(ymd.day()))};
}

std::string lastDigits(const std::string& number, std::size_t count) {
    std::string digits;
    for (char c : number)
        if (sdk::isDigit(c)) digits.push_back(c);
    return digits.size() > count ? digits.substr(digits.size() - count) : digits;
}

std::string money(std::int64_t scaled) {
    return sdk::formatScaled(scaled, 2);
}

fi_run_status runPdf(const Options& options, Records& out) {
    const pdf::Statement st = pdf::parseStatement(pdf::extractLines(readAll(out)), todayUtc());
    if (!st.tableFound)
        throw Fatal("No statement table was found: expected a header row naming date, "
                    "description, amount (or paid in / withdrawn) and balance columns");
    std::optional<std::string> currency;
    if (auto c = options.get("default_currency"); c && !c->empty())
        currency = sdk::toUpperAscii(*c);
    const std::string last4 = lastDigits(st.accountNumber, 4);
    const std::string account = last4.empty() ? "Statement account" : "Statement account " + last4;
    if (!out.begin("transaction", kFields)) return FI_RUN_STOPPED;
    std::uint64_t number = 0;
    for (const pdf::StatementRow& r : st.rows) {
        Row row(kFields.size());
        row.set(kFields["account"], account);
        row.set(kFields["date"], r.date);
        row.set(kFields["amount"], money(r.amount));
        if (currency) row.set(kFields["currency"], *currency);
        row.set(kFields["name"], r.description.empty() ? "Imported item" : r.description);
        row.set(kFields["category"], "");
        row.set(kFields["tags"], "");
        row.set(kFields["notes"], r.reference);
        row.set(kFields["entity_type"], "");
        row.set(kFields["signed_amount"], money(-r.amount)); // money in is negative in the engine
        if (r.balance) row.set(kFields["balance"], money(*r.balance));
        const Location where{++number, r.line};
        if (!out.row(row, where)) return FI_RUN_STOPPED;
        if (!r.dateValid &&
            !out.rowError("invalid_date", where, "date",
                          "Date \"" + r.date + "\" could not be read", r.date.c_str()))
            return FI_RUN_STOPPED;
        if (r.balanceError &&
            !out.rowError("balance_mismatch", where, "balance", *r.balanceError, nullptr))
            return FI_RUN_STOPPED;
    }
    Row meta(kMetaFields.size());
    meta.set(kMetaFields["document_type"], "bank_statement");
    meta.set(kMetaFields["summary"], (st.title.empty() ? std::string("Statement") : st.title) +
                                         ": " + std::to_string(st.rows.size()) + " transactions" +
                                         (st.period.empty() ? "" : ", period " + st.period));
    meta.set(kMetaFields["title"], st.title);
    meta.set(kMetaFields["account_holder"], st.holder);
    meta.set(kMetaFields["account_number"], last4);
    meta.set(kMetaFields["period"], st.period);
    if (st.openingBalance) meta.set(kMetaFields["opening_balance"], money(*st.openingBalance));
    if (st.closingBalance) meta.set(kMetaFields["closing_balance"], money(*st.closingBalance));
    if (!out.begin("meta", kMetaFields) || !out.row(meta, Location{number + 1, 0}))
        return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

fi_probe_result probePdf(std::string_view head, const char*) {
    return head.substr(0, 5) == "%PDF-" ? FI_PROBE_YES : FI_PROBE_NO;
}

constexpr fi_importer kPdf = makeImporter<probePdf, runPdf>(
    "pdf.statements", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("pdf", "1.0.0", &kPdf)
