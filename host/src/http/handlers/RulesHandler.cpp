#include "http/handlers/RulesHandler.h"

#include "app/rules/RuleEditor.h"
#include "domain/Text.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/JsonWriter.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/RuleJson.h"
#include "store/RuleTargets.h"

#include <algorithm>
#include <cctype>
#include <span>

namespace finimport::http {

namespace {

bool blank(std::string_view s) {
    return s.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

Response ruleResponse(int status, const store::StoredRule& rule) {
    return jsonResponse(status, dataJson(rule, writeRule));
}

} // namespace

Response ruleRecordNotFound() {
    return jsonError(404, "record_not_found", "The requested resource was not found");
}

std::optional<std::string> memberJson(const Request& req, std::string_view name) {
    const ParamValue* v = req.params.root().find(name);
    if (!v || v->isNull()) return std::nullopt;
    JsonWriter w;
    w.value(*v);
    return w.take();
}

std::optional<int64_t> parseTimestampParam(std::string_view t) {
    auto date = parseIsoDateParam(t.substr(0, std::min<size_t>(t.size(), 10)));
    if (!date || (t.size() != 10 && (t.size() < 16 || t[10] != 'T'))) return std::nullopt;
    int64_t seconds = int64_t(date->days()) * 86400;
    if (t.size() > 10) {
        auto digits = [&](size_t at) {
            if (at + 2 > t.size() || !std::isdigit(static_cast<unsigned char>(t[at])) ||
                !std::isdigit(static_cast<unsigned char>(t[at + 1])))
                return -1;
            return (t[at] - '0') * 10 + (t[at + 1] - '0');
        };
        int h = digits(11), m = t[13] == ':' ? digits(14) : -1, s = 0;
        size_t at = 16;
        if (h < 0 || h > 23 || m < 0 || m > 59) return std::nullopt;
        if (at < t.size() && t[at] == ':') {
            s = digits(at + 1);
            if (s < 0 || s > 60) return std::nullopt;
            at += 3;
            if (at < t.size() && t[at] == '.') {
                ++at;
                while (at < t.size() && std::isdigit(static_cast<unsigned char>(t[at])))
                    ++at;
            }
        }
        int offset = 0;
        if (at < t.size() && t[at] == 'Z') {
            ++at;
        } else if (at < t.size() && (t[at] == '+' || t[at] == '-')) {
            int oh = digits(at + 1), om = 0;
            size_t next = at + 3;
            if (next < t.size() && t[next] == ':') ++next;
            if (next < t.size()) {
                om = digits(next);
                next += 2;
            }
            if (oh < 0 || om < 0) return std::nullopt;
            offset = (t[at] == '+' ? 1 : -1) * (oh * 3600 + om * 60);
            at = next;
        }
        if (at != t.size()) return std::nullopt;
        seconds += h * 3600 + m * 60 + s - offset;
    }
    return seconds * 1000000;
}

Response listRules(store::Database& db, const Request& req) {
    if (auto rt = req.query.get("resource_type"); rt && !blank(*rt) && *rt != "transaction")
        return validationFailed("resource_type must be one of: transaction");
    std::optional<bool> active;
    if (auto a = req.query.get("active")) {
        const std::string v = domain::toLowerAscii(*a);
        if (v == "true" || v == "1")
            active = true;
        else if (v == "false" || v == "0")
            active = false;
        else
            return validationFailed("active must be one of: true, false, 1, 0");
    }
    std::vector<store::StoredRule> rules;
    db.read([&](store::Tx& s) { rules = store::rulesOfFamily(s, req.principal.familyId, active); });
    Pagination p =
        paginate(req.query.get("page"), req.query.get("per_page"), int64_t(rules.size()));
    const size_t from = std::min(size_t(p.offset), rules.size());
    const size_t n = std::min(size_t(p.perPage), rules.size() - from);
    return jsonResponse(200, listPageJson(std::span(rules).subspan(from, n), p, writeRule));
}

Response showRule(store::Database& db, const Request& req) {
    const std::string& id = req.pathParam("id");
    if (!isUuid(id)) return ruleRecordNotFound();
    std::optional<store::StoredRule> rule;
    db.read([&](store::Tx& s) {
        rule = store::ruleOfFamily(s, req.principal.familyId, normalizeUuid(id));
    });
    if (!rule) return ruleRecordNotFound();
    return ruleResponse(200, *rule);
}

Response createRuleRoute(store::Database& db, const Request& req) {
    auto result = app::rules::createRule(db, req.principal.familyId, memberJson(req, "rule"));
    if (auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    return ruleResponse(201, std::get<store::StoredRule>(result));
}

Response updateRuleRoute(store::Database& db, const Request& req) {
    const std::string& id = req.pathParam("id");
    if (!isUuid(id)) return ruleRecordNotFound();
    auto result = app::rules::updateRule(db, req.principal.familyId, normalizeUuid(id),
                                         memberJson(req, "rule"));
    if (auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    return ruleResponse(200, std::get<store::StoredRule>(result));
}

Response deleteRuleRoute(store::Database& db, const Request& req) {
    const std::string& id = req.pathParam("id");
    if (!isUuid(id)) return ruleRecordNotFound();
    if (auto e = app::rules::deleteRule(db, req.principal.familyId, normalizeUuid(id)))
        return errorResponse(*e);
    return jsonResponse(200, R"({"message":"Rule deleted successfully"})");
}

void addRuleRoutes(Router& router, store::Database& db, jobs::JobQueue& jobs,
                   const app::TypeCatalogue& types) {
    using A = AuthRequirement;
    store::Database* d = &db;
    jobs::JobQueue* q = &jobs;
    const app::TypeCatalogue* t = &types;
    router.get("/api/v1/rules", A::Read, [d](Request& r) { return listRules(*d, r); });
    router.post("/api/v1/rules", A::Write, BodyMode::Params,
                [d](Request& r) { return createRuleRoute(*d, r); });
    router.post("/api/v1/rules/dry_run", A::Read, BodyMode::Params,
                [d](Request& r) { return dryRunRules(*d, r); });
    router.get("/api/v1/rules/{id}", A::Read, [d](Request& r) { return showRule(*d, r); });
    router.add(Route{"PATCH", "/api/v1/rules/{id}", A::Write, BodyMode::Params,
                     [d](Request& r) { return updateRuleRoute(*d, r); }});
    router.add(Route{"DELETE", "/api/v1/rules/{id}", A::Write, BodyMode::None,
                     [d](Request& r) { return deleteRuleRoute(*d, r); }});
    router.get("/api/v1/rule_runs", A::Read, [d](Request& r) { return listRuleRuns(*d, r); });
    router.post("/api/v1/rule_runs", A::Write, BodyMode::Params,
                [d, q](Request& r) { return createRuleRuns(*d, *q, r); });
    router.get("/api/v1/rule_runs/{id}", A::Read, [d](Request& r) { return showRuleRun(*d, r); });
    router.get("/api/v1/imports/{id}/rule_preview", A::Read,
               [d, t](Request& r) { return previewImportRules(*d, *t, r); });
    router.add(Route{"DELETE", "/api/v1/transactions/{id}/locks", A::Write, BodyMode::None,
                     [d](Request& r) { return clearTransactionLocks(*d, r); }});
    router.get("/api/v1/rule_effects", A::Read, [d](Request& r) { return listRuleEffects(*d, r); });
}

} // namespace finimport::http
