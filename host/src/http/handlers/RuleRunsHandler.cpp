// Rule runs and rule effects (docs/rules.md §6, §8, §11.3).
#include "app/rules/RuleReruns.h"
#include "domain/Text.h"
#include "domain/Uuid.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/JsonWriter.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/RuleJson.h"
#include "http/handlers/RulesHandler.h"
#include "store/RuleRunStore.h"
#include "store/RuleTargets.h"

#include <algorithm>

namespace finimport::http {

namespace {

std::map<std::string, store::StoredRule> rulesById(store::Tx& s, const std::string& familyId) {
    std::map<std::string, store::StoredRule> out;
    for (auto& r : store::rulesOfFamily(s, familyId))
        out.emplace(r.id, std::move(r));
    return out;
}

// A UUID filter: absent or blank → nullopt; otherwise `bad` set when it is not a UUID.
std::optional<std::string> uuidFilter(const Request& req, const char* name, bool& bad) {
    auto v = req.query.get(name);
    if (!v || domain::isBlank(*v)) return std::nullopt;
    if (!isUuid(*v)) {
        bad = true;
        return std::nullopt;
    }
    return normalizeUuid(*v);
}

std::optional<std::string> dateMember(const ParamValue* v, bool& bad) {
    if (!v || v->isNull() || (v->isString() && domain::isBlank(v->text()))) return std::nullopt;
    if (!v->isString()) {
        bad = true;
        return std::nullopt;
    }
    auto d = parseIsoDateParam(v->text());
    if (!d) {
        bad = true;
        return std::nullopt;
    }
    return d->iso();
}

} // namespace

std::optional<std::vector<std::string>> ruleIdList(const ParamValue& ids) {
    if (!ids.isArray()) return std::nullopt;
    std::vector<std::string> out;
    for (const auto& v : ids.items()) {
        if (!v.isString() || !isUuid(v.text())) return std::nullopt;
        out.push_back(normalizeUuid(v.text()));
    }
    return out;
}

std::optional<Response> readPassScope(const ParamValue& root, PassScope& scope) {
    bool bad = false;
    scope.startDate = dateMember(root.find("start_date"), bad);
    if (bad) return validationFailed("start_date must be an ISO 8601 date");
    scope.endDate = dateMember(root.find("end_date"), bad);
    if (bad) return validationFailed("end_date must be an ISO 8601 date");
    if (scope.startDate && scope.endDate && *scope.startDate > *scope.endDate)
        return validationFailed("start_date must not be after end_date");
    if (const ParamValue* v = root.find("ignore_locks"); v && !v->isNull()) {
        if (v->isBool() || (v->isString() && (v->text() == "true" || v->text() == "false")))
            scope.ignoreLocks = v->text() == "true";
        else
            return validationFailed("ignore_locks must be true or false");
    }
    return std::nullopt;
}

Response listRuleRuns(store::Database& db, const Request& req) {
    store::RunFilter f;
    bool bad = false;
    f.ruleId = uuidFilter(req, "rule_id", bad);
    if (bad) return validationFailed("rule_id must be a valid UUID");
    if (auto v = req.query.get("status"); v && !domain::isBlank(*v)) {
        if (*v != "pending" && *v != "success" && *v != "failed")
            return validationFailed("status must be one of: pending, success, failed");
        f.status = *v;
    }
    if (auto v = req.query.get("execution_type"); v && !domain::isBlank(*v)) {
        if (*v != "manual" && *v != "scheduled" && *v != "import")
            return validationFailed("execution_type must be one of: manual, scheduled, import");
        f.executionType = *v;
    }
    for (const char* name : {"start_executed_at", "end_executed_at"}) {
        auto v = req.query.get(name);
        if (!v || domain::isBlank(*v)) continue;
        auto t = parseTimestampParam(*v);
        if (!t) return validationFailed(std::string(name) + " must be an ISO 8601 timestamp");
        (std::string(name) == "start_executed_at" ? f.executedFrom : f.executedTo) = *t;
    }
    f.importId = uuidFilter(req, "import_id", bad);
    if (bad) return validationFailed("import_id must be a valid UUID");
    std::string body;
    db.read([&](store::Tx& s) {
        const std::string& family = req.principal.familyId;
        Pagination p = paginate(req.query.get("page"), req.query.get("per_page"),
                                store::countRuns(s, family, f));
        auto rules = rulesById(s, family);
        body = listPageJson(store::listRuns(s, family, f, p.offset, p.perPage), p,
                            [&](JsonWriter& w, const auto& run) { writeRuleRun(w, run, rules); });
    });
    return jsonResponse(200, std::move(body));
}

Response showRuleRun(store::Database& db, const Request& req) {
    const std::string& id = req.pathParam("id");
    if (!isUuid(id)) return ruleRecordNotFound();
    std::optional<std::string> body;
    db.read([&](store::Tx& s) {
        auto run = store::runOfFamily(s, req.principal.familyId, normalizeUuid(id));
        if (!run) return;
        const auto rules = rulesById(s, req.principal.familyId);
        body = dataJson(
            *run, [&](JsonWriter& w, const store::RuleRunRow& r) { writeRuleRun(w, r, rules); });
    });
    if (!body) return ruleRecordNotFound();
    return jsonResponse(200, std::move(*body));
}

Response createRuleRuns(store::Database& db, jobs::JobQueue& jobs, const Request& req) {
    const ParamValue& root = req.params.root();
    app::rules::RerunRequest request;
    const std::string& family = req.principal.familyId;
    if (const ParamValue* ids = root.find("rule_ids"); ids && !ids->isNull()) {
        const auto listed = ruleIdList(*ids);
        const std::vector<std::string> given = listed.value_or(std::vector<std::string>());
        bool ok = listed.has_value();
        std::optional<std::string> inactive;
        if (ok)
            db.read([&](store::Tx& s) {
                for (const auto& id : given) {
                    auto rule = store::ruleOfFamily(s, family, id);
                    if (!rule) {
                        ok = false;
                        return;
                    }
                    if (!rule->active && !inactive) inactive = id;
                }
            });
        if (!ok) return validationFailed("rule_ids must contain ids of your rules");
        if (inactive) return validationFailed("Rule " + *inactive + " is not active");
        request.ruleIds = given;
        if (given.empty()) { // an empty list names no rule: nothing to run
            JsonWriter w;
            w.beginObject().key("data").beginArray().endArray().endObject();
            return jsonResponse(201, w.take());
        }
    }
    PassScope scope;
    if (auto refused = readPassScope(root, scope)) return *refused;
    request.startDate = scope.startDate;
    request.endDate = scope.endDate;
    request.ignoreLocks = scope.ignoreLocks;
    auto runs = app::rules::queueRerun(db, jobs, family, request);
    JsonWriter w;
    db.read([&](store::Tx& s) {
        auto rules = rulesById(s, family);
        w.beginObject().key("data").beginArray();
        for (const auto& run : runs)
            writeRuleRun(w, run, rules);
        w.endArray().endObject();
    });
    return jsonResponse(201, w.take());
}

Response listRuleEffects(store::Database& db, const Request& req) {
    store::EffectFilter f;
    bool bad = false;
    for (auto [name, field] : {std::pair{"transaction_id", &f.entryId},
                               {"rule_id", &f.ruleId},
                               {"rule_run_id", &f.ruleRunId},
                               {"import_id", &f.importId}}) {
        *field = uuidFilter(req, name, bad);
        if (bad) return validationFailed(std::string(name) + " must be a valid UUID");
    }
    if (auto a = req.query.get("attribute"); a && !domain::isBlank(*a)) f.attribute = *a;
    // docs/decisions.md D170: the effects of a page of transactions in one request.
    if (auto ids = req.query.get("transaction_ids"); ids && !domain::isBlank(*ids)) {
        const std::string message =
            "transaction_ids must be a comma-separated list of at most 100 valid UUIDs";
        size_t from = 0;
        for (;;) {
            const size_t comma = ids->find(',', from);
            auto id = domain::canonicalUuid(ids->substr(from, comma - from));
            if (!id || f.entryIds.size() == 100) return validationFailed(message);
            f.entryIds.push_back(*id);
            if (comma == std::string::npos) break;
            from = comma + 1;
        }
    }
    std::string body;
    db.read([&](store::Tx& s) {
        const std::string& family = req.principal.familyId;
        Pagination p = paginate(req.query.get("page"), req.query.get("per_page"),
                                store::countEffects(s, family, f));
        body =
            listPageJson(store::listEffects(s, family, f, p.offset, p.perPage), p, writeRuleEffect);
    });
    return jsonResponse(200, std::move(body));
}

} // namespace finimport::http
