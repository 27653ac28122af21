// Field-level helpers of the QIF importer: the `L` category/transfer/tags field, split
// percentages, default account names and the file's date pattern.
#ifndef FINIMPORT_QIF_FIELDS_H
#define FINIMPORT_QIF_FIELDS_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::qif {

// `L` value: `[Account]` = transfer, `--Split--` = none, else `Category/tag1:tag2`.
struct CategoryField {
    std::string category, tags, transfer;
};

// Tags joined with "|" so that the host's docs/imports.md §5.7 split gives them back (",", "|" and
// "\" inside a tag are escaped).
std::string joinTags(const std::vector<std::string>& tags);
CategoryField parseCategory(std::string_view raw);
// value * percent / 100 for two 10^8-scaled numbers, rounded half away from zero.
std::optional<std::int64_t> percentOf(std::int64_t value, std::int64_t percent);

} // namespace finimport::qif

#endif // FINIMPORT_QIF_FIELDS_H
