// The plans of a search's pages kept per stamp of the data (docs/decisions.md D251).
#include "store/Database.h"
#include "store/TransactionSearch.h"

#include <mutex>
#include <unordered_map>

namespace finimport::store {

namespace {

// The plans by database and shape, each with the stamp it was read at: a page of a search no
// longer matches its text against the dictionary on every request (a fifth of a page's work at
// 10M). A plan of another stamp is never used; at most kMaxPlans, then started over.
class KnownPlans {
public:
    static constexpr size_t kMaxPlans = 256;

    std::shared_ptr<const SearchPlan> find(const std::string& key, const std::string& stamp) {
        std::lock_guard lock(_mutex);
        auto it = _plans.find(key);
        if (it == _plans.end() || it->second.first != stamp) return nullptr;
        return it->second.second;
    }
    void store(const std::string& key, const std::string& stamp,
               std::shared_ptr<const SearchPlan> plan) {
        std::lock_guard lock(_mutex);
        if (_plans.size() >= kMaxPlans && !_plans.contains(key)) _plans.clear();
        _plans[key] = {stamp, std::move(plan)};
    }

private:
    std::mutex _mutex;
    std::unordered_map<std::string, std::pair<std::string, std::shared_ptr<const SearchPlan>>>
        _plans;
};

KnownPlans& knownPlans() {
    static KnownPlans plans;
    return plans;
}

std::string planKey(Database& db, const std::string& shape) {
    return std::to_string(db.instance()) + "\x1f" + shape;
}

} // namespace

std::shared_ptr<const SearchPlan> knownPlan(Database& db, const std::string& shape,
                                            const std::string& stamp) {
    return knownPlans().find(planKey(db, shape), stamp);
}

void rememberPlan(Database& db, const std::string& shape, const std::string& stamp,
                  std::shared_ptr<const SearchPlan> plan) {
    knownPlans().store(planKey(db, shape), stamp, std::move(plan));
}

} // namespace finimport::store
