#pragma once
// The options of a CSV-family import (API.md §7.1): read from the request with defaults,
// validated with the messages and order of §7.4 step 3.

#include "app/ImportRequest.h"
#include "app/ImportTypes.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace Poco::JSON {
class Object;
}

namespace finimport::app {

// Longest `*_col_label` / `amount_type_inflow_value`, and `date_format`, in bytes.
inline constexpr std::size_t kMaxLabelLength = 255;
inline constexpr std::size_t kMaxFormatLength = 64;

// The 13 column label options, in the order of API.md §7.1.
const std::vector<std::string>& labelOptions();

struct ImportOptions {
    // name → value (nullopt = absent). Holds every label, date_format, number_format,
    // signage_convention, col_sep, amount_type_strategy, amount_type_inflow_value,
    // rows_to_skip and encoding.
    std::vector<std::pair<std::string, std::optional<std::string>>> values;

    std::optional<std::string> get(const std::string& name) const;
    void set(const std::string& name, std::optional<std::string> value);
    int64_t rowsToSkip() const;

    std::string toJson() const;
    static ImportOptions fromJson(const std::string& json);
};

// Reads options with the type's defaults; appends §7.4 validation messages (without the
// rows-to-skip-vs-lines and account checks, which need the content and the store).
ImportOptions readImportOptions(const CreateImportRequest& request, const ImportTypeTraits& traits,
                                std::vector<std::string>& errors);

// "Rows to skip must be less than the number of lines in the file (<n>)" when applicable.
std::optional<std::string> checkRowsToSkip(const ImportOptions& options, const std::string& text);

} // namespace finimport::app
