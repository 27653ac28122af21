// PluginImport::preflight, the path of every plugin-read type (docs/api.md §12.4 "CSV path"):
// the checks are create's (CreateChecks), then the serving plugin reads the content as create
// would, counting rows and reading the header, storing nothing (docs/decisions.md D29); the
// http_preflight suite compares both endpoints' answers on the same bad requests.
#include "app/imports/PluginImport.h"

#include "app/imports/CreateChecks.h"
#include "app/imports/ImportContent.h"
#include "app/imports/ImportOptions.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/TextDecoding.h"
#include "domain/Text.h"
#include "domain/Uuid.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/FamilyStore.h"

#include <algorithm>
#include <cstring>

namespace finimport::app {

namespace {

Error createValidationFailed(std::vector<std::string> errors) {
    return Error{ErrorKind::Invalid, "validation_failed", "Import could not be created",
                 std::move(errors), std::nullopt};
}

// docs/api.md §7.5 header normalisation: trim, lower-case, drop `*`, runs of whitespace/hyphens →
// `_`.
std::string normalizeHeader(const std::string& text) {
    std::string out;
    bool run = false;
    for (char c : domain::trim(text)) {
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

// Counts what the plugin emits without keeping the rows: preflight stores nothing and a 10 MB
// file must not be held as rows.
class CountingSink : public plugin::RecordSink {
public:
    bool begin(const std::string& kind, const std::vector<std::string>& fields) override {
        _kind = kind;
        _fields = fields;
        return true;
    }
    bool row(const std::vector<std::optional<std::string>>& values,
             const plugin::Location&) override {
        if (_kind == "header") {
            header.clear();
            for (const auto& v : values)
                header.push_back(v.value_or(""));
        } else if (_kind == "warning") {
            // Statement files: warnings join the report (docs/decisions.md D57); statements are not
            // rows.
            for (std::size_t i = 0; i < _fields.size() && i < values.size(); ++i)
                if (_fields[i] == "message" && values[i] && warnings.size() < kMaxWarnings)
                    warnings.push_back(*values[i]);
        } else if (_kind != "meta" && _kind != "statement") {
            ++rows;
        }
        return true;
    }
    // docs/decisions.md D95: the first kRowsChecked records' errors are counted, the first
    // kRowErrorsListed listed with their lines.
    bool rowError(const std::string&, const plugin::Location& where,
                  const std::optional<std::string>& field, const std::string& message,
                  const std::optional<std::string>&) override {
        if (where.record == 0 || where.record > PreflightReport::kRowsChecked) return true;
        if (where.record != _lastInvalid) {
            _lastInvalid = where.record;
            ++invalidChecked;
        }
        if (rowErrors.size() < PreflightReport::kRowErrorsListed)
            rowErrors.push_back(PreflightRowError{static_cast<int64_t>(where.record),
                                                  static_cast<int64_t>(where.line), field,
                                                  message});
        return true;
    }

    static constexpr std::size_t kMaxWarnings =
        1000; // as the listed messages (docs/decisions.md D65)
    std::vector<std::string> header, warnings;
    int64_t rows = 0;
    int64_t invalidChecked = 0;
    std::vector<PreflightRowError> rowErrors;

private:
    uint64_t _lastInvalid = 0;
    std::string _kind;
    std::vector<std::string> _fields;
};

} // namespace

PreflightResult PluginImport::preflight(const CreateImportRequest& req, const std::string& type) {
    const ImportTypeTraits traits = _types.traitsOf(type);
    const plugin::ImporterHandle* importer = _plugins.find(type);

    // Create's checks, in create's order (docs/api.md §7.3 then docs/decisions.md D26; D29).
    CreateChecks checks = runCreateChecks(_db, req, _types, traits, _config.fallbackCharset);
    if (checks.refusal) return *checks.refusal;
    auto& [refusal, content, errors, accountId, account, family, options, text] = checks;
    // Fixed labels and formats fill only what the client left blank (docs/api.md §12.4).
    for (const auto& [name, value] : traits.details.fixedOptions)
        if (auto own = req.text(name); !domain::isBlank(own)) options.set(name, *own);

    if (!errors.empty()) return createValidationFailed(std::move(errors));
    if (!req.file && !content.bytes)
        return Error{ErrorKind::Invalid, "missing_content",
                     "Provide " + traits.fileNoun() + " or raw_file_content.", std::nullopt,
                     std::nullopt};

    PreflightReport report;
    report.type = type;
    report.filename = req.file ? req.file->filename : "import.csv";
    report.contentType = req.file ? req.file->contentType : "text/csv";
    if (req.file)
        report.byteSize = static_cast<int64_t>(req.file->data.size());
    else if (auto it = req.fields.find("raw_file_content");
             it != req.fields.end() && it->second.isScalar())
        report.byteSize = static_cast<int64_t>(it->second.text.size()); // not copied to count
    for (const auto& [field, label] : traits.details.requiredColumns) {
        auto configured = label.empty() ? std::nullopt : options.get(label);
        report.requiredHeaders.push_back(domain::isBlank(configured) ? field : *configured);
    }

    // docs/decisions.md D156: what the file looks like, whatever the options say.
    if (content.bytes && text)
        report.columns = readColumnsOf(req, options, traits, text->of(*content.bytes));
    // The plugin reads the content exactly as create would (docs/decisions.md D29); nothing is
    // stored.
    std::optional<PluginFailure> failure;
    CountingSink sink;
    if (content.bytes && importer) {
        std::string currency = account ? account->currency : (family ? family->currency : "USD");
        auto result = plugin::runImporter(
            *importer, pluginOptions(traits, options, currency).namedValues(),
            stringSource(text ? text->of(*content.bytes) : *content.bytes), sink);
        if (result.status == plugin::RunResult::Status::Failed)
            failure = classifyFailure(result, traits);
        report.rowsCount = failure ? 0 : sink.rows;
        if (!failure) {
            report.rowsChecked = std::min<int64_t>(sink.rows, PreflightReport::kRowsChecked);
            report.invalidRowsChecked = sink.invalidChecked;
            report.rowErrors = std::move(sink.rowErrors);
        }
    }
    for (const auto& cell : sink.header)
        if (!cell.empty()) report.headers.push_back(cell);
    if (!report.headers.empty()) {
        std::vector<std::string> normalized;
        for (const auto& h : report.headers)
            normalized.push_back(normalizeHeader(h));
        for (const auto& r : report.requiredHeaders)
            if (std::find(normalized.begin(), normalized.end(), normalizeHeader(r)) ==
                normalized.end())
                report.missingRequiredHeaders.push_back(r);
    }
    // A file the plugin refuses is refused as create refuses it (docs/decisions.md D29).
    if (failure && !failure->storeEmpty)
        return Error{ErrorKind::Invalid, failure->code, failure->message, std::nullopt,
                     std::nullopt};
    if (!report.missingRequiredHeaders.empty()) {
        std::string list;
        for (const auto& m : report.missingRequiredHeaders)
            list += (list.empty() ? "" : ", ") + m;
        report.errors.push_back({"missing_required_headers", "Missing required columns: " + list});
    }
    if (report.rowsCount == 0)
        report.errors.push_back({"no_data_rows", "No data rows were found."});
    if (report.rowsCount > rowCapOf(traits, _config))
        report.warnings.push_back("Row count exceeds this import type's publish limit.");
    // Then the import's own warnings (docs/decisions.md D57), as create would store them.
    report.warnings.insert(report.warnings.end(), sink.warnings.begin(), sink.warnings.end());
    return report;
}

} // namespace finimport::app
