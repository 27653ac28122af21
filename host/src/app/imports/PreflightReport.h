#pragma once
// What POST /api/v1/imports/preflight answers (docs/api.md §12.4; docs/decisions.md D29): the
// report on a content create would accept, or create's refusal with its code and message.

#include "app/imports/ColumnSuggestions.h"
#include "app/imports/ImportRequest.h"

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

using PreflightResult = std::variant<PreflightReport, Error>;

} // namespace finimport::app
