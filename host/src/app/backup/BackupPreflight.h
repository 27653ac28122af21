#pragma once
// POST /api/v1/imports/preflight for the engine's own NDJSON backups (docs/api.md §12.4 "NDJSON
// path"): create's content checks with create's codes, then the per-line checks of §7.9.

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/PreflightReport.h"

#include <string>
#include <string_view>

namespace finimport::app {

PreflightResult preflightBackup(const CreateImportRequest& request, const ImportTypeTraits& traits,
                                const ImportSettings& config);

// The docs/api.md §7.9 per-line checks of a backup's NDJSON text, for the preflight report.
void checkNdjsonLines(std::string_view content, PreflightReport& report);

} // namespace finimport::app
