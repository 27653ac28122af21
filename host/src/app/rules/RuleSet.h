#pragma once
// A pass's rules, loaded and compiled once (docs/rules.md §5): the family's records operands
// may name, the compiled rules in pass order, and (only when a rule has a learned action) the
// learned history.

#include "app/rules/RulePass.h"
#include "store/RuleTargets.h"
#include "store/Tx.h"

#include <string>
#include <vector>

namespace finimport::app::rules {

class RuleSet {
public:
    // Compiles `sources` (in pass order) against the family's records.
    RuleSet(store::Tx& s, const std::string& familyId, std::vector<store::StoredRule> sources);

    const std::vector<CompiledRule>& rules() const { return _rules; }
    const std::vector<store::StoredRule>& sources() const { return _sources; }
    const FamilyRefs& refs() const { return _refs; }
    int nameSlots() const { return _nameSlots; }
    bool empty() const { return _rules.empty(); }
    // True when a rule has auto_categorize or auto_detect_merchants.
    bool learns() const { return _learns; }
    // The family's stored history (call before any target changes), then finish().
    void loadHistory(store::Tx& s);
    LearnedHistory& history() { return _history; }

private:
    std::string _familyId;
    std::vector<store::StoredRule> _sources;
    FamilyRefs _refs;
    std::vector<CompiledRule> _rules;
    int _nameSlots = 0;
    bool _learns = false;
    LearnedHistory _history;
};

} // namespace finimport::app::rules
