#pragma once
// What a CSV-family file looks like before any option is chosen (docs/decisions.md D156, D157):
// the sniffed separator, header row, date and number formats, and for each engine field the
// column a person would pick (by the field's own name, a known synonym in the bank's language,
// or the values' shape). Preflight reports them; `column_mapping=auto` applies them at upload.

#include "app/imports/ImportOptions.h"
#include "app/imports/ImportTypes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

struct ColumnSuggestion {
    std::string field;  // "date"
    std::string option; // "date_col_label"
    bool required = false;
    std::optional<std::string> label; // the header picked (trimmed), nullopt when none
    // "exact" (the field's own name), "synonym", "values" (the cells' shape), "ambiguous"
    // (several headers fit equally: `candidates`), "none".
    std::string reason;
    std::vector<std::string> candidates;
};

// The values, and the options (by their manifest "sniffs" role, docs/plugin-manifest.md) they
// are for; an option the type does not declare has an empty name and is neither reported nor set.
struct SniffedFormats {
    std::string separatorOption, rowsToSkipOption, hasHeaderOption, dateFormatOption,
        numberFormatOption;
    std::string colSep = ",";
    int64_t rowsToSkip = 0;
    bool hasHeader = true;
    std::optional<std::string> dateFormat, numberFormat; // nullopt: not decided
};

struct ColumnReading {
    bool applies = false; // a CSV-family type with labelled columns
    SniffedFormats sniffed;
    std::vector<ColumnSuggestion> suggestions;
};

// Rows whose cells are looked at (the header's record not counted), as preflight's row checks.
inline constexpr std::size_t kSuggestionRows = 1000;

// Reads the header and the first rows of `text` under the request's own separator and rows to
// skip when it sent them (`sentColSep`/`sentRowsToSkip`), the sniffed ones otherwise. Applies to
// a type whose manifest declares a `"sniffs": "separator"` option.
ColumnReading readColumns(std::string_view text, const ImportTypeTraits& traits,
                          const std::optional<std::string>& sentColSep,
                          const std::optional<int64_t>& sentRowsToSkip);

// docs/decisions.md D157: `column_mapping=auto` sets each suggested label and sniffed format the
// request left blank; a required field no header or several headers fit is an error line.
void applyColumnMapping(const ColumnReading& reading, const CreateImportRequest& request,
                        ImportOptions& options, std::vector<std::string>& errors);

} // namespace finimport::app
