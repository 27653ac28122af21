#include "app/rules/PassRecorder.h"

#include "store/EntryStore.h"
#include "store/Time.h"
#include "store/TransferStore.h"

#include <stdexcept>

namespace finimport::app::rules {

PassRecorder::PassRecorder(store::Tx& s, const RuleSet& set, PassInfo info)
    : _s(s), _set(set), _info(std::move(info)) {
    // Whole seconds (docs/rules.md §11): every effect of a pass carries the same time.
    _appliedAt = store::nowMicros() / 1000000 * 1000000;
}

void PassRecorder::createRuns() {
    const std::string passId = store::newUuid();
    const auto& sources = _set.sources();
    for (size_t i = 0; i < sources.size(); ++i) {
        store::RuleRunRow run;
        run.familyId = _info.familyId;
        run.ruleId = sources[i].id;
        run.ruleName = sources[i].name;
        run.executionType = _info.executionType;
        run.importId = _info.importId;
        run.startDate = _info.startDate;
        run.endDate = _info.endDate;
        run.ignoreLocks = _info.ignoreLocks;
        run.passId = passId;
        run.passPosition = int64_t(i);
        run.executedAt = _appliedAt;
        store::insertRuleRun(_s, run);
        _runs.push_back(std::move(run));
    }
}

void PassRecorder::adoptRuns(const std::string& passId) {
    _runs = store::runsOfPass(_s, passId);
    if (_runs.size() != _set.sources().size())
        throw std::runtime_error("the pass's rules changed since it was queued");
}

store::EffectRow PassRecorder::effectRow(const Effect& e, const std::string& entryId) const {
    // Only what differs per transaction; the rest is the run's (store/RuleRunStore.h).
    store::EffectRow row;
    row.entryId = entryId;
    row.attribute = e.attribute;
    if (e.attribute == "tag_ids" && e.value) row.tagId = *e.value;
    row.value = e.value;
    row.previousValue = e.previous;
    row.transferAccountId = e.transferAccountId;
    if (e.rule < _runs.size()) {
        row.ruleRunId = _runs[e.rule].id;
        row.runSeq = _runs[e.rule].seq;
    }
    return row;
}

void PassRecorder::counterpart(const RuleTxn& t, const TransferRequest& r) {
    store::EntryRow e;
    e.accountId = r.accountId;
    e.date = t.date;
    e.amount = -t.amount;
    e.currency = t.currency;
    e.name = r.counterpartName;
    e.importId = t.importId; // reverting the matched transaction's import removes both
    store::TransactionDetail d;
    d.kind = r.counterpartKind;
    store::EntryStore(_s).insertTransaction(e, d);
    _created.insert(e.id);
    const bool ownIsOutflow = t.amount >= 0;
    store::insertTransfer(_s, ownIsOutflow ? e.id : t.id, ownIsOutflow ? t.id : e.id, "confirmed",
                          std::nullopt, t.importId.value_or(""));
    auto [it, fresh] = _touched.try_emplace(r.accountId, t.date);
    if (!fresh && t.date < it->second) it->second = t.date;
}

void PassRecorder::addCounts(const std::vector<RuleCounts>& counts) {
    for (size_t i = 0; i < counts.size() && i < _runs.size(); ++i) {
        _runs[i].queued += counts[i].matched;
        _runs[i].processed += counts[i].matched;
        _runs[i].modified += counts[i].modified;
    }
}

void PassRecorder::finishRuns() {
    for (auto& run : _runs) {
        run.status = "success";
        store::finishRuleRun(_s, run);
    }
}

} // namespace finimport::app::rules
