#include "store/RuleStore.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

namespace finimport::store {

std::string insertRule(Tx& s, const RuleRow& r) {
    // docs/rules.md §1: the place in a pass is a per-family sequence (creation order).
    const int64_t position = sqlCount(
        s, "SELECT COALESCE(MAX(position), 0) + 1 FROM rules WHERE family_id = ?", {r.familyId});
    std::string id;
    insertStamped(s, "rules",
                  "id, family_id, name, resource_type, active, effective_date, conditions, "
                  "actions, import_id, position",
                  id,
                  bindValues(r.familyId, r.name, r.resourceType, r.active, r.effectiveDate,
                             r.conditions, r.actions, r.importId, position));
    return id;
}

std::optional<std::string> ruleIdByName(Tx& s, const std::string& familyId, const std::string& name,
                                        const std::string& resourceType) {
    auto r = sqlQueryOne(s,
                         "SELECT id FROM rules WHERE family_id = ? AND name = ? AND "
                         "resource_type = ? ORDER BY position, created_at, id LIMIT 1",
                         {familyId, name, resourceType});
    if (!r) return std::nullopt;
    return r->str(0);
}

void updateRuleBody(Tx& s, const std::string& id, const RuleRow& r) {
    sqlExec(s,
            "UPDATE rules SET active = ?, effective_date = ?, conditions = ?, "
            "actions = ?, updated_at = ? WHERE id = ?",
            {int64_t(r.active), sqlOpt(r.effectiveDate), r.conditions, r.actions, nowMicros(), id});
}

void updateRuleAndName(Tx& s, const std::string& id, const RuleRow& r) {
    sqlExec(s,
            "UPDATE rules SET name = ?, active = ?, effective_date = ?, conditions = ?, "
            "actions = ?, updated_at = ? WHERE id = ?",
            {sqlOpt(r.name), int64_t(r.active), sqlOpt(r.effectiveDate), r.conditions, r.actions,
             nowMicros(), id});
}

} // namespace finimport::store
