// PATCH/PUT and DELETE /api/v1/transactions/{id} (docs/read-api.md §3.4, §3.5).
#include "http/Errors.h"
#include "http/handlers/LedgerHandlers.h"
#include "http/handlers/LedgerJson.h"
#include "http/handlers/ParamKind.h"

#include <algorithm>

namespace finimport::http {

namespace {

using app::ledger::PatchValue;

PatchValue toPatchValue(const ParamValue& v) {
    PatchValue out;
    out.kind = kindOf<PatchValue::Kind>(v);
    out.text = v.text();
    if (v.isArray())
        for (const auto& item : v.items())
            out.items.push_back(toPatchValue(item));
    return out;
}

// docs/read-api.md §3.4: the `transaction` object; without that key, the top-level members that
// are field names. Nullopt when there is nothing to read.
app::ledger::PatchFields patchFields(const Request& req) {
    std::map<std::string, PatchValue> fields;
    const ParamValue& root = req.params.root();
    const auto& names = app::ledger::patchFieldNames();
    if (const ParamValue* wrapper = root.find("transaction")) {
        if (!wrapper->isObject() || wrapper->keys().empty()) return std::nullopt;
        for (size_t i = 0; i < wrapper->keys().size(); ++i)
            if (std::find(names.begin(), names.end(), wrapper->keys()[i]) != names.end())
                fields[wrapper->keys()[i]] = toPatchValue(wrapper->items()[i]);
        return fields;
    }
    for (size_t i = 0; i < root.keys().size(); ++i)
        if (std::find(names.begin(), names.end(), root.keys()[i]) != names.end())
            fields[root.keys()[i]] = toPatchValue(root.items()[i]);
    if (fields.empty()) return std::nullopt;
    return fields;
}

} // namespace

Response patchTransaction(app::ledger::TransactionEditor& editor, const Request& req) {
    auto result = editor.patch(req.principal.familyId, req.pathParam("id"), patchFields(req));
    if (const auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    JsonWriter w;
    writeTransaction(w, std::get<store::TransactionView>(result));
    return jsonResponse(200, w.take());
}

Response deleteTransaction(app::ledger::TransactionEditor& editor, const Request& req) {
    if (auto e = editor.remove(req.principal.familyId, req.pathParam("id")))
        return errorResponse(*e);
    return jsonResponse(200, R"({"message":"Transaction deleted successfully"})");
}

} // namespace finimport::http
