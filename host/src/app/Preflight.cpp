// ImportPreflight: the CSV-family path (API.md §12.4 "CSV path") and the shared entry point.
// The checks mirror ImportService::createCsvFamily / createService step by step (D29); the
// http_preflight suite compares both endpoints' answers on the same bad requests.
#include "app/Preflight.h"

#include "app/CreateChecks.h"

#include "app/ImportContent.h"
#include "app/ImportOptions.h"
#include "app/ImportService.h"
#include "app/ImportTypes.h"
#include "app/TextDecoding.h"
#include "domain/Uuid.h"
#include "store/AccountStore.h"
#include "store/FamilyStore.h"

#include <finimport/csv.hpp>
#include <finimport/detect.hpp>

#include <algorithm>
#include <cstring>

namespace finimport::app {

namespace {

bool blank(const std::optional<std::string>& s) {
    return !s || s->find_first_not_of(" \t\r\n") == std::string::npos;
}

std::string trimmed(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

ImportError createValidationFailed(std::vector<std::string> errors) {
    return ImportError{422, "validation_failed", "Import could not be created", std::move(errors),
                       std::nullopt};
}

// §7.5 header normalisation: trim, lower-case, drop `*`, runs of whitespace/hyphens → `_`.
std::string normalizeHeader(const std::string& text) {
    std::string out;
    bool run = false;
    for (char c : trimmed(text)) {
        if (c == '*') continue;
        if (c == ' ' || c == '\t' || c == '-' || c == '\r' || c == '\n') {
            run = true;
            continue;
        }
        if (run && !out.empty()) out += '_';
        run = false;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// Required columns of each type (§7.5): the field and its label option ("" = none).
std::vector<std::pair<std::string, std::string>> requiredColumns(const std::string& type) {
    if (type == "TransactionImport" || type == "MintImport" || type == "ActualImport" ||
        type == "YnabImport")
        return {{"date", "date_col_label"}, {"amount", "amount_col_label"}};
    if (type == "TradeImport")
        return {{"date", "date_col_label"},
                {"ticker", "ticker_col_label"},
                {"qty", "qty_col_label"},
                {"price", "price_col_label"}};
    if (type == "AccountImport")
        return {{"name", "name_col_label"}, {"amount", "amount_col_label"}};
    if (type == "CategoryImport" || type == "MerchantImport") return {{"name", "name_col_label"}};
    if (type == "RuleImport") return {{"resource_type", ""}, {"conditions", ""}, {"actions", ""}};
    return {};
}

// Drops the first `skip` lines (split on \n).
std::string dropLines(const std::string& text, int64_t skip) {
    size_t pos = 0;
    for (int64_t i = 0; i < skip && pos != std::string::npos; ++i) {
        pos = text.find('\n', pos);
        if (pos != std::string::npos) ++pos;
    }
    return pos == std::string::npos ? std::string() : text.substr(pos);
}

} // namespace

PreflightResult ImportPreflight::run(const CreateImportRequest& req) {
    std::string type = ImportService::resolveType(req.text("type"));
    if (type == "ServiceImport") return runService(req);
    return runCsvFamily(req, type);
}

PreflightResult ImportPreflight::runCsvFamily(const CreateImportRequest& req,
                                              const std::string& type) {
    const ImportTypeTraits traits = traitsOf(type);
    const plugin::ImporterHandle* importer = _plugins.find(type);
    const auto& builtins = builtinImportTypes();
    const bool builtin = std::find(builtins.begin(), builtins.end(), type) != builtins.end();
    const bool known = importer || builtin;

    // Create's checks, in create's order (§7.3 then D26; D29).
    CreateChecks checks =
        runCreateChecks(_db, req, traits, importer, known, _config.fallbackCharset);
    if (checks.refusal) return *checks.refusal;
    auto& [refusal, content, errors, accountId, account, family, options, text] = checks;
    // Fixed labels and formats fill only what the client left blank (§12.4).
    for (const auto& [name, value] : traits.forced)
        if (auto own = req.text(name); !blank(own)) options.set(name, *own);

    if (!errors.empty()) return createValidationFailed(std::move(errors));
    if (!req.file && !content.bytes)
        return ImportError{422, "missing_content",
                           "Provide " + traits.fileNoun + " or raw_file_content.", std::nullopt,
                           std::nullopt};

    PreflightReport report;
    std::vector<std::string> importWarnings;
    report.type = type;
    report.filename = req.file ? req.file->filename : "import.csv";
    report.contentType = req.file ? req.file->contentType : "text/csv";
    if (req.file)
        report.byteSize = static_cast<int64_t>(req.file->data.size());
    else
        report.byteSize = static_cast<int64_t>(req.text("raw_file_content").value_or("").size());

    // Third-party and statement types (OFX, CAMT, MT940) are read by their plugin below.
    if (traits.family == ContentFamily::Csv && (builtin || !importer)) {
        for (const auto& [field, label] : requiredColumns(type)) {
            auto configured = label.empty() ? std::nullopt : options.get(label);
            report.requiredHeaders.push_back(blank(configured) ? field : *configured);
        }
        std::string body = text ? trimmed(dropLines(text->text, options.rowsToSkip())) : "";
        size_t offset = 0;
        auto source = [&](char* buffer, size_t capacity) -> int64_t {
            size_t n = std::min(capacity, body.size() - offset);
            std::memcpy(buffer, body.data() + offset, n);
            offset += n;
            return static_cast<int64_t>(n);
        };
        std::string sep = options.get("col_sep").value_or(",");
        // D37: `auto` sniffs the separator as the CSV plugin does.
        const char separator =
            sep == "auto" ? sdk::detectSeparator(body) : (sep.empty() ? ',' : sep[0]);
        sdk::CsvReader reader(source, separator);
        sdk::CsvRecord record;
        bool header = true;
        while (reader.next(record)) {
            if (header) {
                for (const auto& cell : record.fields)
                    if (!cell.empty()) report.headers.push_back(cell);
                header = false;
                continue;
            }
            bool any = std::any_of(record.fields.begin(), record.fields.end(),
                                   [](const std::string& f) { return !trimmed(f).empty(); });
            if (any) ++report.rowsCount;
        }
        if (reader.error())
            return ImportError{422, "invalid_csv", reader.error()->message(), std::nullopt,
                               std::nullopt};
        std::vector<std::string> normalized;
        for (const auto& h : report.headers)
            normalized.push_back(normalizeHeader(h));
        for (const auto& r : report.requiredHeaders)
            if (std::find(normalized.begin(), normalized.end(), normalizeHeader(r)) ==
                normalized.end())
                report.missingRequiredHeaders.push_back(r);
        if (!report.missingRequiredHeaders.empty()) {
            std::string list;
            for (const auto& m : report.missingRequiredHeaders)
                list += (list.empty() ? "" : ", ") + m;
            report.errors.push_back(
                {"missing_required_headers", "Missing required columns: " + list});
        }
    } else if (content.bytes && importer) {
        // QIF, PDF and third-party formats: the plugin reads the content as create would.
        std::string currency = account ? account->currency : (family ? family->currency : "USD");
        GeneratedRows g = generateRows(*importer, type, options, currency,
                                       text ? text->text : std::string(*content.bytes), req);
        if (!g.errorCode.empty()) // a plugin's own fatal error code (ABI 1.1 fail)
            return ImportError{422, g.errorCode, g.error, std::nullopt, std::nullopt};
        if (g.invalidCsv)
            return ImportError{422, "invalid_csv", g.error, std::nullopt, std::nullopt};
        if (g.aborted) // as create answers (issue 12 item 6)
            return ImportError{422, "plugin_failed", g.error, std::nullopt, std::nullopt};
        // D65: unreadable input is refused as create refuses it (a PDF stays D17).
        if (g.fatalError && traits.family != ContentFamily::Pdf &&
            !importer->manifest.format.empty())
            return ImportError{422, "invalid_" + importer->manifest.format, g.error, std::nullopt,
                               std::nullopt};
        // Statement files: statements are not rows; warnings join the report (D57).
        for (const auto& row : g.rows) {
            if (row.kind == "statement") continue;
            if (row.kind == "warning") {
                if (const auto* m = row.field("message"); m && *m) importWarnings.push_back(**m);
                continue;
            }
            ++report.rowsCount;
        }
    }
    if (report.rowsCount == 0)
        report.errors.push_back({"no_data_rows", "No data rows were found."});
    if (report.rowsCount > rowCapOf(type, _config))
        report.warnings.push_back("Row count exceeds this import type's publish limit.");
    // Then the import's own warnings (D57), as create would store them.
    report.warnings.insert(report.warnings.end(), importWarnings.begin(), importWarnings.end());
    return report;
}

} // namespace finimport::app
