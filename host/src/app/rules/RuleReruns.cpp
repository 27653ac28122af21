#include "app/rules/RuleReruns.h"

#include "app/rules/StoredPass.h"
#include "domain/LogLine.h"
#include "store/ErrorText.h"
#include "store/RuleTargets.h"

#include <algorithm>
#include <stdexcept>

namespace finimport::app::rules {

std::vector<store::RuleRunRow> queueRerun(store::Database& db, jobs::JobQueue& queue,
                                          const std::string& familyId,
                                          const RerunRequest& request) {
    std::vector<store::RuleRunRow> runs;
    db.write([&](store::Tx& s) {
        std::vector<store::StoredRule> rules;
        for (auto& r : store::rulesOfFamily(s, familyId, true))
            if (request.ruleIds.empty() || std::find(request.ruleIds.begin(), request.ruleIds.end(),
                                                     r.id) != request.ruleIds.end())
                rules.push_back(std::move(r));
        if (rules.empty()) return;
        RuleSet set(s, familyId, std::move(rules));
        PassInfo info;
        info.familyId = familyId;
        info.executionType = "manual";
        info.startDate = request.startDate;
        info.endDate = request.endDate;
        info.ignoreLocks = request.ignoreLocks;
        PassRecorder recorder(s, set, info);
        recorder.createRuns();
        runs = recorder.runs();
        queue.enqueue(s, "rule_run", runs.front().passId);
    });
    if (!runs.empty()) queue.wake();
    return runs;
}

std::optional<jobs::RecordedFailure> runQueuedPass(store::Database& db, const std::string& passId) {
    try {
        db.write([&](store::Tx& s) {
            auto runs = store::runsOfPass(s, passId);
            if (runs.empty() || runs.front().status != "pending") return; // ran already
            const auto& first = runs.front();
            std::vector<store::StoredRule> rules;
            for (const auto& run : runs) {
                auto rule =
                    run.ruleId ? store::ruleOfFamily(s, first.familyId, *run.ruleId) : std::nullopt;
                if (!rule)
                    throw std::runtime_error("Rule " + run.ruleName.value_or("") +
                                             ": the rule was deleted");
                rules.push_back(std::move(*rule));
            }
            RuleSet set(s, first.familyId, std::move(rules));
            PassInfo info;
            info.familyId = first.familyId;
            info.executionType = first.executionType;
            info.startDate = first.startDate;
            info.endDate = first.endDate;
            info.ignoreLocks = first.ignoreLocks;
            PassRecorder recorder(s, set, info);
            recorder.adoptRuns(passId);
            store::TargetQuery query;
            query.startDate = first.startDate;
            query.endDate = first.endDate;
            query.accountIds = scopeAccounts(set);
            runStoredPass(s, set, recorder, query);
            recomputeTouched(s, recorder);
        });
    } catch (const std::exception& e) {
        const std::string message = e.what();
        db.write([&](store::Tx& s) { store::failPass(s, passId, message); });
        return jobs::RecordedFailure(domain::exceptionClass(e), store::errorText(e));
    }
    return std::nullopt;
}

} // namespace finimport::app::rules
