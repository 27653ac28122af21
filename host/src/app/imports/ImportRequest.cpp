#include "app/imports/ImportRequest.h"

namespace finimport::app {

std::optional<std::string> CreateImportRequest::text(const std::string& name) const {
    auto it = fields.find(name);
    if (it == fields.end() || !it->second.isScalar()) return std::nullopt;
    return it->second.text;
}

} // namespace finimport::app
