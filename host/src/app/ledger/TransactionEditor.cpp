#include "app/ledger/TransactionEditor.h"

#include "app/ledger/TransactionPatch.h"
#include "domain/Uuid.h"
#include "jobs/BalanceMaterializer.h"
#include "store/RuleRunStore.h"
#include "store/Time.h"
#include "store/TransactionEdits.h"
#include "store/TransactionLocks.h"

#include <algorithm>

namespace finimport::app::ledger {

namespace {

Error invalid(const std::string& message, std::optional<std::vector<std::string>> errors) {
    return Error{ErrorKind::Invalid, "validation_failed", message, std::move(errors)};
}

// Does the plan change anything stored? (A request that changes nothing keeps updated_at.)
bool changesSomething(const store::TransactionChanges& c, const store::TransactionView& t,
                      const std::vector<std::string>& currentTags) {
    auto idOf = [](const std::optional<store::NamedRef>& r) {
        return r ? std::optional<std::string>(r->id) : std::nullopt;
    };
    if (c.name && *c.name != t.name) return true;
    if (c.notes && *c.notes != t.notes) return true;
    if (c.date && *c.date != t.date) return true;
    if (c.amount && *c.amount != t.amount) return true;
    if (c.categoryId && *c.categoryId != idOf(t.category)) return true;
    if (c.merchantId && *c.merchantId != idOf(t.merchant)) return true;
    if (c.excluded && *c.excluded != t.excluded) return true;
    if (c.activityLabel && *c.activityLabel != t.activityLabel) return true;
    if (c.tagIds) {
        std::vector<std::string> wanted = *c.tagIds;
        std::sort(wanted.begin(), wanted.end());
        wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
        if (wanted != currentTags) return true;
    }
    return false;
}

void recompute(store::Tx& s, const std::string& accountId, const std::string& fromA,
               const std::string& fromB, domain::Date today) {
    auto a = domain::Date::parseIso(fromA), b = domain::Date::parseIso(fromB);
    std::optional<domain::Date> from = a && b ? std::min(*a, *b) : (a ? a : b);
    jobs::materializeBalances(s, accountId, today, from);
}

} // namespace

Error transactionNotFound() {
    return Error{ErrorKind::NotFound, "not_found", "Transaction not found", std::nullopt};
}

namespace {

// `edit(s, id, current)` in one write transaction on the family's transaction `rawId`; not found
// when the id names none.
template <class Result, class Edit>
Result onTransaction(store::Database& db, const std::string& familyId, const std::string& rawId,
                     Edit edit) {
    Result result = transactionNotFound();
    auto id = domain::canonicalUuid(rawId);
    if (!id) return result;
    db.write([&](store::Tx& s) {
        if (auto current = store::TransactionReads::byId(s, familyId, *id))
            result = edit(s, *id, *current);
    });
    return result;
}

} // namespace

EditResult TransactionEditor::patch(const std::string& familyId, const std::string& rawId,
                                    const PatchFields& fields) {
    return onTransaction<EditResult>(
        _db, familyId, rawId,
        [&](store::Tx& s, const std::string& id,
            const store::TransactionView& current) -> EditResult {
            if (!fields)
                return invalid("param is missing or the value is empty or invalid: transaction",
                               std::nullopt);
            store::TransactionEdits edits(s);
            PatchContext ctx;
            ctx.currency = current.currency;
            ctx.date = current.date;
            ctx.amount = current.amount;
            ctx.excluded = current.excluded;
            ctx.split = edits.splitRole(id);
            ctx.today = domain::Date::today();
            ctx.categoryOfFamily = [&](const std::string& c) {
                return edits.categoryOfFamily(familyId, c);
            };
            ctx.merchantOfFamily = [&](const std::string& m) {
                return edits.merchantOfFamily(familyId, m);
            };
            ctx.tagsOfFamily = [&](const std::vector<std::string>& t) {
                return edits.tagsOfFamily(familyId, t);
            };
            PatchPlan plan = planPatch(*fields, ctx);
            if (!plan.errors.empty())
                return invalid("Transaction could not be updated", plan.errors);
            const int64_t now = store::nowMicros();
            if (changesSomething(plan.changes, current, edits.tagIds(id)))
                edits.apply(id, plan.changes, now);
            // docs/decisions.md D86: every lockable attribute the request writes is pinned.
            store::TransactionLocks::lock(s, id, plan.locks, now);
            // docs/rules.md §7: a written attribute's value is the user's now, not a rule's.
            for (const auto& attribute : plan.locks)
                store::deleteEffect(s, id, attribute);
            const bool moved = (plan.changes.amount && *plan.changes.amount != current.amount) ||
                               (plan.changes.date && *plan.changes.date != current.date);
            if (moved)
                recompute(s, current.account.id, current.date,
                          plan.changes.date.value_or(current.date), ctx.today);
            return *store::TransactionReads::byId(s, familyId, id);
        });
}

DeleteResult TransactionEditor::remove(const std::string& familyId, const std::string& rawId) {
    return onTransaction<DeleteResult>(
        _db, familyId, rawId,
        [&](store::Tx& s, const std::string& id,
            const store::TransactionView& current) -> DeleteResult {
            store::TransactionEdits edits(s);
            if (edits.splitRole(id).child) {
                const std::string m =
                    "A split child cannot be deleted on its own; delete its split parent";
                return invalid(m, std::vector<std::string>{m});
            }
            store::deleteEffectsOfEntry(s, id); // docs/rules.md §8
            edits.deleteWithChildren(id);
            recompute(s, current.account.id, current.date, current.date, domain::Date::today());
            return std::nullopt;
        });
}

} // namespace finimport::app::ledger
