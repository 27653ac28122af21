#include "app/imports/rowedit/RowEditor.h"

#include "app/imports/ImportContent.h"
#include "app/imports/TargetAccounts.h"
#include "app/imports/UploadWriter.h"
#include "app/imports/rowedit/ImportRecount.h"
#include "app/imports/rowedit/RecordCheck.h"
#include "app/imports/rowedit/RowDelta.h"
#include "app/rows/RowCodec.h"
#include "domain/Date.h"
#include "domain/Uuid.h"

#include <algorithm>

namespace finimport::app {

namespace {

Error error(ErrorKind kind, const std::string& code, const std::string& message,
            std::optional<std::vector<std::string>> lines = std::nullopt) {
    return Error{kind, code, message, std::move(lines), std::nullopt};
}

} // namespace

RowEditResult RowEditor::edit(const std::string& familyId, const std::string& importId,
                              int64_t rowNumber, const RowEditRequest& request) {
    auto id = domain::canonicalUuid(importId);
    if (!id) return error(ErrorKind::NotFound, "not_found", "Import not found");
    RowEditResult result = error(ErrorKind::NotFound, "not_found", "Import not found");
    _db.write([&](store::Tx& s) {
        store::ImportStore imports(s);
        auto import = imports.byId(familyId, *id);
        if (!import) return;
        auto row = imports.rowByNumber(import->id, rowNumber);
        if (!row) {
            result = error(ErrorKind::NotFound, "not_found", "Row not found");
            return;
        }
        // Publish and revert own the rows of the other statuses (docs/decisions.md D7: pending and
        // failed imports have no records).
        if (import->status != "pending" && import->status != "failed") {
            result = error(ErrorKind::Conflict, "conflict",
                           "Rows can only be edited while the import is pending or failed");
            return;
        }
        const ImportTypeTraits traits = _types.traitsOf(import->type);
        rows::Fields fields = rows::decodeFields(row->fields);
        const RowState before{fields, row->valid, row->excluded};
        std::vector<std::string> refusals = request.bodyErrors;
        for (const auto& [name, value] : request.fields)
            if (auto why = fieldEditRefusal(row->kind, fields, name)) refusals.push_back(*why);
        if (!refusals.empty()) {
            result = error(ErrorKind::Invalid, "validation_failed", "Row could not be updated",
                           refusals);
            return;
        }
        if (!request.fields.empty()) {
            std::vector<RowMessage> errors = rows::messagesFromJson(row->errors);
            // The plugin checks the edited record when it can (docs/decisions.md D67), else the
            // host's generic rule applies.
            const auto* importer = _plugins.find(import->type);
            if (importer && importer->checkRow) {
                auto checked = checkEditedRecord(s, *importer, *import, traits, row->kind, fields,
                                                 request.fields);
                if (auto* refused = std::get_if<Error>(&checked)) {
                    result = *refused;
                    return;
                }
                fields = std::move(std::get<CheckedRecord>(checked).fields);
                errors = std::move(std::get<CheckedRecord>(checked).errors);
            } else {
                applyFieldEdits(row->kind, request.fields, fields, errors);
            }
            // docs/decisions.md D4 again: the account or currency may have changed.
            errors.erase(
                std::remove_if(errors.begin(), errors.end(),
                               [](const RowMessage& m) { return m.code == "currency_mismatch"; }),
                errors.end());
            applyAccountCurrency(TargetAccounts(s, *import).of(fields), row->kind, fields, errors);
            row->fields = rows::encodeFields(fields);
            row->errors = rows::messagesToJson(errors);
            row->valid = rowErrorsNow(fields, errors, domain::Date::today()).empty();
        }
        if (request.excluded) row->excluded = *request.excluded;
        imports.updateRow(*row);
        // Stored counts follow the one row; a full recount only when a listed reason needs
        // rows the delta cannot see (RowDelta.h). Either way a show stays a stored read.
        const RowState after{fields, row->valid, row->excluded};
        if (!applyRowDelta(s, *import, traits, *row, before, after))
            recountImport(s, *import, traits);
        result = *row;
    });
    return result;
}

} // namespace finimport::app
