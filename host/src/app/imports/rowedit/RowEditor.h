#pragma once
// PATCH /api/v1/imports/{id}/rows/{number} (docs/decisions.md D44, D56): exclude or include a row
// and change its fields on a pending or failed import; the row is validated again and the import's
// stats, mappings and publishability follow.

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/rowedit/FieldEdits.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"
#include "store/ImportStore.h"

#include <optional>
#include <string>
#include <variant>

namespace finimport::app {

struct RowEditRequest {
    std::optional<bool> excluded;
    rows::Fields fields; // name → raw text (nullopt: blank)
    // Lines about the body's shape, answered as 422 after the 404/409 checks.
    std::vector<std::string> bodyErrors;
};

// The stored row after the edit, or why it was refused (404, 409, 422).
using RowEditResult = std::variant<store::ImportRowRecord, Error>;

class RowEditor {
public:
    // `plugins` serve the row checks (docs/decisions.md D67); `types` are theirs.
    RowEditor(store::Database& db, const plugin::PluginRegistry& plugins,
              const TypeCatalogue& types)
        : _db(db), _plugins(plugins), _types(types) {}
    RowEditResult edit(const std::string& familyId, const std::string& importId, int64_t rowNumber,
                       const RowEditRequest& request);

private:
    store::Database& _db;
    const plugin::PluginRegistry& _plugins;
    const TypeCatalogue& _types;
};

} // namespace finimport::app
