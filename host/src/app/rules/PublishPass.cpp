#include "app/rules/PublishPass.h"

#include "app/rules/StoredPass.h"
#include "store/RuleTargets.h"
#include "store/Time.h"

namespace finimport::app::rules {

PublishPass::PublishPass(store::Tx& s, std::string familyId, std::string importId)
    : _s(s), _familyId(std::move(familyId)), _importId(std::move(importId)) {}

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
                             std::vector<store::TransactionDetail>& details) {
    if (entries.empty() || !load()) return;
    _recorder->createRuns(); // no batch is open yet: statements may run
    const size_t base = _txns.size();
    _txns.resize(base + entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        store::EntryRow& e = entries[i];
        store::TransactionDetail& d = details[i];
        if (e.id.empty()) e.id = store::newOrderedUuid(); // as the batch would
        RuleTxn& t = _txns[base + i];
        t.id = e.id;
        t.accountId = e.accountId;
        t.date = e.date;
        t.currency = e.currency;
        t.importId = e.importId;
        t.amount = e.amount;
        t.name = std::move(e.name);
        t.notes = std::move(e.notes);
        t.categoryId = std::move(d.categoryId);
        t.merchantId = std::move(d.merchantId);
        t.tagIds = std::move(d.tagIds);
        t.excluded = e.excluded;
        t.kind = d.kind;
    }
    if (_set->learns()) {
        // The history when the pass starts: the family's stored transactions and this
        // publish's, as the file gave them.
        _set->loadHistory(_s);
        for (size_t i = base; i < _txns.size(); ++i)
            if (_set->refs().inScope(_txns[i].accountId))
                _set->history().add(_txns[i].name, _txns[i].categoryId, _txns[i].merchantId,
                                    _txns[i].date);
        _set->history().finish(_set->refs());
    }
    RulePass pass(_set->rules(), _set->refs(), &_set->history(), false, _set->nameSlots());
    for (size_t i = base; i < _txns.size(); ++i)
        if (_set->refs().inScope(_txns[i].accountId)) pass.apply(_txns[i], i);
    _recorder->addCounts(pass.counts());
    for (auto& e : pass.effects())
        _effects.push_back(std::move(e));
    for (auto& r : pass.transfers())
        _transfers.push_back(std::move(r));
    // Back into the rows to write; what finish() needs stays (id, label, a transfer's fields).
    for (size_t i = 0; i < entries.size(); ++i) {
        RuleTxn& t = _txns[base + i];
        store::EntryRow& e = entries[i];
        store::TransactionDetail& d = details[i];
        e.name = std::move(t.name);
        e.notes = std::move(t.notes);
        e.excluded = t.excluded;
        d.categoryId = std::move(t.categoryId);
        d.merchantId = std::move(t.merchantId);
        d.tagIds = std::move(t.tagIds);
        d.kind = t.kind;
    }
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
    auto rows = _recorder->effectRows(_effects,
                                      [&](size_t index) -> const RuleTxn& { return _txns[index]; });
    store::insertNewEffects(_s, rows);
    for (const auto& t : _txns)
        if (t.label) store::writeLabel(_s, t.id, *t.label);
    for (const auto& r : _transfers)
        _recorder->counterpart(_txns[r.txn], r);
    _recorder->finishRuns();
    return _recorder->touched();
}

} // namespace finimport::app::rules
