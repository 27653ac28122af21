#include "app/rules/DryRun.h"

#include "app/rules/RuleValidation.h"
#include "app/rules/StoredPass.h"
#include "domain/Json.h"
#include "store/RuleTargets.h"

#include <algorithm>
#include <tuple>

namespace finimport::app::rules {

namespace {

bool before(const DryChange& a, const DryChange& b) {
    return std::tie(a.date, a.transactionId, a.rowNumber, a.attribute, a.to) <
           std::tie(b.date, b.transactionId, b.rowNumber, b.attribute, b.to);
}

Error invalid(const std::string& message, std::optional<std::vector<std::string>> errors) {
    return {ErrorKind::Invalid, "validation_failed", message, std::move(errors)};
}

} // namespace

void ChangeList::add(DryChange change) {
    ++_total;
    if (_limit == 0) return;
    if (_kept.size() == _limit) {
        if (!before(change, _kept.front())) return;
        std::pop_heap(_kept.begin(), _kept.end(), before);
        _kept.pop_back();
    }
    _kept.push_back(std::move(change));
    std::push_heap(_kept.begin(), _kept.end(), before);
}

std::vector<DryChange> ChangeList::take() {
    std::sort_heap(_kept.begin(), _kept.end(), before);
    return std::move(_kept);
}

void nameChange(DryChange& c, const FamilyRefs& refs) {
    const std::unordered_map<std::string, std::string>* table = nullptr;
    if (c.attribute == "category_id") table = &refs.categories;
    if (c.attribute == "merchant_id") table = &refs.merchants;
    if (c.attribute == "tag_ids") table = &refs.tags;
    auto lookup = [&](const std::optional<std::string>& id) -> std::optional<std::string> {
        if (!id || !table) return std::nullopt;
        auto it = table->find(*id);
        if (it == table->end()) return std::nullopt;
        return it->second;
    };
    if (!c.fromName) c.fromName = lookup(c.from);
    c.toName = lookup(c.to);
}

std::variant<DryRunResult, Error> dryRun(store::Database& db, const std::string& familyId,
                                         const DryRunRequest& request) {
    std::variant<DryRunResult, Error> out = DryRunResult{};
    db.read([&](store::Tx& s) {
        std::vector<store::StoredRule> sources;
        if (request.ruleJson) {
            auto parsed = json::parse(*request.ruleJson, 256);
            const json::Value object = parsed.value && parsed.value->isObject()
                                           ? std::move(*parsed.value)
                                           : json::Value::makeObject();
            RuleSet refs(s, familyId, {});
            RuleBody body;
            auto errors = validateRule(object, nullptr, refs.refs(), body);
            if (!errors.empty()) {
                out = invalid("Rule could not be saved", errors);
                return;
            }
            store::StoredRule r;
            r.name = body.name;
            r.effectiveDate = body.effectiveDate;
            r.conditions = body.conditions;
            r.actions = body.actions;
            sources.push_back(std::move(r));
        } else if (request.ruleIds) {
            for (auto& r : store::rulesOfFamily(s, familyId))
                if (std::find(request.ruleIds->begin(), request.ruleIds->end(), r.id) !=
                    request.ruleIds->end())
                    sources.push_back(std::move(r));
            std::vector<std::string> known;
            for (const auto& r : sources)
                known.push_back(r.id);
            for (const auto& id : *request.ruleIds)
                if (std::find(known.begin(), known.end(), id) == known.end()) {
                    const std::string m = "rule_ids must contain ids of your rules";
                    out = invalid(m, std::vector<std::string>{m});
                    return;
                }
        } else {
            sources = store::rulesOfFamily(s, familyId, true);
        }
        DryRunResult result;
        RuleSet set(s, familyId, std::move(sources));
        set.loadHistory(s);
        set.history().finish(set.refs());
        RulePass pass(set.rules(), set.refs(), &set.history(), request.ignoreLocks,
                      set.nameSlots());
        ChangeList changes(request.limit);
        store::TargetQuery query;
        query.startDate = request.startDate;
        query.endDate = request.endDate;
        query.accountIds = scopeAccounts(set);
        std::vector<std::string> names;
        store::forEachTargetChunk(s, query, 1000, [&](std::vector<store::RuleTarget>& chunk) {
            names.clear();
            for (auto& t : chunk)
                names.push_back(t.name);
            for (size_t i = 0; i < chunk.size(); ++i) {
                if (!set.refs().inScope(chunk[i].accountId)) continue;
                if (pass.apply(chunk[i], i)) ++result.changed;
                if (pass.lastMatched()) ++result.matched;
            }
            for (auto& e : pass.effects()) {
                DryChange c;
                c.transactionId = chunk[e.txn].id;
                c.date = chunk[e.txn].date;
                c.name = names[e.txn];
                c.attribute = e.attribute;
                c.from = e.previous;
                c.to = e.value;
                const auto& src = set.sources()[e.rule];
                if (!src.id.empty()) c.ruleId = src.id;
                c.ruleName = src.name.value_or("");
                nameChange(c, set.refs());
                changes.add(std::move(c));
            }
            pass.effects().clear();
            pass.transfers().clear();
        });
        for (size_t i = 0; i < set.sources().size(); ++i) {
            DryRunRule r;
            if (!set.sources()[i].id.empty()) r.id = set.sources()[i].id;
            r.name = set.sources()[i].name;
            r.matched = pass.counts()[i].matched;
            r.changed = pass.counts()[i].modified;
            result.rules.push_back(std::move(r));
        }
        result.totalChanges = changes.total();
        result.changes = changes.take();
        result.truncated = result.totalChanges > int64_t(result.changes.size());
        out = std::move(result);
    });
    return out;
}

} // namespace finimport::app::rules
