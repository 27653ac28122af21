#pragma once
// The derived state of an import (API.md §7.6, §7.8; IMPORTS.md §3): status_detail flags and
// stats, with rows validated now, and why it cannot be published (D6).

#include "app/ImportOptions.h"
#include "app/ImportTypes.h"
#include "domain/Date.h"
#include "store/ImportStore.h"

#include <Poco/Data/Session.h>

#include <string>
#include <vector>

namespace finimport::app {

struct StatusDetail {
    bool uploaded = false, configured = false, terminal = false, cleaned = false,
         publishable = false, revertable = false;
};

struct ImportStats {
    int64_t rowsCount = 0, validRowsCount = 0, invalidRowsCount = 0, mappingsCount = 0,
            unassignedMappingsCount = 0, duplicateRowsCount = 0;
};

struct ImportView {
    store::ImportRecord record;
    ImportOptions options;
    StatusDetail detail;
    ImportStats stats;
    std::vector<std::string> notPublishableReasons; // D6 `errors` lines
};

bool isTerminalStatus(const std::string& status);
bool isRevertableStatus(const std::string& status);

// Loads rows and mappings of `record` (content not needed) and evaluates them at `today`.
ImportView evaluateImport(Poco::Data::Session& s, const store::ImportRecord& record,
                          domain::Date today);

} // namespace finimport::app
