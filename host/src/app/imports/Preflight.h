#pragma once
// POST /api/v1/imports/preflight (docs/api.md §12.4; docs/decisions.md D29): create's checks with
// the same codes and messages, then a report on the content. Nothing is stored, nothing queued.

#include "app/imports/ColumnSuggestions.h"
#include "app/imports/ImportRequest.h"
#include "app/imports/ImportSettings.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app {

struct PreflightProblem {
    std::string code, message;
};

// A row error found by preflight (docs/decisions.md D95): record number, line, field, message.
struct PreflightRowError {
    int64_t row = 0, line = 0;
    std::optional<std::string> field;
    std::string message;
};

struct PreflightReport {
    // Rows preflight checks as create would, and how many of their errors it lists.
    static constexpr uint64_t kRowsChecked = 1000;
    static constexpr std::size_t kRowErrorsListed = 10;

    std::string type;
    std::string filename, contentType;
    int64_t byteSize = 0;
    bool ndjson = false;
    // CSV path.
    int64_t rowsCount = 0;
    std::vector<std::string> headers, requiredHeaders, missingRequiredHeaders;
    int64_t rowsChecked = 0, invalidRowsChecked = 0;
    std::vector<PreflightRowError> rowErrors;
    ColumnReading columns; // docs/decisions.md D156: sniffed formats and suggested columns
    // NDJSON path.
    int64_t validRowsCount = 0, invalidRowsCount = 0;
    std::vector<std::pair<std::string, int64_t>> entityCounts; // the 15 keys in order
    std::map<std::string, int64_t> recordTypeCounts;
    std::vector<PreflightProblem> errors;
    std::vector<std::string> warnings;
    int64_t errorsNotListed = 0; // beyond the docs/decisions.md D65 cap (MessageCap.h)

    bool valid() const { return errors.empty(); }
};

using PreflightResult = std::variant<PreflightReport, ImportError>;

class ImportPreflight {
public:
    ImportPreflight(store::Database& db, const plugin::PluginRegistry& plugins,
                    const ImportSettings& config)
        : _db(db), _plugins(plugins), _config(config) {}

    PreflightResult run(const CreateImportRequest& request);

private:
    PreflightResult runFromPlugin(const CreateImportRequest& request, const std::string& type);
    PreflightResult runService(const CreateImportRequest& request, const std::string& type);

    store::Database& _db;
    const plugin::PluginRegistry& _plugins;
    const ImportSettings& _config;
};

// The docs/api.md §7.9 per-line checks of a service NDJSON text, for the preflight report.
void checkNdjsonLines(std::string_view content, PreflightReport& report);

} // namespace finimport::app
