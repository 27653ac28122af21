#pragma once
// One pass (docs/rules.md §5) in memory: the compiled rules applied, in pass order, to each
// target transaction. Every target is independent of the others (the learned history is fixed
// when the pass starts, a counterpart leg is outside the pass), so applying all rules to one
// transaction before the next gives exactly the rule-by-rule result, and a pass can stream.

#include "app/rules/RuleModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace finimport::app::rules {

// The learned suggestion's history (docs/rules.md §4): transactions as they were when the pass
// started, reduced to the winner per name key.
class LearnedHistory {
public:
    void add(const std::string& name, const std::optional<std::string>& categoryId,
             const std::optional<std::string>& merchantId, const std::string& date);
    // Picks each key's winner (most uses, then latest use, then smallest name, then id).
    void finish(const FamilyRefs& refs);
    const std::string* category(const std::string& key) const;
    const std::string* merchant(const std::string& key) const;

private:
    struct Use {
        int64_t count = 0;
        std::string latest;
    };
    using Uses = std::unordered_map<std::string, std::unordered_map<std::string, Use>>;
    static std::unordered_map<std::string, std::string>
    winners(const Uses& uses, const std::unordered_map<std::string, std::string>& names);
    Uses _categoryUses, _merchantUses;
    std::unordered_map<std::string, std::string> _category, _merchant;
};

// Attributes a pass may change, as bits of PassResult::changed.
enum Changed : uint32_t {
    kCategory = 1,
    kMerchant = 2,
    kTags = 4,
    kName = 8,
    kExcluded = 16,
    kLabel = 32,
    kKind = 64
};

// A current effect (docs/rules.md §8) the pass leaves: one per (transaction, attribute), per
// (transaction, tag) for tags; the last writer's.
struct Effect {
    size_t txn = 0;                             // index given to RulePass::apply
    std::string attribute;                      // category_id merchant_id tag_ids name excluded
                                                // investment_activity_label kind
    std::optional<std::string> value, previous; // text; "true"/"false" for excluded
    size_t rule = 0;                            // index in the pass's rule list
    std::optional<std::string> transferAccountId;
};

// A counterpart leg to create (set_as_transfer_or_payment).
struct TransferRequest {
    size_t txn = 0, rule = 0;
    std::string accountId, counterpartKind, counterpartName;
};

struct RuleCounts {
    int64_t matched = 0, modified = 0;
};

class RulePass {
public:
    RulePass(const std::vector<CompiledRule>& rules, const FamilyRefs& refs,
             const LearnedHistory* learned, bool ignoreLocks, int nameSlots);

    // Applies every rule to `t` (a target in scope); returns the Changed bits.
    uint32_t apply(RuleTxn& t, size_t index);

    const std::vector<RuleCounts>& counts() const { return _counts; }
    // Whether the last apply() matched at least one rule.
    bool lastMatched() const { return _lastMatched; }
    std::vector<Effect>& effects() { return _effects; }
    std::vector<TransferRequest>& transfers() { return _transfers; }

private:
    struct NameEntry {
        std::string normalized, folded;
        std::vector<int8_t> slots; // -1 unknown, 0 no, 1 yes
        // The rules worth evaluating for this name: those without a condition that depends on
        // the name alone, and those whose name conditions hold (computed once per name).
        std::vector<uint32_t> candidates;
        bool ready = false;
    };
    const std::vector<uint32_t>& candidates(const RuleTxn& t);
    bool nameDetermined(const Condition& c) const;
    bool matches(const Condition& c, const RuleTxn& t);
    bool matchesText(const Condition& c, const std::optional<std::string>& text) const;
    NameEntry& nameEntry(const RuleTxn& t);
    // Records that rule `rule` wrote `attribute` (first previous kept).
    void record(std::vector<Effect>& mine, size_t index, const std::string& attribute,
                const std::optional<std::string>& tag, const std::optional<std::string>& value,
                const std::optional<std::string>& previous, size_t rule,
                std::optional<std::string> transferAccount = std::nullopt);
    bool transfer(RuleTxn& t, const Action& a, size_t index, size_t rule,
                  std::vector<Effect>& mine);

    const std::vector<CompiledRule>& _rules;
    const FamilyRefs& _refs;
    const LearnedHistory* _learned;
    bool _ignoreLocks;
    int _nameSlots;
    std::vector<std::vector<const Condition*>> _gates; // per rule: its name-only conditions
    std::unordered_map<std::string, NameEntry> _names;
    NameEntry* _current = nullptr;
    bool _lastMatched = false;
    std::vector<RuleCounts> _counts;
    std::vector<Effect> _effects;
    std::vector<TransferRequest> _transfers;
};

// Transfer kinds (docs/imports.md §6.12): the outflow leg's kind from both accounts' types.
std::string outflowKind(const std::string& inflowAccountType,
                        const std::string& outflowAccountType);
bool isTransferKind(const std::string& kind);

} // namespace finimport::app::rules
