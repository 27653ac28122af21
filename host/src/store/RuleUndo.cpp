#include "store/RuleUndo.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

namespace finimport::store {

std::optional<std::pair<std::string, std::string>> undoEffect(Tx& s, const EffectRow& e) {
    std::optional<std::pair<std::string, std::string>> touched;
    const int64_t now = nowMicros();
    if (e.attribute == "tag_ids") {
        sqlExec(s, "DELETE FROM transaction_tags WHERE entry_id = ? AND tag_id = ?",
                {e.entryId, e.tagId});
    } else if (e.attribute == "excluded") {
        sqlExec(s, "UPDATE entries SET excluded = 0, updated_at = ? WHERE id = ?",
                {now, e.entryId});
    } else if (e.attribute == "kind") {
        auto link = sqlQueryOne(s,
                                "SELECT id, inflow_transaction_id, outflow_transaction_id FROM "
                                "transfers WHERE inflow_transaction_id = ? OR "
                                "outflow_transaction_id = ?",
                                {e.entryId, e.entryId});
        if (link) {
            const std::string other = link->str(1) == e.entryId ? link->str(2) : link->str(1);
            sqlExec(s, "DELETE FROM transfers WHERE id = ?", {link->str(0)});
            if (auto leg =
                    sqlQueryOne(s, "SELECT account_id, date FROM entries WHERE id = ?", {other}))
                touched = std::make_pair(leg->str(0), leg->str(1));
            sqlExec(s, "DELETE FROM rule_effects WHERE entry_id = ?", {other});
            sqlExec(s, "DELETE FROM transaction_tags WHERE entry_id = ?", {other});
            sqlExec(s, "DELETE FROM entries WHERE id = ?", {other});
        }
        sqlExec(s, "UPDATE entries SET kind = 'standard', updated_at = ? WHERE id = ?",
                {now, e.entryId});
    } else if (e.attribute == "name" || e.attribute == "category_id" ||
               e.attribute == "merchant_id" || e.attribute == "investment_activity_label") {
        SqlValue previous = sqlOpt(e.previousValue);
        if (e.attribute == "name" && !e.previousValue) previous = std::string();
        sqlExec(s, "UPDATE entries SET " + e.attribute + " = ?, updated_at = ? WHERE id = ?",
                {previous, now, e.entryId});
    }
    deleteEffectByKey(s, e);
    return touched;
}

std::optional<RuleBody> currentRuleBody(Tx& s, const std::string& ruleId,
                                        std::optional<std::string>* keptFor) {
    auto r = sqlQueryOne(s,
                         "SELECT active, effective_date, conditions, actions, "
                         "replaced_by_import_id FROM rules WHERE id = ?",
                         {ruleId});
    if (!r) return std::nullopt;
    if (keptFor) *keptFor = r->optStr(4);
    return RuleBody{r->i64(0) != 0, r->optStr(1), r->str(2), r->str(3)};
}

void keepReplacedBodyText(Tx& s, const std::string& ruleId, const std::string& importId,
                          const std::string& text) {
    sqlExec(s, "UPDATE rules SET replaced_body = ?, replaced_by_import_id = ? WHERE id = ?",
            {text, importId, ruleId});
}

std::vector<std::pair<std::string, std::string>> replacedBodiesOf(Tx& s,
                                                                  const std::string& importId) {
    return textPairs(sqlQuery(s,
                              "SELECT id, replaced_body FROM rules WHERE "
                              "replaced_by_import_id = ? ORDER BY id",
                              {importId}));
}

void restoreRuleBody(Tx& s, const std::string& ruleId, const RuleBody& body) {
    sqlExec(s,
            "UPDATE rules SET active = ?, effective_date = ?, conditions = ?, actions = ?, "
            "replaced_body = NULL, replaced_by_import_id = NULL, updated_at = ? WHERE id = ?",
            {int64_t(body.active), sqlOpt(body.effectiveDate), body.conditions, body.actions,
             nowMicros(), ruleId});
}

} // namespace finimport::store
