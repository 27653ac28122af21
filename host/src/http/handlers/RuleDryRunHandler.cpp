// Dry runs (docs/rules.md §9): POST /api/v1/rules/dry_run.
#include "app/publish/RulePreview.h"
#include "app/rules/DryRun.h"
#include "domain/Text.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/JsonWriter.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/RulesHandler.h"

#include <algorithm>

namespace finimport::http {

namespace {

void writeValue(JsonWriter& w, const char* name, const std::string& attribute,
                const std::optional<std::string>& v) {
    w.key(name);
    if (!v)
        w.null();
    else if (attribute == "excluded")
        w.boolean(*v == "true");
    else
        w.string(*v);
}

} // namespace

size_t changeLimit(const std::optional<std::string>& text) {
    if (!text || domain::isBlank(*text)) return 100;
    bool numeric = text->find_first_not_of("+-0123456789 ") == std::string::npos;
    if (!numeric) return 100;
    return size_t(std::clamp<int64_t>(leadingInteger(*text), 1, 1000));
}

void writeChange(JsonWriter& w, const app::rules::DryChange& c, bool row) {
    w.beginObject();
    if (row)
        w.key("row_number").integer(c.rowNumber);
    else
        w.key("transaction_id").string(c.transactionId);
    w.key("date").string(c.date);
    w.key("name").string(c.name);
    w.key("attribute").string(c.attribute);
    writeValue(w, "from", c.attribute, c.from);
    writeValue(w, "to", c.attribute, c.to);
    writeOptionalString(w, "to_name", c.toName);
    writeOptionalString(w, "from_name", c.fromName);
    writeOptionalString(w, "rule_id", c.ruleId);
    w.key("rule_name");
    if (c.ruleName.empty())
        w.null();
    else
        w.string(c.ruleName);
    w.endObject();
}

namespace {

// The end both answers share: the changes, their total and whether the list was cut, then the
// 200 with `w`'s body.
Response changesResponse(JsonWriter& w, const std::vector<app::rules::DryChange>& changes,
                         bool rows, int64_t total, bool truncated) {
    w.key("changes").beginArray();
    for (const auto& c : changes)
        writeChange(w, c, rows);
    w.endArray();
    w.key("total_changes").integer(total);
    w.key("truncated").boolean(truncated);
    w.endObject().endObject();
    return jsonResponse(200, w.take());
}

} // namespace

Response dryRunRules(store::Database& db, const Request& req) {
    const ParamValue& root = req.params.root();
    app::rules::DryRunRequest request;
    if (const ParamValue* rule = root.find("rule"); rule && !rule->isNull()) {
        if (!rule->isObject() || rule->keys().empty())
            return jsonError(422, "validation_failed",
                             "param is missing or the value is empty or invalid: rule",
                             std::vector<std::string>{
                                 "param is missing or the value is empty or invalid: rule"});
        request.ruleJson = memberJson(req, "rule");
    } else if (const ParamValue* ids = root.find("rule_ids"); ids && !ids->isNull()) {
        auto given = ruleIdList(*ids);
        if (!given) return validationFailed("rule_ids must contain ids of your rules");
        request.ruleIds = std::move(*given);
    }
    PassScope scope;
    if (auto refused = readPassScope(root, scope)) return *refused;
    request.startDate = scope.startDate;
    request.endDate = scope.endDate;
    request.ignoreLocks = scope.ignoreLocks;
    if (const ParamValue* v = root.find("limit"); v && !v->isNull())
        request.limit = changeLimit(v->text());
    auto result = app::rules::dryRun(db, req.principal.familyId, request);
    if (auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    const auto& r = std::get<app::rules::DryRunResult>(result);
    JsonWriter w;
    w.beginObject().key("data").beginObject();
    w.key("transactions_matched").integer(r.matched);
    w.key("transactions_changed").integer(r.changed);
    w.key("rules").beginArray();
    for (const auto& rule : r.rules) {
        w.beginObject();
        writeOptionalString(w, "id", rule.id);
        writeOptionalString(w, "name", rule.name);
        w.key("transactions_matched").integer(rule.matched);
        w.key("transactions_changed").integer(rule.changed);
        w.endObject();
    }
    w.endArray();
    return changesResponse(w, r.changes, false, r.totalChanges, r.truncated);
}

Response previewImportRules(store::Database& db, const app::TypeCatalogue& types,
                            const Request& req) {
    const std::string& id = req.pathParam("id");
    if (!isUuid(id)) return jsonError(404, "not_found", "Import not found");
    auto result = app::previewImportRules(db, types, req.principal.familyId, normalizeUuid(id),
                                          changeLimit(req.query.get("limit")));
    if (auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    const auto& r = std::get<app::RulePreview>(result);
    JsonWriter w;
    w.beginObject().key("data").beginObject();
    w.key("rows_evaluated").integer(r.rowsEvaluated);
    w.key("rows_changed").integer(r.rowsChanged);
    return changesResponse(w, r.changes, true, r.totalChanges, r.truncated);
}

} // namespace finimport::http
