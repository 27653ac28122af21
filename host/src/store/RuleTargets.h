#pragma once
// What a rule pass reads and writes of a family's transactions (docs/rules.md §2, §5): the
// records operands may name, the learned history, the targets in chunks (with their tags,
// locks and transfer links), and the write-back of a changed target.

#include "store/Tx.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

// A transaction as a pass sees and changes it.
struct RuleTarget {
    std::string id, accountId, date, currency; // date ISO
    std::optional<std::string> importId;       // the entry's creator (a counterpart's owner)
    int64_t amount = 0;                        // scaled 10^8, stored sign (outflow positive)
    std::string name;
    std::optional<std::string> notes, categoryId, merchantId, label;
    std::vector<std::string> tagIds;
    bool excluded = false, linked = false; // linked: already a leg of a transfer
    std::string kind = "standard";
    std::vector<std::string> locks; // lock keys (docs/rules.md §7)
    int64_t createdAt = 0;          // with date and id: the re-run's place in its account

    bool locked(const std::string& key) const;
};

struct StoredRule {
    std::string id, familyId, resourceType;
    std::optional<std::string> name, effectiveDate, importId;
    bool active = false;
    std::string conditions = "[]", actions = "[]";
    int64_t position = 0, createdAt = 0, updatedAt = 0;
};

// The family's rules in pass order (position); `active` filters when set.
std::vector<StoredRule> rulesOfFamily(Tx& s, const std::string& familyId,
                                      std::optional<bool> active = std::nullopt);
std::optional<StoredRule> ruleOfFamily(Tx& s, const std::string& familyId, const std::string& id);

struct NamedRow {
    std::string id, name;
};
struct AccountRefRow {
    std::string id, name, type, status;
};
struct FamilyRefRows {
    std::vector<NamedRow> categories, merchants, tags;
    std::vector<AccountRefRow> accounts;
};
FamilyRefRows familyRefRows(Tx& s, const std::string& familyId);

// Every transaction of the family's active and draft accounts that has a category or a
// merchant, split parents left out: the learned suggestion's history.
void forEachHistoryRow(
    Tx& s, const std::string& familyId,
    const std::function<void(const std::string& name, const std::optional<std::string>& categoryId,
                             const std::optional<std::string>& merchantId,
                             const std::string& date)>& row);

// Which transactions a stored pass reads: those an import created, or those of the accounts
// dated within [startDate, endDate] (absent = open). Split parents are never targets.
struct TargetQuery {
    std::optional<std::string> importId, startDate, endDate;
    std::vector<std::string> accountIds;
};
// Calls `chunk` with up to `size` targets at a time (tags, locks and links filled), reading
// the next chunk only after the callback returned: a pass over 1M transactions holds one chunk.
void forEachTargetChunk(Tx& s, const TargetQuery& query, size_t size,
                        const std::function<void(std::vector<RuleTarget>&)>& chunk);

// How many transactions the import created.
int64_t transactionsCreatedBy(Tx& s, const std::string& importId);

// A changed target of one chunk: the rule-writable columns the pass changed, and its added tags.
struct TargetChange {
    const RuleTarget* target = nullptr;
    bool name = false, category = false, merchant = false, excluded = false, label = false,
         kind = false;
    std::vector<std::string> addedTags;
};
// Writes a chunk's changes set-wise (bench/RESULTS.md, the 1M re-run): one UPDATE per (column,
// value) and up to 500 ids, the added tags in batched INSERTs. A pass's rules write few distinct
// values, so a chunk of 1,000 targets costs a few dozen statements, not one per target.
void writeTargets(Tx& s, const std::vector<TargetChange>& changes);
// The label of transactions a publish just wrote (their batch has no label column): one
// statement per label and few hundred ids.
void writeLabels(Tx& s, const std::string& label, const std::vector<std::string>& entryIds);

} // namespace finimport::store
