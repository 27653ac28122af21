#include "app/rules/RuleRemoval.h"

#include "store/RevertDeletes.h"
#include "store/RuleRunStore.h"
#include "store/RuleUndo.h"

namespace finimport::app::rules {

std::map<std::string, std::string> removeRule(store::Tx& s, const std::string& ruleId, bool undo) {
    std::map<std::string, std::string> touched;
    if (undo) {
        for (const auto& effect : store::effectsOfRule(s, ruleId))
            if (auto leg = store::undoEffect(s, effect)) {
                auto [it, fresh] = touched.try_emplace(leg->first, leg->second);
                if (!fresh && leg->second < it->second) it->second = leg->second;
            }
    } else {
        store::detachEffectsOfRule(s, ruleId);
    }
    store::deleteRunsOfRule(s, ruleId);
    store::deleteRecord(s, store::Deletable::Rule, ruleId);
    return touched;
}

} // namespace finimport::app::rules
