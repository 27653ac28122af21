#include "app/rowedit/RowEditor.h"

#include "app/ImportContent.h"
#include "app/ImportOptions.h"
#include "app/UploadWriter.h"
#include "app/rowedit/ImportRecount.h"
#include "app/rowedit/RowDelta.h"
#include "domain/Date.h"
#include "domain/Uuid.h"

#include <algorithm>

namespace finimport::app {

namespace {

ImportError error(int status, const std::string& code, const std::string& message,
                  std::optional<std::vector<std::string>> lines = std::nullopt) {
    return ImportError{status, code, message, std::move(lines), std::nullopt};
}

} // namespace

RowEditResult RowEditor::edit(const std::string& familyId, const std::string& importId,
                              int64_t rowNumber, const RowEditRequest& request) {
    auto id = domain::canonicalUuid(importId);
    if (!id) return error(404, "not_found", "Import not found");
    RowEditResult result = error(404, "not_found", "Import not found");
    _db.write([&](Poco::Data::Session& s) {
        store::ImportStore imports(s);
        auto import = imports.byId(familyId, *id);
        if (!import) return;
        auto row = imports.rowByNumber(import->id, rowNumber);
        if (!row) {
            result = error(404, "not_found", "Row not found");
            return;
        }
        // Publish and revert own the rows of the other statuses (D7: pending and failed
        // imports have no records).
        if (import->status != "pending" && import->status != "failed") {
            result = error(409, "conflict",
                           "Rows can only be edited while the import is pending or failed");
            return;
        }
        RowFields fields = rowFieldsFromJson(row->fields);
        const RowState before{fields, row->valid, row->excluded};
        std::vector<std::string> refusals = request.bodyErrors;
        for (const auto& [name, value] : request.fields)
            if (auto why = fieldEditRefusal(fields, name)) refusals.push_back(*why);
        if (!refusals.empty()) {
            result = error(422, "validation_failed", "Row could not be updated", refusals);
            return;
        }
        if (!request.fields.empty()) {
            std::vector<RowMessage> errors = rowMessagesFromJson(row->errors);
            applyFieldEdits(import->type, row->kind, ImportOptions::fromJson(import->configuration),
                            request.fields, fields, errors);
            // D4 again: the account or currency may have changed.
            errors.erase(
                std::remove_if(errors.begin(), errors.end(),
                               [](const RowMessage& m) { return m.code == "currency_mismatch"; }),
                errors.end());
            DuplicateCounter accounts(s, *import);
            applyAccountCurrency(accounts, row->kind, fields, errors);
            row->fields = rowFieldsToJson(fields);
            row->errors = rowMessagesToJson(errors);
            row->valid = rowErrorsNow(fields, errors, domain::Date::today()).empty();
        }
        if (request.excluded) row->excluded = *request.excluded;
        imports.updateRow(*row);
        // Stored counts follow the one row; a full recount only when a listed reason needs
        // rows the delta cannot see (RowDelta.h). Either way a show stays a stored read.
        const RowState after{fields, row->valid, row->excluded};
        if (!applyRowDelta(s, *import, *row, before, after)) recountImport(s, *import);
        result = *row;
    });
    return result;
}

} // namespace finimport::app
