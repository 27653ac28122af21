#include "app/rules/StoredPass.h"

#include "domain/Date.h"
#include "jobs/BalanceMaterializer.h"

#include <algorithm>

namespace finimport::app::rules {

namespace {

// Targets per chunk: the IN lists of a chunk's tags, locks and links stay well below the
// statement parameter limits of both databases (store/BatchInsert.h).
constexpr size_t kChunk = 1000;

} // namespace

std::vector<std::string> scopeAccounts(const RuleSet& set) {
    std::vector<std::string> out;
    for (const auto& [id, ref] : set.refs().accounts)
        if (set.refs().inScope(id)) out.push_back(id);
    std::sort(out.begin(), out.end());
    return out;
}

StoredPassResult runStoredPass(store::Tx& s, RuleSet& set, PassRecorder& recorder,
                               const store::TargetQuery& query) {
    StoredPassResult result;
    // The history is the family as it was when the pass started (docs/rules.md §4).
    set.loadHistory(s);
    set.history().finish(set.refs());
    RulePass pass(set.rules(), set.refs(), &set.history(), recorder.info().ignoreLocks,
                  set.nameSlots());
    store::forEachTargetChunk(s, query, kChunk, [&](std::vector<store::RuleTarget>& chunk) {
        std::vector<store::TargetChange> changes;
        for (size_t i = 0; i < chunk.size(); ++i) {
            RuleTxn& t = chunk[i];
            if (!set.refs().inScope(t.accountId) || recorder.createdHere(t.id)) continue;
            ++result.targets;
            const size_t tagsBefore = t.tagIds.size();
            const uint32_t changed = pass.apply(t, i);
            if (changed == 0) continue;
            ++result.changed;
            store::TargetChange c;
            c.target = &t;
            c.name = changed & kName;
            c.category = changed & kCategory;
            c.merchant = changed & kMerchant;
            c.excluded = changed & kExcluded;
            c.label = changed & kLabel;
            c.kind = changed & kKind;
            if (changed & kTags)
                c.addedTags.assign(t.tagIds.begin() + std::ptrdiff_t(tagsBefore), t.tagIds.end());
            changes.push_back(std::move(c));
        }
        // The chunk's writes set-wise, before its effects and counterparts.
        store::writeTargets(s, changes);
        auto rows = recorder.effectRows(
            pass.effects(), [&](size_t index) -> const RuleTxn& { return chunk[index]; });
        store::replaceEffects(s, rows);
        for (const auto& request : pass.transfers())
            recorder.counterpart(chunk[request.txn], request);
        pass.transfers().clear();
    });
    recorder.addCounts(pass.counts());
    recorder.finishRuns();
    return result;
}

void recomputeTouched(store::Tx& s, const PassRecorder& recorder) {
    const domain::Date today = domain::Date::today();
    for (const auto& [accountId, date] : recorder.touched())
        jobs::materializeBalances(s, accountId, today, domain::Date::parseIso(date));
}

} // namespace finimport::app::rules
