#pragma once
// GET /api/v1/imports/{id}/rule_preview (docs/rules.md §9): what the active rules would change
// on the transactions a publish of the import would create, without writing anything.

#include "app/ErrorKind.h"
#include "app/imports/ImportTypes.h"
#include "app/rules/DryRun.h"
#include "store/Database.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app {

struct RulePreview {
    int64_t rowsEvaluated = 0, rowsChanged = 0, totalChanges = 0;
    std::vector<rules::DryChange> changes;
    bool truncated = false;
};

// `importId` canonical (the caller answered 404 for a malformed one).
std::variant<RulePreview, Error> previewImportRules(store::Database& db, const TypeCatalogue& types,
                                                    const std::string& familyId,
                                                    const std::string& importId, size_t limit);

} // namespace finimport::app
