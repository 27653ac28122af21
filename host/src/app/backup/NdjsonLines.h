#pragma once
// Line-level reading of the service's NDJSON format (docs/api.md §7.7, §7.9; docs/decisions.md
// D19): the first-line gate, typed-line counts, the 15 expected record counts and line validity.

#include "domain/Json.h"

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

// The media type of the service NDJSON format, the one copy in the host: what the export answers
// with and what preflight reports for content sent as text. The types an upload may carry are
// the serving plugin's manifest `media_types`.
inline constexpr const char* kNdjsonMediaType = "application/x-ndjson";

// The 15 record kinds: JSON key and record type, in dependency order.
const std::vector<std::pair<std::string, std::string>>& serviceRecordKinds();
// The required `data` fields of a record `type` (one of the 15, docs/api.md §7.9) that `blank`
// finds blank, ", "-joined in the table's order; "" when none. The one copy of that table.
std::string missingServiceFields(const std::string& type,
                                 const std::function<bool(const std::string&)>& blank);
// The same with the line checks' blank rule: absent, null, or a blank string.
std::string missingServiceFields(const std::string& type, const finimport::json::Value& data);
// A line's `type` as text: a string as is, other values as JSON text.
std::string recordTypeText(const finimport::json::Value& type);

struct NdjsonLineReport {
    bool firstLineOk = false; // docs/api.md §7.7 step 2
    int64_t nonBlankLines = 0;
    int64_t typedLines = 0;      // parse as an object with a truthy `type` and a `data` key
    int64_t validLines = 0;      // typed lines passing the per-line checks of docs/api.md §7.9
    int64_t importableLines = 0; // typed lines of one of the 15 types
    std::map<std::string, int64_t> expected;         // the 15 keys
    std::map<std::string, int64_t> recordTypeCounts; // type name → lines (first 100 types)
};

NdjsonLineReport analyzeNdjson(std::string_view content);
bool ndjsonFirstLineOk(std::string_view content);

} // namespace finimport::app
