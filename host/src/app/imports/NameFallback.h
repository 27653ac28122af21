#pragma once
// docs/decisions.md D91: an import whose every transaction or trade is named "Imported item" (the
// default of a row without a name, docs/imports.md §5.3) says so, naming the header that looks
// like a name column.

#include "app/imports/RowCollector.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

// The first header a person would call the name of a transaction (`Description`, `Payee`,
// `Libellé`, `Omschrijving`, `Verwendungszweck` …), compared case-insensitively (ASCII).
std::optional<std::string> nameLikeHeader(const std::vector<std::string>& header);

class NameFallbackCount {
public:
    void row(const CollectedRow& row);
    // The warning when every named row fell back; nullopt otherwise.
    std::optional<std::string> warning(const std::vector<std::string>& header) const;

private:
    int64_t _rows = 0, _fallbacks = 0;
};

} // namespace finimport::app
