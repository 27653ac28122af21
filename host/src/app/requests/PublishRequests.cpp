// ImportService: the publish and revert requests (docs/api.md §7.4 step 5, §7.7 step 4, §12.5;
// docs/decisions.md D6, D7).
#include "app/backup/RestoreChecks.h"
#include "app/imports/ImportContent.h"
#include "app/publish/RevertGuard.h"
#include "app/requests/ImportService.h"
#include "domain/LogLine.h"
#include "domain/Uuid.h"
#include "store/ImportStore.h"

#include <sstream>

namespace finimport::app {

namespace {

Error refusal(ErrorKind kind, const std::string& code, const std::string& message,
              const std::string& importId,
              std::optional<std::vector<std::string>> errors = std::nullopt) {
    return Error{kind, code, message, std::move(errors), importId};
}

std::string notReadyMessage(const ImportTypeTraits& traits) {
    return traits.backup() ? "Import was uploaded but has no publishable records."
                           : "Import was uploaded but is not ready to publish.";
}

} // namespace

ImportResult ImportService::requestPublish(const std::string& familyId, const std::string& id,
                                           bool explicitRequest) {
    std::optional<Error> error;
    std::optional<ImportView> queued;
    // The status flip and the job row commit together: if anything fails, the transaction
    // rolls back (the import stays as it was) and the client gets publish_failed (docs/api.md
    // §7.7 4.4).
    try {
        _db.write([&](store::Tx& s) {
            store::ImportStore imports(s);
            auto record = imports.byId(familyId, id);
            if (!record) return;
            const ImportTypeTraits traits = _types.traitsOf(record->type);
            if (explicitRequest && record->status != "pending" && record->status != "failed") {
                error = refusal(ErrorKind::Invalid, "not_publishable", notReadyMessage(traits), id);
                return;
            }
            ImportView view = evaluateImport(s, _types, *record, domain::Date::today());
            if (!view.detail.configured) {
                error = refusal(ErrorKind::Invalid, "not_publishable", notReadyMessage(traits), id,
                                view.notPublishableReasons);
                return;
            }
            if (record->rowsCount > rowCapOf(traits, _config)) {
                error = refusal(ErrorKind::Invalid, "max_row_count_exceeded",
                                rowCapMessage(traits, _config, record->rowsCount), id);
                return;
            }
            if (traits.backup()) {
                // docs/api.md §7.7 step 4.2: a failed preflight fails the import (its error lists
                // the problems).
                auto withContent = imports.byId(familyId, id, true);
                auto report = checkRestore(s, familyId, withContent->content.value_or(""), id,
                                           rowCapOf(traits, _config));
                if (!report.valid()) {
                    std::vector<std::string> lines;
                    std::istringstream text(report.errorText());
                    for (std::string line; std::getline(text, line);) {
                        auto b = line.find_first_not_of(" \t\r"),
                             e = line.find_last_not_of(" \t\r");
                        if (b != std::string::npos) lines.push_back(line.substr(b, e - b + 1));
                    }
                    imports.setStatus(id, "failed", report.errorText());
                    error =
                        refusal(ErrorKind::Invalid, "preflight_failed",
                                "Import was uploaded but did not pass service NDJSON preflight.",
                                id, lines);
                    return;
                }
            }
            if (!view.detail.publishable) {
                if (traits.backup())
                    error =
                        refusal(ErrorKind::Invalid, "not_publishable", notReadyMessage(traits), id);
                else
                    error = refusal(ErrorKind::Invalid, "not_publishable", notReadyMessage(traits),
                                    id, view.notPublishableReasons);
                return;
            }
            record->status = "importing";
            record->error.reset();
            imports.update(*record);
            _jobs.enqueue(s, "publish", id);
            queued = evaluateImport(s, _types, *imports.byId(familyId, id), domain::Date::today());
        });
    } catch (const std::exception& e) {
        // The handler answers 500 publish_failed itself: this line carries the cause
        // (docs/decisions.md D76).
        domain::LogLine("publish_queue_failed")
            .str("level", "error")
            .str("import_id", id)
            .str("exception", domain::exceptionClass(e))
            .str("message", domain::logMessage(e.what()))
            .emit();
        return refusal(ErrorKind::Internal, "publish_failed",
                       "Import was uploaded but could not be queued for processing.", id);
    }
    if (error) return *error;
    if (!queued)
        return Error{ErrorKind::NotFound, "not_found", "Import not found", std::nullopt,
                     std::nullopt};
    _jobs.wake();
    return *queued;
}

ImportResult ImportService::publish(const std::string& familyId, const std::string& id) {
    auto canonical = domain::canonicalUuid(id);
    if (!canonical || !get(familyId, *canonical))
        return Error{ErrorKind::NotFound, "not_found", "Import not found", std::nullopt,
                     std::nullopt};
    return requestPublish(familyId, *canonical, true);
}

ImportResult ImportService::revert(const std::string& familyId, const std::string& id) {
    auto canonical = domain::canonicalUuid(id);
    if (!canonical)
        return Error{ErrorKind::NotFound, "not_found", "Import not found", std::nullopt,
                     std::nullopt};
    bool found = false, allowed = false;
    std::optional<std::string> blocked;
    std::optional<ImportView> view; // as committed with the job: a fast worker cannot change it
    _db.write([&](store::Tx& s) {
        store::ImportStore imports(s);
        auto record = imports.byId(familyId, *canonical);
        if (!record) return;
        found = true;
        if (!isRevertableStatus(record->status)) return;
        allowed = true;
        // docs/decisions.md D64: something else depends on what the revert would delete; change
        // nothing.
        if (auto dependants = revertDependants(s, record->id); !dependants.empty()) {
            blocked = dependants.message();
            return;
        }
        imports.setStatus(record->id, "reverting", std::nullopt);
        _jobs.enqueue(s, "revert", record->id);
        view =
            evaluateImport(s, _types, *imports.byId(familyId, *canonical), domain::Date::today());
    });
    if (!found)
        return Error{ErrorKind::NotFound, "not_found", "Import not found", std::nullopt,
                     std::nullopt};
    if (!allowed)
        return Error{ErrorKind::Invalid, "not_revertable",
                     "Import cannot be reverted in its current state.", std::nullopt, std::nullopt};
    if (blocked) return refusal(ErrorKind::Conflict, "revert_blocked", *blocked, *canonical);
    _jobs.wake();
    return *view;
}

} // namespace finimport::app
