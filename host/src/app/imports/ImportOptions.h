#pragma once
// The options of an import: the serving manifest's declared options read from the request,
// validated against their declarations (type, values, bounds, rules) in the manifest's order,
// with the effective value of each (docs/decisions.md D10, D57), then the type's fixed options.

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportTypes.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace Poco::JSON {
class Object;
}

namespace finimport::app {

struct ImportOptions {
    // name → value (nullopt = absent): every declared option, encoding, the fixed options.
    std::vector<std::pair<std::string, std::optional<std::string>>> values;

    std::optional<std::string> get(const std::string& name) const;
    void set(const std::string& name, std::optional<std::string> value);

    std::string toJson() const;
    static ImportOptions fromJson(const std::string& json);
};

// Reads options with their declared defaults; appends validation messages (without the
// line-count bounds and account checks, which need the content and the store).
ImportOptions readImportOptions(const CreateImportRequest& request, const ImportTypeTraits& traits,
                                std::vector<std::string>& errors);

// "<Option> must be less than the number of lines in the file (<n>)" for an option declared
// `below_line_count` (e.g. lines to skip) whose value reaches the content's line count.
std::optional<std::string> checkLineBounds(const ImportOptions& options,
                                           const ImportTypeTraits& traits, std::string_view text);

} // namespace finimport::app
