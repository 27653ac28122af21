#include "app/imports/ImportTemplate.h"

#include "app/imports/ImportOptions.h"
#include "domain/Uuid.h"
#include "store/ImportStore.h"

namespace finimport::app {

namespace {

Error refused(const std::string& line) {
    return Error{ErrorKind::Invalid, "validation_failed", "Import could not be created",
                 std::vector<std::string>{line}, std::nullopt};
}

// Options that describe this upload rather than the file layout: never copied. The stored
// `encoding` is the charset detected for the template's file, not one the client chose.
bool copied(const std::string& name) {
    return name != "template_from_import_id" && name != "encoding";
}

} // namespace

std::optional<Error> applyImportTemplate(store::Database& db, CreateImportRequest& req,
                                         const std::string& type) {
    auto it = req.fields.find("template_from_import_id");
    if (it == req.fields.end() || it->second.kind == FieldValue::Kind::Null) return std::nullopt;
    const std::string given = it->second.isScalar() ? it->second.text : "";
    if (given.find_first_not_of(" \t\r\n") == std::string::npos) return std::nullopt;
    auto id = domain::canonicalUuid(given);
    std::optional<store::ImportRecord> source;
    if (id) db.read([&](store::Tx& s) { source = store::ImportStore(s).byId(req.familyId, *id); });
    // An unknown id is a request error like a wrong type (422, not 404: the URL is fine).
    if (!source) return refused("Template from import id does not name an import");
    if (source->type != type)
        return refused("Template import is a " + source->type + ", not a " + type);
    for (const auto& [name, value] : ImportOptions::fromJson(source->configuration).values)
        if (value && copied(name) && !req.has(name))
            req.fields[name] = FieldValue{FieldValue::Kind::String, *value};
    if (source->accountId && !req.has("account_id"))
        req.fields["account_id"] = FieldValue{FieldValue::Kind::String, *source->accountId};
    // Echoed in the new import's configuration.
    it->second = FieldValue{FieldValue::Kind::String, *id};
    return std::nullopt;
}

} // namespace finimport::app
