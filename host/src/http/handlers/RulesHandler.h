#pragma once
// The routes of docs/rules.md §11: rules, rule runs, rule effects, dry runs.

#include "app/imports/ImportTypes.h"
#include "http/Router.h"
#include "jobs/JobQueue.h"
#include "store/Database.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::http {

// `types`: the import types the import rule previews are served for.
void addRuleRoutes(Router& router, store::Database& db, jobs::JobQueue& jobs,
                   const app::TypeCatalogue& types);

// Shared by the rule handlers: the `{id}` lookup's 404 (docs/rules.md §11.1).
Response ruleRecordNotFound();
// ISO 8601 timestamp (or date) → epoch µs.
std::optional<int64_t> parseTimestampParam(std::string_view text);
// A request's JSON object member as JSON text (nullopt when absent or null).
std::optional<std::string> memberJson(const Request& req, std::string_view name);

// docs/rules.md §11.3.
Response listRules(store::Database& db, const Request& req);
Response showRule(store::Database& db, const Request& req);
Response createRuleRoute(store::Database& db, const Request& req);
Response updateRuleRoute(store::Database& db, const Request& req);
Response deleteRuleRoute(store::Database& db, const Request& req);
Response listRuleRuns(store::Database& db, const Request& req);
Response showRuleRun(store::Database& db, const Request& req);
Response createRuleRuns(store::Database& db, jobs::JobQueue& jobs, const Request& req);
Response listRuleEffects(store::Database& db, const Request& req);
Response dryRunRules(store::Database& db, const Request& req);
Response previewImportRules(store::Database& db, const app::TypeCatalogue& types,
                            const Request& req);
Response clearTransactionLocks(store::Database& db, const Request& req);
// What a dry run and a re-run both take (docs/rules.md §6, §9): start_date and end_date
// (ISO 8601 dates, start not after end) and ignore_locks (true or false).
struct PassScope {
    std::optional<std::string> startDate, endDate;
    bool ignoreLocks = false;
};
// Reads the scope from a request body's root; the 422 to answer when a member is invalid.
std::optional<Response> readPassScope(const ParamValue& root, PassScope& scope);
// `rule_ids`: an array of rule ids (UUID strings), normalized; nullopt for anything else.
std::optional<std::vector<std::string>> ruleIdList(const ParamValue& ids);
// The dry runs' `limit` (1..1000, default 100; other values clamp) and change objects.
size_t changeLimit(const std::optional<std::string>& text);

} // namespace finimport::http
