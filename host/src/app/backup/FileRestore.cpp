#include "app/backup/FileRestore.h"

#include "app/backup/Restorer.h"
#include "store/ImportStore.h"

#include <limits>

namespace finimport::app {

RestoreResult restoreFamily(store::Database& db, const ImportSettings& config,
                            const plugin::PluginRegistry& plugins, const TypeCatalogue& types,
                            const std::string& familyId, std::string content,
                            const std::string& filename,
                            const std::function<void(const std::string&)>& phase) {
    RestoreResult result;
    // The engine's own backup type, as the plugins declare it (record kind "backup").
    for (const auto& t : plugins.types())
        if (types.traitsOf(t.type).backup()) result.type = t.type;
    if (result.type.empty()) {
        result.status = "failed";
        result.error = "no loaded plugin serves the backup format";
        return result;
    }
    // Stored as `importing` at once: the publish below claims it as a job would (no queue).
    store::ImportRecord record;
    record.familyId = familyId;
    record.type = result.type;
    record.status = "importing";
    record.contentKind = "text";
    record.filename = filename;
    record.contentType = "application/x-ndjson";
    record.content = std::move(content);
    if (phase) phase("storing");
    db.write([&](store::Tx& s) { store::ImportStore(s).insert(record); });
    result.importId = record.id;
    record.content.reset();

    // docs/decisions.md D104: the operator's own file, so no row cap applies.
    ImportSettings uncapped = config;
    uncapped.serviceRowCap = std::numeric_limits<int64_t>::max();
    if (phase) phase("restoring");
    backup::Restorer(db, uncapped, &plugins, types).publish(record.id, nullptr);

    db.read([&](store::Tx& s) {
        auto stored = store::ImportStore(s).byIdAnyFamily(record.id);
        if (!stored) return;
        result.status = stored->status;
        result.error = stored->error.value_or("");
        result.lines = stored->rowsCount;
        result.readback = stored->readback.value_or("{}");
    });
    return result;
}

} // namespace finimport::app
