#pragma once
// Shared by the rules suites (tests/rules): a family with accounts, categories, tags and
// merchants; imports uploaded and published through the API; transactions and effects read back
// exactly.

#include "../http/ApiSupport.h"
#include "store/RuleRunStore.h"
#include "store/RuleStore.h"
#include "store/TransactionLocks.h"

#include <Poco/JSON/Array.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace finimport::test {

struct Txn {
    std::string id, name, kind;
    std::optional<std::string> categoryId, merchantId, label, notes;
    int64_t amount = 0;
    bool excluded = false;
    std::vector<std::string> tagIds; // sorted
};

class RulesFixture {
public:
    RulesFixture() : app(std::make_unique<AppHarness>()) {
        key = app->createKey("Family");
        familyId = familyIdOf(*app, "Family");
        account = seedAccount(*app, "Family", "Checking").id;
    }

    HttpResult send(const std::string& method, const std::string& uri,
                    const std::string& body = "") const {
        return httpSend(app->port(), method, uri, {{"X-Api-Key", key}}, body,
                        body.empty() ? "" : "application/json");
    }

    std::string category(const std::string& name) {
        store::CategoryRow c;
        c.familyId = familyId;
        c.name = name;
        app->server().database().write(
            [&](store::Tx& s) { store::TaxonomyStore(s).insertCategory(c); });
        return c.id;
    }
    std::string tag(const std::string& name) {
        store::TagRow t;
        t.familyId = familyId;
        t.name = name;
        app->server().database().write([&](store::Tx& s) { store::TaxonomyStore(s).insertTag(t); });
        return t.id;
    }
    std::string merchant(const std::string& name) { return seedMerchant(*app, "Family", name).id; }

    // POST /api/v1/rules with the `rule` object's members; returns the rule's id.
    std::string rule(const std::string& members) {
        auto r = send("POST", "/api/v1/rules",
                      R"({"rule":{"resource_type":"transaction",)" + members + "}}");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        return jsonObject(r)->getObject("data")->getValue<std::string>("id");
    }
    // A rule stored as an import would (no API checks), active.
    std::string storedRule(const std::string& name, const std::string& conditions,
                           const std::string& actions, bool active = true) {
        store::RuleRow r;
        r.familyId = familyId;
        r.name = name;
        r.resourceType = "transaction";
        r.active = active;
        r.conditions = conditions;
        r.actions = actions;
        std::string id;
        app->server().database().write([&](store::Tx& s) { id = store::insertRule(s, r); });
        return id;
    }

    // POST /api/v1/imports of `type` with `content` and further members (JSON text ending in a
    // comma, e.g. `"account_id":"…",`). With `publish` the job runs and the import must end
    // `complete`. Returns the import's id.
    std::string importOf(const std::string& type, const std::string& content,
                         const std::string& members = "", bool publish = true) {
        auto r = app->postJson("/api/v1/imports",
                               R"({"type":")" + type + R"(",)" + members +
                                   (publish ? R"("publish":"true",)" : "") +
                                   R"("raw_file_content":)" + jsonQuote(content) + "}",
                               key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        const std::string id = jsonObject(r)->getObject("data")->getValue<std::string>("id");
        if (publish) {
            app->waitForJobs();
            CPPUNIT_ASSERT_EQUAL_MESSAGE(importError(id), std::string("complete"),
                                         importStatus(id));
        }
        return id;
    }
    // A TransactionImport of `csv` (date,name,amount[,notes]) into `account` (or `into`), not
    // published.
    std::string upload(const std::string& csv, const std::string& into = "") {
        return importOf("TransactionImport", csv, accountMembers(into), false);
    }
    // The same, published; returns the import's id after its job ran (a publish that fails
    // is for the caller to check).
    std::string publish(const std::string& csv, const std::string& into = "") {
        auto r = app->postJson("/api/v1/imports",
                               R"({"type":"TransactionImport",)" + accountMembers(into) +
                                   R"("publish":"true","raw_file_content":)" + jsonQuote(csv) + "}",
                               key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        app->waitForJobs();
        return jsonObject(r)->getObject("data")->getValue<std::string>("id");
    }
    std::string accountMembers(const std::string& into = "") const {
        return R"("date_format":"%Y-%m-%d","account_id":")" + (into.empty() ? account : into) +
               R"(",)";
    }
    // POST /api/v1/imports/{id}/revert and wait for the job (a reverted import is `pending`
    // again).
    void revert(const std::string& importId) {
        auto r = send("POST", "/api/v1/imports/" + importId + "/revert");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        app->waitForJobs();
        CPPUNIT_ASSERT_EQUAL_MESSAGE(importError(importId), std::string("pending"),
                                     importStatus(importId));
    }
    std::string importStatus(const std::string& id) {
        auto r = app->get("/api/v1/imports/" + id, key);
        return jsonObject(r)->getObject("data")->getValue<std::string>("status");
    }
    std::string importError(const std::string& id) {
        auto r = app->get("/api/v1/imports/" + id, key);
        return jsonObject(r)->getObject("data")->optValue<std::string>("error", "");
    }

    // The family's transactions with that exact name (oldest first).
    std::vector<Txn> named(const std::string& name) {
        std::vector<Txn> out;
        app->server().database().read([&](store::Tx& s) {
            for (const auto& r : store::sqlQuery(
                     s,
                     "SELECT e.id, e.name, e.category_id, e.merchant_id, "
                     "e.investment_activity_label, e.notes, e.amount, e.excluded, e.kind FROM "
                     "entries e JOIN accounts a ON a.id = e.account_id WHERE a.family_id = ? "
                     "AND e.entryable_type = 'Transaction' AND e.name = ? ORDER BY e.date, "
                     "e.created_at, e.id",
                     {familyId, name})) {
                Txn t;
                t.id = r.str(0);
                t.name = r.str(1);
                t.categoryId = r.optStr(2);
                t.merchantId = r.optStr(3);
                t.label = r.optStr(4);
                t.notes = r.optStr(5);
                t.amount = r.i64(6);
                t.excluded = r.i64(7) != 0;
                t.kind = r.optStr(8).value_or("");
                for (const auto& tg : store::sqlQuery(
                         s,
                         "SELECT tag_id FROM transaction_tags WHERE entry_id = ? ORDER BY tag_id",
                         {t.id}))
                    t.tagIds.push_back(tg.str(0));
                out.push_back(std::move(t));
            }
        });
        return out;
    }
    Txn one(const std::string& name) {
        auto all = named(name);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(name, size_t(1), all.size());
        return all.front();
    }

    // GET /api/v1/rule_effects with a query; returns `data`.
    Poco::JSON::Array::Ptr effects(const std::string& query) {
        auto r = send("GET", "/api/v1/rule_effects?" + query);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getArray("data");
    }
    Poco::JSON::Array::Ptr runs(const std::string& query = "") {
        auto r = send("GET", "/api/v1/rule_runs?per_page=100&" + query);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getArray("data");
    }
    // POST /api/v1/rule_runs and wait for the pass.
    Poco::JSON::Array::Ptr rerun(const std::string& body = "{}") {
        auto r = send("POST", "/api/v1/rule_runs", body);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        app->waitForJobs();
        return jsonObject(r)->getArray("data");
    }

    std::unique_ptr<AppHarness> app;
    std::string key, familyId, account;
};

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

inline std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& x : v)
        out += (out.empty() ? "" : ",") + x;
    return out;
}

// An effect's string member (or "null").
inline std::string field(const Poco::JSON::Object::Ptr& o, const std::string& name) {
    if (o->isNull(name)) return "null";
    return o->get(name).convert<std::string>();
}

} // namespace finimport::test
