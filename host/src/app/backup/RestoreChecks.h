#pragma once
// The ServiceImport preflight (docs/api.md §7.9, docs/imports.md §6.12, docs/decisions.md D19/D20):
// every line and cross-line check, errors one per problem, warnings apart. Stores nothing. Used on
// publish (ImportService::requestPublish, the publish job) and by POST /imports/preflight.

#include "app/imports/PreflightReport.h"
#include "store/Tx.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

struct RestoreCheckStats {
    int64_t rowsCount = 0;      // non-blank lines, unparsable ones included
    int64_t validRowsCount = 0; // lines passing the per-line checks (docs/decisions.md D19)
    int64_t invalidRowsCount = 0;
    std::map<std::string, int64_t> entityCounts;     // the 15 keys (serviceRecordKinds order)
    std::map<std::string, int64_t> recordTypeCounts; // type name -> lines (unsupported too)
};

struct RestoreCheckReport {
    std::vector<PreflightProblem> errors;
    std::vector<std::string> warnings;
    int64_t errorsNotListed = 0,
            warningsNotListed = 0; // beyond the docs/decisions.md D65 cap (MessageCap.h)
    RestoreCheckStats stats;

    bool valid() const { return errors.empty(); }
    // "Service import preflight failed:\n<message>\n<message>…" (the import's `error`).
    std::string errorText() const;
};

inline constexpr const char* kPreflightFailedHeader = "Service import preflight failed:";

// `ownImportId`: taxonomy owned by that import does not collide (docs/decisions.md D20, re-publish
// after revert). `rowCap`: the ServiceImport publish limit (the warning above it).
RestoreCheckReport checkRestore(store::Tx& session, const std::string& familyId,
                                std::string_view content,
                                const std::optional<std::string>& ownImportId = std::nullopt,
                                int64_t rowCap = 100000);

} // namespace finimport::app
