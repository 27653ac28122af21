#pragma once
// Shared by the API contract suites: seeding records through the store (for features whose
// producers belong to other issues) and exact assertions on error bodies.

#include "AppHarness.h"
#include "app/rows/RowCodec.h"
#include "store/AccountStore.h"
#include "store/EntryStore.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"
#include "store/SecurityStore.h"
#include "store/Sql.h"
#include "store/TaxonomyStore.h"

#include <Poco/JSON/Parser.h>

#include <cppunit/extensions/HelperMacros.h>

#include <optional>
#include <string>
#include <vector>

namespace finimport::test {

inline std::string familyIdOf(AppHarness& app, const std::string& family) {
    std::string id;
    app.server().database().read(
        [&](finimport::store::Tx& s) { id = store::FamilyStore(s).familyByName(family)->id; });
    return id;
}

inline store::AccountRow seedAccount(AppHarness& app, const std::string& family,
                                     const std::string& name,
                                     const std::string& type = "depository",
                                     const std::string& currency = "USD",
                                     const std::string& status = "active") {
    store::AccountRow a;
    a.familyId = familyIdOf(app, family);
    a.name = name;
    a.accountType = type;
    a.currency = currency;
    a.status = status;
    app.server().database().write(
        [&](finimport::store::Tx& s) { store::AccountStore(s).insert(a); });
    return a;
}

inline store::MerchantRow seedMerchant(AppHarness& app, const std::string& family,
                                       const std::string& name) {
    store::MerchantRow m;
    m.familyId = familyIdOf(app, family);
    m.name = name;
    app.server().database().write(
        [&](finimport::store::Tx& s) { store::TaxonomyStore(s).insertMerchant(m); });
    return m;
}

struct SeededTrade {
    std::string tradeId, entryId;
};

// A trade on `accountId`: qty/price/amount as scaled 10^8 integers; createdAt in epoch µs.
inline SeededTrade seedTrade(AppHarness& app, const std::string& accountId, const std::string& date,
                             int64_t qty, int64_t price, int64_t amount, const std::string& ticker,
                             const std::string& name, int64_t createdAt,
                             const std::optional<std::string>& categoryId = std::nullopt,
                             const std::string& currency = "USD") {
    SeededTrade out;
    app.server().database().write([&](finimport::store::Tx& s) {
        store::EntryRow e;
        e.accountId = accountId;
        e.date = date;
        e.amount = amount;
        e.currency = currency;
        e.name = name;
        e.createdAt = e.updatedAt = createdAt;
        store::TradeDetail d;
        if (!ticker.empty())
            d.securityId = store::SecurityStore(s).findOrCreate(
                store::sqlQueryOne(s, "SELECT family_id FROM accounts WHERE id = ?", {accountId})
                    ->str(0),
                ticker, "", std::string("Name of ") + ticker);
        d.qty = qty;
        d.price = price;
        d.currency = currency;
        d.activityLabel = qty >= 0 ? "Buy" : "Sell";
        d.categoryId = categoryId;
        store::EntryStore(s).insertTrade(e, d);
        out.tradeId = d.id;
        out.entryId = e.id;
    });
    return out;
}

inline int64_t countRows(AppHarness& app, const std::string& table) {
    int64_t n = 0;
    app.server().database().read(
        [&](finimport::store::Tx& s) { n = store::sqlCount(s, "SELECT COUNT(*) FROM " + table); });
    return n;
}

// How many import rows are stored (store/RowChunk.h), of every import.
inline int64_t storedRowCount(AppHarness& app) {
    int64_t n = 0;
    app.server().database().read([&](finimport::store::Tx& s) {
        n = store::sqlCount(
            s, "SELECT CAST(COALESCE(SUM(row_count), 0) AS BIGINT) FROM import_row_chunks");
    });
    return n;
}

// The stored fields of an import's rows in row order, as JSON text (app::rowFieldsToJson of
// what the store holds).
inline std::vector<std::string> storedRowFields(AppHarness& app, const std::string& importId) {
    std::vector<std::string> out;
    app.server().database().read([&](finimport::store::Tx& s) {
        store::ImportStore(s).forEachRowView(importId, [&](const store::ImportRowView& row) {
            out.push_back(app::rows::fieldsToJson(app::rows::decodeFields(row.fields)));
        });
    });
    return out;
}

// Asserts status, `error`, `message` and (when given) the exact `errors` list; when `errors`
// is nullopt the body must not carry `errors`. Returns the parsed body.
inline Poco::JSON::Object::Ptr assertError(const HttpResult& r, int status,
                                           const std::string& error, const std::string& message,
                                           const std::optional<std::vector<std::string>>& errors,
                                           CppUnit::SourceLine line) {
    std::string context = "body: " + r.body;
    CppUnit::Asserter::failIf(
        r.status != status,
        CppUnit::Message("status " + std::to_string(r.status) + " != " + std::to_string(status),
                         context),
        line);
    auto body = jsonObject(r);
    CppUnit::Asserter::failIf(body->optValue<std::string>("error", "") != error,
                              CppUnit::Message("error code", context), line);
    CppUnit::Asserter::failIf(body->optValue<std::string>("message", "") != message,
                              CppUnit::Message("message", context), line);
    if (!errors) {
        CppUnit::Asserter::failIf(body->has("errors"),
                                  CppUnit::Message("unexpected errors", context), line);
    } else {
        auto arr = body->getArray("errors");
        bool same = arr && arr->size() == errors->size();
        for (size_t i = 0; same && i < errors->size(); ++i)
            same = arr->getElement<std::string>(i) == (*errors)[i];
        CppUnit::Asserter::failIf(!same, CppUnit::Message("errors list", context), line);
    }
    return body;
}

#define ASSERT_API_ERROR(result, status, error, message, errors)                                   \
    ::finimport::test::assertError((result), (status), (error), (message), (errors),               \
                                   CPPUNIT_SOURCELINE())

using Errors = std::optional<std::vector<std::string>>;
inline const Errors kNoErrors = std::nullopt;

} // namespace finimport::test
