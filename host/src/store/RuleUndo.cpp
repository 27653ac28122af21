#include "store/RuleUndo.h"

#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

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

void keepReplacedBody(Tx& s, const std::string& ruleId, const std::string& importId) {
    auto r = sqlQueryOne(s,
                         "SELECT active, effective_date, conditions, actions, "
                         "replaced_by_import_id FROM rules WHERE id = ?",
                         {ruleId});
    if (!r || (r->optStr(4) && *r->optStr(4) == importId)) return; // kept already
    Poco::JSON::Object body(Poco::JSON_PRESERVE_KEY_ORDER);
    body.set("active", r->i64(0) != 0);
    if (auto d = r->optStr(1)) body.set("effective_date", *d);
    body.set("conditions", r->str(2));
    body.set("actions", r->str(3));
    std::ostringstream out;
    body.stringify(out);
    sqlExec(s, "UPDATE rules SET replaced_body = ?, replaced_by_import_id = ? WHERE id = ?",
            {out.str(), importId, ruleId});
}

void restoreReplacedBodies(Tx& s, const std::string& importId) {
    for (const auto& r : sqlQuery(s,
                                  "SELECT id, replaced_body FROM rules WHERE "
                                  "replaced_by_import_id = ?",
                                  {importId})) {
        Poco::JSON::Parser parser;
        auto body = parser.parse(r.str(1)).extract<Poco::JSON::Object::Ptr>();
        SqlValue effective = nullptr;
        if (body->has("effective_date")) effective = body->getValue<std::string>("effective_date");
        sqlExec(s,
                "UPDATE rules SET active = ?, effective_date = ?, conditions = ?, actions = ?, "
                "replaced_body = NULL, replaced_by_import_id = NULL, updated_at = ? WHERE id = ?",
                {int64_t(body->getValue<bool>("active")), effective,
                 body->getValue<std::string>("conditions"), body->getValue<std::string>("actions"),
                 nowMicros(), r.str(0)});
    }
}

} // namespace finimport::store
