#include "app/publish/RevertJob.h"

#include "app/publish/RevertGuard.h"
#include "domain/LogLine.h"
#include "store/ErrorText.h"
#include "store/ImportClaims.h"

#include <stdexcept>

namespace finimport::app {

std::optional<jobs::RecordedFailure> runRevertJob(store::Database& db, const std::string& importId,
                                                  const RevertUndo& undo) {
    try {
        db.write([&](store::Tx& s) {
            if (!store::claimImport(s, importId, "reverting")) return; // store/ImportClaims.h
            store::ImportStore imports(s);
            auto import = imports.byIdAnyFamily(importId);
            if (!import || import->status != "reverting") return;
            store::lockPublishTargets(s, import->familyId);
            // Re-checked in the job's transaction: a dependant may have appeared since the
            // request; the revert then fails with the same message and deletes nothing.
            if (auto dependants = revertDependants(s, importId); !dependants.empty())
                throw std::runtime_error(dependants.message());
            undo(s, imports, *import);
            imports.clearRecords(importId);
            import->status = "pending";
            import->error.reset();
            imports.update(*import);
        });
    } catch (const std::exception& e) {
        return recordJobFailure(db, importId, "reverting", "revert_failed", e);
    }
    return std::nullopt;
}

jobs::RecordedFailure recordJobFailure(store::Database& db, const std::string& importId,
                                       const std::string& from, const std::string& to,
                                       const std::exception& e) {
    std::string message = e.what();
    db.write([&](store::Tx& s) { store::failImportIfStatus(s, importId, from, to, message); });
    return jobs::RecordedFailure(domain::exceptionClass(e), store::errorText(e));
}

std::vector<std::string>
unusedCreated(const std::vector<std::pair<std::string, std::string>>& created,
              const std::string& type,
              const std::function<std::set<std::string>(const std::vector<std::string>&)>& inUse) {
    std::vector<std::string> ids;
    for (const auto& [t, id] : created)
        if (t == type) ids.push_back(id);
    if (ids.empty()) return ids;
    const std::set<std::string> used = inUse(ids);
    std::erase_if(ids, [&](const std::string& id) { return used.count(id) > 0; });
    return ids;
}

} // namespace finimport::app
