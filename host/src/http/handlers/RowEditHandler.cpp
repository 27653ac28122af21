#include "http/handlers/RowEditHandler.h"

#include "domain/Date.h"
#include "http/Errors.h"
#include "http/handlers/ImportJson.h"
#include "http/handlers/ImportRowJson.h"
#include "http/handlers/JsonFields.h"

#include <Poco/String.h>

namespace finimport::http {

namespace {

constexpr std::size_t kMaxValueBytes = 65536; // a row's values together at upload (UploadSink)

// Row numbers are 1-based record numbers; anything else names no row.
std::optional<int64_t> rowNumberOf(const std::string& text) {
    if (text.empty() || text.size() > 18 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    int64_t n = std::stoll(text);
    if (n < 1) return std::nullopt;
    return n;
}

app::RowEditRequest readBody(const Params& params) {
    app::RowEditRequest out;
    const ParamValue* excluded = params.root().find("excluded");
    const ParamValue* fields = params.root().find("fields");
    if (!excluded && !fields) out.bodyErrors.push_back("Send excluded or fields");
    // docs/decisions.md D54: booleans are JSON true/false or those strings in any case.
    if (excluded) {
        const bool scalar = excluded->isBool() || excluded->isString();
        if (scalar && Poco::icompare(excluded->text(), "true") == 0)
            out.excluded = true;
        else if (scalar && Poco::icompare(excluded->text(), "false") == 0)
            out.excluded = false;
        else
            out.bodyErrors.push_back("Excluded is not included in the list");
    }
    if (fields && !fields->isObject()) {
        out.bodyErrors.push_back("Fields must be an object");
    } else if (fields) {
        for (std::size_t i = 0; i < fields->keys().size(); ++i) {
            const std::string& name = fields->keys()[i];
            const ParamValue& v = fields->items()[i];
            if (v.isNull()) {
                out.fields.set(name, std::nullopt);
            } else if (!v.isString() && !v.isNumber()) {
                out.bodyErrors.push_back("Field " + name + " must be a string");
            } else if (v.text().size() > kMaxValueBytes) {
                out.bodyErrors.push_back("Field " + name + " is too long (maximum is " +
                                         std::to_string(kMaxValueBytes) + " characters)");
            } else {
                out.fields.set(name, v.text());
            }
        }
    }
    return out;
}

} // namespace

Response editImportRow(store::Database& db, app::RowEditor& editor, Request& req) {
    auto number = rowNumberOf(req.pathParam("number"));
    if (!number) return jsonError(404, "not_found", "Row not found");
    auto result =
        editor.edit(req.principal.familyId, req.pathParam("id"), *number, readBody(req.params));
    if (const auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    const auto& row = std::get<store::ImportRowRecord>(result);
    return jsonResponse(
        200, dataJson(app::viewImportRow(db, req.principal.familyId, row, domain::Date::today()),
                      writeImportRow));
}

} // namespace finimport::http
