#pragma once
// Line-level reading of the service's NDJSON format (API.md §7.7, §7.9; DECISIONS.md D19):
// the first-line gate, typed-line counts, the 15 expected record counts and line validity.

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

// The 15 record kinds: JSON key and record type, in dependency order.
const std::vector<std::pair<std::string, std::string>>& serviceRecordKinds();
// Required `data` fields per record type (API.md §7.9).
const std::map<std::string, std::vector<std::string>>& serviceRequiredFields();

struct NdjsonLineReport {
    bool firstLineOk = false; // §7.7 step 2
    int64_t nonBlankLines = 0;
    int64_t typedLines = 0;      // parse as an object with a truthy `type` and a `data` key
    int64_t validLines = 0;      // typed lines passing the per-line checks of §7.9
    int64_t importableLines = 0; // typed lines of one of the 15 types
    std::map<std::string, int64_t> expected;         // the 15 keys
    std::map<std::string, int64_t> recordTypeCounts; // type name → lines (first 100 types)
};

NdjsonLineReport analyzeNdjson(std::string_view content);
bool ndjsonFirstLineOk(std::string_view content);

} // namespace finimport::app
