#pragma once
// Family-wide counts of the 15 record kinds and the readback verification object
// (docs/api.md §7.8, docs/imports.md §6.12, docs/decisions.md D19: implicit records counted apart).

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace finimport::app::backup {

using RecordCounts = std::map<std::string, int64_t>; // the 15 keys

RecordCounts zeroCounts();
RecordCounts parseCounts(const std::optional<std::string>& json);
// {"<kind>": n, …} with the 15 keys in the kinds' order (a missing one is 0).
std::string countsJson(const RecordCounts& counts);

struct Readback {
    RecordCounts expected, before, after, implicit;
    std::optional<std::string> error; // set: status `failed`
};

// `matched` when after − before − implicit == expected for every key, else `mismatch`.
std::string readbackJson(const Readback& r);
std::string revertedReadbackJson();

} // namespace finimport::app::backup
