#pragma once
// Shared by the read API suites (docs/read-api.md): records seeded through the store with fixed
// timestamps, and PATCH / PUT / DELETE requests.
#include "ApiSupport.h"

#include "HttpClient.h"
#include "KeyedAppFixture.h"

#include <cppunit/TestAssert.h>

#include <string>
#include <vector>

namespace finimport::test {

constexpr int64_t kUnit = 100000000;      // 10^8
constexpr int64_t kT0 = 1705314600000000; // 2024-01-15T10:30:00Z in µs

inline void setTimes(AppHarness& app, const std::string& table, const std::string& id,
                     int64_t createdAt, int64_t updatedAt) {
    app.server().database().write([&](store::Tx& s) {
        store::sqlExec(s, "UPDATE " + table + " SET created_at = ?, updated_at = ? WHERE id = ?",
                       {createdAt, updatedAt, id});
    });
}

// Publishes an AccountImport whose CSV rows (after the header `type,name,amount,currency,date`)
// are `rows`, and answers the family's account ids in the order GET /api/v1/accounts lists them.
inline std::vector<std::string> publishAccounts(AppHarness& app, const std::string& key,
                                                const std::string& rows) {
    auto created =
        app.postJson("/api/v1/imports",
                     R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
                     R"("raw_file_content":"type,name,amount,currency,date\n)" +
                         rows + R"("})",
                     key);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
    app.waitForJobs();
    std::vector<std::string> ids;
    auto accounts = jsonObject(app.get("/api/v1/accounts", key))->getArray("accounts");
    for (size_t i = 0; i < accounts->size(); ++i)
        ids.push_back(accounts->getObject(static_cast<unsigned>(i))->getValue<std::string>("id"));
    return ids;
}

// A fresh application per test with two published USD accounts: Checking (1,000.00) and
// Savings (50.00), both opened 2024-01-01.
class TwoAccountsFixture : public KeyedAppFixture {
public:
    void setUp() override {
        KeyedAppFixture::setUp();
        const auto ids = publishAccounts(*_app, _key,
                                         "Checking,Checking,1000.00,USD,2024-01-01\\n"
                                         "Savings,Savings,50.00,USD,2024-01-01\\n");
        _checking = ids.at(0);
        _savings = ids.at(1);
    }

protected:
    // Publishes `csv` (date, name, amount columns) into `accountId`; answers the import's id.
    std::string importRows(const std::string& accountId, const std::string& csv) {
        auto r = _app->postJson(
            "/api/v1/imports",
            R"({"type":"TransactionImport","publish":"true","account_id":")" + accountId +
                R"(","date_format":"%Y-%m-%d","raw_file_content":)" + jsonQuote(csv) + "}",
            _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        _app->waitForJobs();
        return jsonObject(r)->getObject("data")->getValue<std::string>("id");
    }

    std::string _checking, _savings;
};

inline store::CategoryRow seedCategory(AppHarness& app, const std::string& family,
                                       const std::string& name,
                                       const std::optional<std::string>& parentId = std::nullopt,
                                       const std::string& color = "#e99537",
                                       const std::string& icon = "utensils") {
    store::CategoryRow c;
    c.familyId = familyIdOf(app, family);
    c.name = name;
    c.parentId = parentId;
    c.color = color;
    c.icon = icon;
    app.server().database().write([&](store::Tx& s) { store::TaxonomyStore(s).insertCategory(c); });
    setTimes(app, "categories", c.id, kT0, kT0);
    return c;
}

inline store::TagRow seedTag(AppHarness& app, const std::string& family, const std::string& name,
                             const std::string& color = "#3b82f6") {
    store::TagRow t;
    t.familyId = familyIdOf(app, family);
    t.name = name;
    t.color = color;
    app.server().database().write([&](store::Tx& s) { store::TaxonomyStore(s).insertTag(t); });
    setTimes(app, "tags", t.id, kT0 + 123000, kT0 + 123000);
    return t;
}

struct TxSeed {
    std::string accountId, date, name;
    int64_t amount = 0; // scaled 10^8, ledger sign
    std::string currency = "USD";
    std::optional<std::string> notes, categoryId, merchantId, parentId, importId, externalId;
    std::vector<std::string> tagIds;
    int64_t createdAt = kT0;
    bool excluded = false;
    std::string kind = "standard";
};

// A Transaction entry; returns its id.
inline std::string seedTransaction(AppHarness& app, const TxSeed& seed) {
    store::EntryRow e;
    e.accountId = seed.accountId;
    e.date = seed.date;
    e.amount = seed.amount;
    e.currency = seed.currency;
    e.name = seed.name;
    e.notes = seed.notes;
    e.parentEntryId = seed.parentId;
    e.importId = seed.importId;
    e.externalId = seed.externalId;
    e.excluded = seed.excluded;
    e.createdAt = e.updatedAt = seed.createdAt;
    store::TransactionDetail d;
    d.categoryId = seed.categoryId;
    d.merchantId = seed.merchantId;
    d.kind = seed.kind;
    d.tagIds = seed.tagIds;
    app.server().database().write(
        [&](store::Tx& s) { store::EntryStore(s).insertTransaction(e, d); });
    return e.id;
}

inline HttpResult sendWithKey(AppHarness& app, const std::string& method, const std::string& uri,
                              const std::string& key, const std::string& body = "",
                              const std::string& contentType = "application/json") {
    return httpSend(app.port(), method, uri, {{"X-Api-Key", key}}, body,
                    body.empty() ? "" : contentType);
}

inline HttpResult patchJson(AppHarness& app, const std::string& id, const std::string& body,
                            const std::string& key, const std::string& method = "PATCH") {
    return sendWithKey(app, method, "/api/v1/transactions/" + id, key, body);
}

// A body's array member as a list of one string field of its objects, joined by `;`.
inline std::string joinField(const Poco::JSON::Array::Ptr& arr, const std::string& field) {
    std::string out;
    for (size_t i = 0; i < arr->size(); ++i)
        out += arr->getObject(i)->getValue<std::string>(field) + ";";
    return out;
}

inline Poco::JSON::Array::Ptr jsonArrayBody(const HttpResult& r) {
    Poco::JSON::Parser parser;
    return parser.parse(r.body).extract<Poco::JSON::Array::Ptr>();
}

} // namespace finimport::test
