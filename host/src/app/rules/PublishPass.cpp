#include "app/rules/PublishPass.h"

#include "app/rules/StoredPass.h"
#include "store/RuleTargets.h"
#include "store/Time.h"

#include <utility>

namespace finimport::app::rules {

namespace {

// What a rule reads and may change, exchanged between a batch's row and the rule transaction:
// once before the pass (the row's values into `t`, no copy) and once after it (the changed
// values back into the row). The amount is only read.
void exchange(RuleTxn& t, store::EntryRow& e, store::TransactionDetail& d) {
    std::swap(t.id, e.id);
    std::swap(t.accountId, e.accountId);
    std::swap(t.date, e.date);
    std::swap(t.name, e.name);
    std::swap(t.notes, e.notes);
    std::swap(t.excluded, e.excluded);
    std::swap(t.categoryId, d.categoryId);
    std::swap(t.merchantId, d.merchantId);
    std::swap(t.tagIds, d.tagIds);
    std::swap(t.kind, d.kind);
}

} // namespace

PublishPass::PublishPass(store::Tx& s, std::string familyId, std::string importId)
    : _s(s), _familyId(std::move(familyId)), _importId(std::move(importId)) {}

PublishPass::~PublishPass() = default;

bool PublishPass::load() {
    if (!_loaded) {
        _loaded = true;
        auto active = store::rulesOfFamily(_s, _familyId, true);
        if (active.empty()) return false;
        _set = std::make_unique<RuleSet>(_s, _familyId, std::move(active));
        PassInfo info;
        info.familyId = _familyId;
        info.executionType = "import";
        info.importId = _importId;
        _recorder = std::make_unique<PassRecorder>(_s, *_set, std::move(info));
    }
    return _set != nullptr;
}

void PublishPass::applyToNew(std::vector<store::EntryRow>& entries,
                             std::vector<store::TransactionDetail>& details,
                             const std::vector<int64_t>& rowNumbers) {
    if (entries.empty() || !load()) return;
    // No batch is open yet: statements may run. Once per publish, whatever the batches.
    if (!_preview && !_runsCreated) {
        _recorder->createRuns();
        _runsCreated = true;
    }
    const FamilyRefs& refs = _set->refs();
    if (_set->learns()) {
        // The history when the pass starts: the family's stored transactions and this
        // publish's, as the file gave them.
        _set->loadHistory(_s);
        for (size_t i = 0; i < entries.size(); ++i)
            if (refs.inScope(entries[i].accountId))
                _set->history().add(entries[i].name, details[i].categoryId, details[i].merchantId,
                                    entries[i].date);
        _set->history().finish(refs);
    }
    RulePass pass(_set->rules(), refs, &_set->history(), false, _set->nameSlots());
    // One batch for the whole publish: its statement is prepared once, not once per page of
    // rows (bench/RESULTS.md, "Rules at publish, third look").
    if (!_preview && !_effects) _effects = std::make_unique<store::EffectBatch>(_s);
    const auto& runs = _recorder->runs();
    // One transaction at a time: its fields move into the pass's view and back into the row
    // the batch writes; only what finish() needs is kept.
    RuleTxn t;
    std::string scopeAccount;
    bool scopeIn = false;
    for (size_t i = 0; i < entries.size(); ++i) {
        store::EntryRow& e = entries[i];
        store::TransactionDetail& d = details[i];
        // A publish writes into one account or a few: the scope is looked up once per run of
        // rows on the same account, not hashed per row (perf of a 100-rule publish).
        if (e.accountId != scopeAccount) {
            scopeAccount = e.accountId;
            scopeIn = refs.inScope(scopeAccount);
        }
        if (!scopeIn) continue;
        if (e.id.empty()) e.id = store::newOrderedUuid(); // as the batch would
        exchange(t, e, d);
        t.amount = e.amount;
        t.label.reset();
        const std::string original = _preview ? t.name : std::string();
        ++_evaluated;
        if (pass.apply(t, i)) ++_changedRows;
        if (_preview) {
            for (auto& fx : pass.effects()) {
                DryChange c;
                c.rowNumber = i < rowNumbers.size() ? rowNumbers[i] : int64_t(i + 1);
                c.date = t.date;
                c.name = original;
                c.attribute = fx.attribute;
                c.from = fx.previous;
                c.to = fx.value;
                const auto& src = _set->sources()[fx.rule];
                c.ruleId = src.id;
                c.ruleName = src.name.value_or("");
                nameChange(c, refs);
                _preview->add(std::move(c));
            }
            pass.effects().clear();
            pass.transfers().clear();
        }
        for (auto& fx : pass.effects()) {
            std::string tag = fx.attribute == "tag_ids" && fx.value ? *fx.value : std::string();
            _effects->add(t.id, fx.attribute, tag, std::move(fx.value), std::move(fx.previous),
                          fx.transferAccountId, runs[fx.rule].seq);
        }
        pass.effects().clear();
        if (t.label) _labels[*t.label].push_back(t.id);
        for (auto& r : pass.transfers()) {
            RuleTxn kept = t;
            kept.currency = e.currency;
            kept.importId = e.importId;
            _transfers.emplace_back(std::move(kept), std::move(r));
        }
        pass.transfers().clear();
        exchange(t, e, d);
    }
    // PostgreSQL: everything, before the entries' batch opens (one statement at a time);
    // SQLite: the full chunks, the rest with the next page's or in finish().
    if (_effects) _effects->flushFullChunks();
    _recorder->addCounts(pass.counts());
}

void PublishPass::afterWrite() {
    if (_preview) return;
    for (const auto& [label, ids] : _labels)
        store::writeLabels(_s, label, ids);
    _labels.clear();
}

bool PublishPass::takesBatches() {
    return !load() || !_set->learns();
}

void PublishPass::applyToStored() {
    if (store::transactionsCreatedBy(_s, _importId) == 0 || !load()) return;
    _recorder->createRuns();
    store::TargetQuery query;
    query.importId = _importId;
    runStoredPass(_s, *_set, *_recorder, query);
    _storedDone = true;
}

std::map<std::string, std::string> PublishPass::finish() {
    if (!_recorder || _recorder->runs().empty()) return {};
    if (_storedDone) return _recorder->touched();
    if (_effects) _effects->flush();
    // One UPDATE per label and 500 ids: cheaper than a label column in every row the batch
    // writes (docs/decisions.md D220). Each batch's are written after it (afterWrite); any left
    // here were not.
    afterWrite();
    for (const auto& [t, request] : _transfers)
        _recorder->counterpart(t, request);
    _recorder->finishRuns();
    return _recorder->touched();
}

} // namespace finimport::app::rules
