#include "app/rules/RulePass.h"

#include "app/rules/RuleText.h"

#include <algorithm>

namespace finimport::app::rules {

void LearnedHistory::add(const std::string& name, const std::optional<std::string>& categoryId,
                         const std::optional<std::string>& merchantId, const std::string& date) {
    if (!categoryId && !merchantId) return;
    const std::string key = nameKey(name);
    if (key.empty()) return;
    auto count = [&](Uses& uses, const std::string& id) {
        Use& u = uses[key][id];
        ++u.count;
        if (date > u.latest) u.latest = date;
    };
    if (categoryId) count(_categoryUses, *categoryId);
    if (merchantId) count(_merchantUses, *merchantId);
}

std::unordered_map<std::string, std::string>
LearnedHistory::winners(const Uses& uses,
                        const std::unordered_map<std::string, std::string>& names) {
    std::unordered_map<std::string, std::string> out;
    for (const auto& [key, candidates] : uses) {
        const std::string* best = nullptr;
        const Use* bestUse = nullptr;
        std::string bestName;
        for (const auto& [id, use] : candidates) {
            auto n = names.find(id);
            if (n == names.end()) continue; // deleted or another family's: suggests nothing
            // Most uses, then the latest use, then the smallest name (bytes), then the id.
            const bool better =
                !best || use.count > bestUse->count ||
                (use.count == bestUse->count &&
                 (use.latest > bestUse->latest ||
                  (use.latest == bestUse->latest &&
                   (n->second < bestName || (n->second == bestName && id < *best)))));
            if (better) {
                best = &id;
                bestUse = &use;
                bestName = n->second;
            }
        }
        if (best) out.emplace(key, *best);
    }
    return out;
}

void LearnedHistory::finish(const FamilyRefs& refs) {
    _category = winners(_categoryUses, refs.categories);
    _merchant = winners(_merchantUses, refs.merchants);
    _categoryUses.clear();
    _merchantUses.clear();
}

const std::string* LearnedHistory::category(const std::string& key) const {
    auto it = _category.find(key);
    return it == _category.end() ? nullptr : &it->second;
}

const std::string* LearnedHistory::merchant(const std::string& key) const {
    auto it = _merchant.find(key);
    return it == _merchant.end() ? nullptr : &it->second;
}

bool isTransferKind(const std::string& kind) {
    return kind == "funds_movement" || kind == "cc_payment" || kind == "loan_payment" ||
           kind == "investment_contribution";
}

std::string outflowKind(const std::string& inflowType, const std::string& outflowType) {
    if (inflowType == "loan") return "loan_payment";
    if (inflowType == "credit_card" || inflowType == "other_liability") return "cc_payment";
    const auto investing = [](const std::string& t) { return t == "investment" || t == "crypto"; };
    if (investing(inflowType) && !investing(outflowType)) return "investment_contribution";
    return "funds_movement";
}

RulePass::RulePass(const std::vector<CompiledRule>& rules, const FamilyRefs& refs,
                   const LearnedHistory* learned, bool ignoreLocks, int nameSlots)
    : _rules(rules), _refs(refs), _learned(learned), _ignoreLocks(ignoreLocks),
      _nameSlots(nameSlots), _counts(rules.size()) {
    _gates.resize(rules.size());
    for (size_t r = 0; r < rules.size(); ++r)
        for (const auto& c : rules[r].conditions)
            if (nameDetermined(c)) _gates[r].push_back(&c);
}

bool RulePass::nameDetermined(const Condition& c) const {
    if (c.field == Field::Name) return true;
    if (c.field != Field::Compound || c.always || c.never) return false;
    for (const auto& sub : c.subs)
        if (!nameDetermined(sub)) return false;
    return true;
}

const std::vector<uint32_t>& RulePass::candidates(const RuleTxn& t) {
    NameEntry& e = nameEntry(t);
    if (!e.ready) {
        for (size_t r = 0; r < _rules.size(); ++r) {
            bool pass = true;
            for (const Condition* c : _gates[r])
                if (!matches(*c, t)) {
                    pass = false;
                    break;
                }
            if (pass) e.candidates.push_back(uint32_t(r));
        }
        e.ready = true;
    }
    return e.candidates;
}

RulePass::NameEntry& RulePass::nameEntry(const RuleTxn& t) {
    if (_current) return *_current;
    auto [it, fresh] = _names.try_emplace(t.name);
    if (fresh) {
        it->second.normalized = normalizeText(t.name);
        it->second.folded = foldCase(it->second.normalized);
        it->second.slots.assign(size_t(_nameSlots), -1);
    }
    _current = &it->second;
    return it->second;
}

bool RulePass::matchesText(const Condition& c, const std::optional<std::string>& text) const {
    if (c.op == Op::IsNull) return !text || normalizeText(*text).empty(); // R4
    if (!text) return false;
    const std::string n = normalizeText(*text);
    if (c.op == Op::Equal) return n == c.text;
    return foldCase(n).find(c.text) != std::string::npos; // R3
}

bool RulePass::matches(const Condition& c, const RuleTxn& t) {
    if (c.never) return false;
    if (c.always) return true;
    switch (c.field) {
    case Field::Compound:
        if (c.op == Op::And) {
            for (const auto& s : c.subs)
                if (!matches(s, t)) return false;
            return true;
        }
        for (const auto& s : c.subs)
            if (matches(s, t)) return true;
        return false;
    case Field::Name: {
        NameEntry& e = nameEntry(t);
        if (c.op == Op::IsNull) return e.normalized.empty();
        int8_t& slot = e.slots[size_t(c.nameSlot)];
        if (slot < 0)
            slot = c.op == Op::Equal ? e.normalized == c.text
                                     : e.folded.find(c.text) != std::string::npos;
        return slot == 1;
    }
    case Field::Notes:
        return matchesText(c, t.notes);
    case Field::Details:
        return c.op == Op::IsNull; // no provider payload is stored (docs/rules.md §3.1)
    case Field::Amount: {
        const int64_t a = t.amount < 0 ? -t.amount : t.amount; // R2
        switch (c.op) {
        case Op::Gt:
            return a > c.amount;
        case Op::Ge:
            return a >= c.amount;
        case Op::Lt:
            return a < c.amount;
        case Op::Le:
            return a <= c.amount;
        case Op::Equal:
            return a == c.amount;
        default:
            return a != c.amount;
        }
    }
    case Field::Category:
        return c.op == Op::IsNull ? !t.categoryId : t.categoryId && *t.categoryId == c.text;
    case Field::Merchant:
        return c.op == Op::IsNull ? !t.merchantId : t.merchantId && *t.merchantId == c.text;
    case Field::Tag:
        return c.op == Op::IsNull
                   ? t.tagIds.empty()
                   : std::find(t.tagIds.begin(), t.tagIds.end(), c.text) != t.tagIds.end();
    case Field::Account:
        return t.accountId == c.text;
    case Field::Type:
        if (c.text == "transfer") return isTransferKind(t.kind);
        if (isTransferKind(t.kind)) return false;
        return c.text == "income" ? t.amount < 0 : t.amount >= 0;
    }
    return false;
}

void RulePass::record(std::vector<Effect>& mine, size_t index, const std::string& attribute,
                      const std::optional<std::string>& tag,
                      const std::optional<std::string>& value,
                      const std::optional<std::string>& previous, size_t rule,
                      std::optional<std::string> transferAccount) {
    for (auto& e : mine)
        if (e.attribute == attribute && (!tag || e.value == tag)) {
            e.value = value; // a later rule replaces the record, keeping the first previous
            e.rule = rule;
            e.transferAccountId = std::move(transferAccount);
            return;
        }
    mine.push_back(Effect{index, attribute, value, previous, rule, std::move(transferAccount)});
}

bool RulePass::transfer(RuleTxn& t, const Action& a, size_t index, size_t rule,
                        std::vector<Effect>& mine) {
    if (t.linked || isTransferKind(t.kind) || a.value == t.accountId) return false;
    auto own = _refs.accounts.find(t.accountId);
    auto target = _refs.accounts.find(a.value);
    if (own == _refs.accounts.end() || target == _refs.accounts.end()) return false;
    const bool ownIsOutflow = t.amount >= 0;
    TransferRequest req;
    req.txn = index;
    req.rule = rule;
    req.accountId = a.value;
    const std::string previous = t.kind;
    if (ownIsOutflow) {
        t.kind = outflowKind(target->second.type, own->second.type);
        req.counterpartKind = "funds_movement";
    } else {
        t.kind = "funds_movement";
        req.counterpartKind = outflowKind(own->second.type, target->second.type);
    }
    req.counterpartName = std::string(target->second.liability ? "Payment" : "Transfer") +
                          (ownIsOutflow ? " from " : " to ") + own->second.name;
    t.linked = true;
    _transfers.push_back(std::move(req));
    record(mine, index, "kind", std::nullopt, t.kind, previous, rule, a.value);
    return true;
}

uint32_t RulePass::apply(RuleTxn& t, size_t index) {
    _current = nullptr;
    _lastMatched = false;
    uint32_t changed = 0;
    std::vector<Effect> mine;
    // Rules whose name conditions fail are skipped without a look; a rename switches to the
    // new name's list, after the current rule (chaining, docs/rules.md §5).
    const std::vector<uint32_t>* list = &candidates(t);
    for (size_t k = 0; k < list->size(); ++k) {
        const size_t r = (*list)[k];
        const CompiledRule& rule = _rules[r];
        if (rule.effectiveDate && t.date < *rule.effectiveDate) continue;
        bool all = true; // R7: the conditions are evaluated once, before any action
        for (const auto& c : rule.conditions)
            if (!matches(c, t)) {
                all = false;
                break;
            }
        if (!all) continue;
        ++_counts[r].matched;
        _lastMatched = true;
        bool renamed = false;
        bool modified = false;
        for (const auto& a : rule.actions) {
            if (a.inert) continue;
            const char* key = lockKeyOf(a.type);
            if (*key && !_ignoreLocks && t.locked(key)) continue; // docs/rules.md §7
            auto setOpt = [&](std::optional<std::string>& field, const std::string& value,
                              const char* attribute, uint32_t bit) {
                if (field && *field == value) return;
                record(mine, index, attribute, std::nullopt, value, field, r);
                field = value;
                changed |= bit;
                modified = true;
            };
            switch (a.type) {
            case ActionType::Category:
                setOpt(t.categoryId, a.value, "category_id", kCategory);
                break;
            case ActionType::Merchant:
                setOpt(t.merchantId, a.value, "merchant_id", kMerchant);
                break;
            case ActionType::Label:
                setOpt(t.label, a.value, "investment_activity_label", kLabel);
                break;
            case ActionType::Name:
                if (t.name == a.value) break;
                record(mine, index, "name", std::nullopt, a.value, t.name, r);
                t.name = a.value;
                _current = nullptr;
                renamed = true;
                changed |= kName;
                modified = true;
                break;
            case ActionType::Exclude:
                if (t.excluded) break; // never set back to false (R6)
                record(mine, index, "excluded", std::nullopt, "true", "false", r);
                t.excluded = true;
                changed |= kExcluded;
                modified = true;
                break;
            case ActionType::Tags:
                for (const auto& tag : a.tags) {
                    if (std::find(t.tagIds.begin(), t.tagIds.end(), tag) != t.tagIds.end())
                        continue;
                    t.tagIds.push_back(tag);
                    record(mine, index, "tag_ids", tag, tag, std::nullopt, r);
                    changed |= kTags;
                    modified = true;
                }
                break;
            case ActionType::AutoCategory:
            case ActionType::AutoMerchant: {
                const bool cat = a.type == ActionType::AutoCategory;
                auto& field = cat ? t.categoryId : t.merchantId;
                if (field || !_learned) break;
                const std::string nameKeyText = nameKey(t.name);
                const std::string* w = nameKeyText.empty() ? nullptr
                                       : cat               ? _learned->category(nameKeyText)
                                                           : _learned->merchant(nameKeyText);
                if (w)
                    setOpt(field, *w, cat ? "category_id" : "merchant_id",
                           cat ? kCategory : kMerchant);
                break;
            }
            case ActionType::Transfer:
                if (transfer(t, a, index, r, mine)) {
                    changed |= kKind;
                    modified = true;
                }
                break;
            case ActionType::Email:
                break;
            }
        }
        if (modified) ++_counts[r].modified;
        if (renamed) {
            renamed = false;
            list = &candidates(t);
            k = size_t(std::upper_bound(list->begin(), list->end(), uint32_t(r)) - list->begin()) -
                1;
        }
    }
    for (auto& e : mine)
        _effects.push_back(std::move(e));
    return changed;
}

} // namespace finimport::app::rules
