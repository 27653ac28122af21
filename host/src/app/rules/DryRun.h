#pragma once
// Dry runs (docs/rules.md §9): what a pass would change, computed in a read transaction and
// never written. Over existing data (`POST /api/v1/rules/dry_run`) here; the import preview
// (`GET /api/v1/imports/{id}/rule_preview`) shares the change list (ChangeList).

#include "app/rules/PassRecorder.h"
#include "app/rules/RuleEditor.h"
#include "app/rules/RuleSet.h"
#include "store/Database.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app::rules {

struct DryChange {
    std::string transactionId, date, name, attribute, ruleName; // ruleName "" when none
    int64_t rowNumber = 0;                                      // the import preview's
    std::optional<std::string> from, to, fromName, toName, ruleId;
};

// The first `limit` changes in (date, transaction id, attribute) order, and the total.
class ChangeList {
public:
    explicit ChangeList(size_t limit) : _limit(limit) {}
    void add(DryChange change);
    // Sorted, at most `limit`.
    std::vector<DryChange> take();
    int64_t total() const { return _total; }

private:
    size_t _limit;
    int64_t _total = 0;
    std::vector<DryChange> _kept; // a max-heap by order
};

// A change's record names (category, merchant, tag, account values; else none).
void nameChange(DryChange& change, const FamilyRefs& refs);

struct DryRunRequest {
    std::optional<std::string> ruleJson;             // an unsaved rule (the create body)
    std::optional<std::vector<std::string>> ruleIds; // saved rules
    std::optional<std::string> startDate, endDate;
    bool ignoreLocks = false;
    size_t limit = 100;
};

struct DryRunRule {
    std::optional<std::string> id, name;
    int64_t matched = 0, changed = 0;
};

struct DryRunResult {
    int64_t matched = 0, changed = 0, totalChanges = 0;
    std::vector<DryRunRule> rules;
    std::vector<DryChange> changes;
    bool truncated = false;
};

std::variant<DryRunResult, Error> dryRun(store::Database& db, const std::string& familyId,
                                         const DryRunRequest& request);

} // namespace finimport::app::rules
