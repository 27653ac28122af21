#include "app/rules/RuleSet.h"

#include "domain/AccountKind.h"

#include <stdexcept>

namespace finimport::app::rules {

RuleSet::RuleSet(store::Tx& s, const std::string& familyId, std::vector<store::StoredRule> sources)
    : _familyId(familyId), _sources(std::move(sources)) {
    auto rows = store::familyRefRows(s, familyId);
    for (auto& c : rows.categories)
        _refs.categories.emplace(std::move(c.id), std::move(c.name));
    for (auto& m : rows.merchants)
        _refs.merchants.emplace(std::move(m.id), std::move(m.name));
    for (auto& t : rows.tags)
        _refs.tags.emplace(std::move(t.id), std::move(t.name));
    for (auto& a : rows.accounts) {
        AccountRef ref{a.name, a.type, a.status, false};
        if (auto kind = domain::accountKindFromSnake(a.type))
            ref.liability = domain::isLiability(*kind);
        _refs.accounts.emplace(std::move(a.id), std::move(ref));
    }
    for (const auto& src : _sources) {
        RuleSource rs{src.id, src.name, src.effectiveDate, src.conditions, src.actions};
        try {
            _rules.push_back(compileRule(rs, _refs, _nameSlots));
        } catch (const std::exception& e) {
            // docs/rules.md §6: a failing pass names the rule.
            throw std::runtime_error(
                "Rule " + (src.name && !src.name->empty() ? *src.name : src.id) + ": " + e.what());
        }
        for (const auto& a : _rules.back().actions)
            if (a.type == ActionType::AutoCategory || a.type == ActionType::AutoMerchant)
                _learns = true;
    }
}

void RuleSet::loadHistory(store::Tx& s) {
    if (!_learns) return;
    store::forEachHistoryRow(s, _familyId,
                             [&](const std::string& name, const std::optional<std::string>& c,
                                 const std::optional<std::string>& m,
                                 const std::string& date) { _history.add(name, c, m, date); });
}

} // namespace finimport::app::rules
