// ImportService: create, preflight and read an import, routed by type (docs/api.md §7, §12.4).
#include "app/requests/ImportService.h"

#include "app/backup/BackupPreflight.h"
#include "app/backup/BackupUpload.h"
#include "app/imports/PluginImport.h"
#include "app/imports/TypeDetection.h"
#include "domain/Text.h"
#include "domain/Uuid.h"
#include "store/ImportStore.h"

namespace finimport::app {

bool ImportService::wantsPublish(const CreateImportRequest& request) {
    auto it = request.fields.find("publish");
    if (it == request.fields.end()) return false;
    if (it->second.kind == FieldValue::Kind::Bool) return it->second.text == "true";
    if (it->second.kind != FieldValue::Kind::String) return false;
    return domain::toLowerAscii(it->second.text) == "true";
}

ImportResult ImportService::create(CreateImportRequest& request) {
    // docs/decisions.md D165: the id the client chose is free on the board (its ticket); it must
    // not name a stored import either, of any family.
    if (request.upload) {
        bool taken = false;
        _db.read([&](store::Tx& s) {
            taken = store::ImportStore(s).byIdAnyFamily(request.upload->id()).has_value();
        });
        if (taken)
            return Error{ErrorKind::Conflict, "conflict",
                         "An import with this X-Import-Id already exists", std::nullopt,
                         std::nullopt};
    }
    std::string type = resolveImportType(request.text("type"));
    // docs/decisions.md D96: `auto` asks the plugins' probes.
    if (type == "auto")
        if (auto refusal =
                chooseImportType(_plugins, request, type, resolveImportType(std::nullopt)))
            return *refusal;
    if (request.upload) request.upload->parsing(type);
    const ImportTypeTraits traits = _types.traitsOf(type);
    const bool backup = traits.backup();
    StoredUpload stored;
    if (backup) {
        stored = storeBackupUpload(_db, request, traits);
    } else {
        PluginImport upload(_db, _plugins, _types, _config);
        upload.afterRowHook = afterRowHook;
        stored = upload.store(request, type);
    }
    if (const auto* refused = std::get_if<Error>(&stored)) return *refused;
    const std::string& id = std::get<std::string>(stored);
    if (wantsPublish(request)) {
        // docs/api.md §7.4 step 5: publish=true on a plugin import that is not configured is
        // silently ignored; a backup's publish checks answer for it (§7.7 step 4).
        bool configured = backup;
        if (!backup)
            _db.read([&](store::Tx& s) {
                auto record = store::ImportStore(s).byId(request.familyId, id);
                configured =
                    evaluateImport(s, _types, *record, domain::Date::today()).detail.configured;
            });
        if (configured) return requestPublish(request.familyId, id, false);
    }
    return *get(request.familyId, id);
}

PreflightResult ImportService::preflight(const CreateImportRequest& request) {
    std::string type = resolveImportType(request.text("type"));
    // docs/decisions.md D96: `auto` is answered with the type create would choose (a copy of the
    // request: only then).
    if (type == "auto") {
        CreateImportRequest chosen = request;
        if (auto refusal =
                chooseImportType(_plugins, chosen, type, resolveImportType(std::nullopt)))
            return *refusal;
        const ImportTypeTraits traits = _types.traitsOf(type);
        if (traits.backup()) return preflightBackup(chosen, traits, _config);
        return PluginImport(_db, _plugins, _types, _config).preflight(chosen, type);
    }
    const ImportTypeTraits traits = _types.traitsOf(type);
    if (traits.backup()) return preflightBackup(request, traits, _config);
    return PluginImport(_db, _plugins, _types, _config).preflight(request, type);
}

std::optional<ImportView> ImportService::get(const std::string& familyId, const std::string& id) {
    auto canonical = domain::canonicalUuid(id);
    if (!canonical) return std::nullopt;
    std::optional<ImportView> view;
    _db.read([&](store::Tx& s) {
        if (auto rec = store::ImportStore(s).byId(familyId, *canonical))
            view = evaluateImport(s, _types, *rec, domain::Date::today());
    });
    return view;
}

} // namespace finimport::app
