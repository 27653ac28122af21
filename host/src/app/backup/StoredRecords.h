#pragma once
// The records of a stored backup import (service NDJSON), read by the NDJSON plugin at publish
// (docs/plugin-records.md: one record per line, kind = the record type, field `data` = the raw JSON
// object). Without the plugin (a host built without it) the host reads the lines itself, the same
// way.

#include "app/backup/RecordWriter.h"
#include "plugin/PluginRegistry.h"

#include <string>
#include <vector>

namespace finimport::app::backup {

// Lines that are not records (invalid JSON, unsupported types) are skipped, as the
// reference's importer does; preflight has reported them already.
// `type` is the import's type (the plugin serving it reads the lines).
std::vector<BackupRecord> readServiceRecords(const plugin::PluginRegistry* plugins,
                                             const std::string& type, const std::string& content);

} // namespace finimport::app::backup
