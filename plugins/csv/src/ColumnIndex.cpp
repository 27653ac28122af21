#include "ColumnIndex.h"

#include "finimport/text.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace finimport::csv {

ColumnIndex::ColumnIndex(const std::vector<std::string>& header) : header_(header) {
    for (const std::string& cell : header_)
        keys_.push_back(sdk::normalizeHeader(cell));
}

// Linear in the columns (a hostile header has tens of thousands): the columns grouped by key
// once, then each key's distinct names in column order.
std::optional<std::string> ColumnIndex::duplicates() const {
    std::unordered_map<std::string_view, std::vector<std::size_t>> columnsOfKey;
    for (std::size_t i = 0; i < keys_.size(); ++i)
        if (!keys_[i].empty()) columnsOfKey[keys_[i]].push_back(i);
    for (std::size_t i = 0; i < keys_.size(); ++i) {
        if (keys_[i].empty()) continue;
        const std::vector<std::size_t>& columns = columnsOfKey[keys_[i]];
        if (columns.front() != i) continue; // the key was met at its first column
        std::vector<std::string_view> names;
        std::unordered_set<std::string_view> seen;
        for (std::size_t column : columns)
            if (seen.insert(header_[column]).second) names.push_back(header_[column]);
        if (names.size() < 2) continue;
        std::string joined;
        for (std::string_view n : names)
            joined.append(joined.empty() ? "" : ", ").append(n);
        return joined;
    }
    return std::nullopt;
}

std::optional<std::size_t> ColumnIndex::find(std::string_view normalizedKey) const {
    if (normalizedKey.empty()) return std::nullopt;
    for (std::size_t i = 0; i < keys_.size(); ++i)
        if (keys_[i] == normalizedKey) return i;
    return std::nullopt;
}

std::optional<std::size_t> positionOf(std::string_view label) {
    if (label.size() < 2 || label[0] != '#' || label[1] == '0') return std::nullopt;
    std::size_t n = 0;
    for (char c : label.substr(1)) {
        if (!sdk::isDigit(c)) return std::nullopt;
        n = std::min<std::size_t>(n * 10 + std::size_t(c - '0'), 1u << 30); // saturates
    }
    return n - 1;
}

ColumnChoice ColumnIndex::resolve(const std::optional<std::string>& label,
                                  std::span<const std::string_view> aliases) const {
    ColumnChoice choice;
    if (label) {
        // docs/decisions.md D54: `#N` is always the 1-based position, beyond the row a blank cell,
        // no fallback.
        if (auto position = positionOf(*label)) {
            choice.positional = true;
            choice.columns.push_back(*position);
            return choice;
        }
        if (auto column = find(sdk::normalizeHeader(*label))) choice.columns.push_back(*column);
    }
    for (std::string_view alias : aliases)
        if (auto column = find(alias))
            // A label that names an alias ("amount") finds the same column twice: once is enough.
            if (std::find(choice.columns.begin(), choice.columns.end(), *column) ==
                choice.columns.end())
                choice.columns.push_back(*column);
    return choice;
}

std::string_view ColumnIndex::trimmedCell(const ColumnChoice& choice,
                                          const std::vector<std::string_view>& row) {
    for (std::size_t column : choice.columns) {
        if (column >= row.size()) {
            if (choice.positional) return {};
            continue;
        }
        if (!row[column].empty() || choice.positional) return row[column];
    }
    return {};
}

} // namespace finimport::csv
