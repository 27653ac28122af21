// GET /api/v1/transactions and /transactions/{id} (docs/read-api.md §3.2, §3.3).
#include "app/ledger/TransactionPatch.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/LedgerHandlers.h"
#include "http/handlers/LedgerJson.h"
#include "http/handlers/LedgerParams.h"

#include <Poco/String.h>

namespace finimport::http {

namespace {

constexpr size_t kMaxSearchCharacters = 256;

size_t utf8Characters(const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

Refusal readAmountParam(const Request& req, const std::string& name, std::optional<int64_t>& out) {
    auto value = req.query.get(name);
    if (blankParam(value)) return std::nullopt;
    out = app::ledger::parsePlainAmount(*value);
    if (!out) return validationFailed(name + " must be a number");
    return std::nullopt;
}

// The filters in docs/read-api.md §3.2's order; the first refusal answers.
Refusal readFilter(const Request& req, store::TransactionFilter& f) {
    ListParams params(req);
    params.ids("account", f.accountId, f.accountIds)
        .ids("category", f.categoryId, f.categoryIds)
        .ids("merchant", f.merchantId, f.merchantIds)
        .uuids("tag_ids", f.tagIds)
        .uuid("import_id", f.importId)
        .dates(f.startDate, f.endDate);
    for (auto [name, out] :
         {std::pair{"min_amount", &f.minAmount}, std::pair{"max_amount", &f.maxAmount}})
        params.then([&req, name = name, out = out] { return readAmountParam(req, name, *out); });
    if (params.refusal()) return params.refusal();
    if (auto type = req.query.get("type"); !blankParam(type)) {
        const std::string t = Poco::toLower(Poco::trim(*type));
        if (t != "income" && t != "expense")
            return validationFailed("type must be income or expense");
        f.type = t;
    }
    if (auto search = req.query.get("search"); !blankParam(search)) {
        if (utf8Characters(*search) > kMaxSearchCharacters)
            return validationFailed("search is too long (maximum is 256 characters)");
        f.search = *search;
    }
    return std::nullopt;
}

std::string cacheKey(const store::TransactionFilter& f, const std::optional<std::string>& page,
                     const std::optional<std::string>& perPage) {
    std::string key = "transactions";
    auto list = [&](const std::optional<std::vector<std::string>>& ids) {
        std::string joined = ids ? "" : "\x1e";
        if (ids)
            for (const auto& id : *ids)
                joined += id + ",";
        appendKeyPart(key, joined);
    };
    auto number = [&](const std::optional<int64_t>& v) {
        appendKeyPart(key, v ? std::optional<std::string>(std::to_string(*v)) : std::nullopt);
    };
    for (const auto* part : {&f.accountId, &f.categoryId, &f.merchantId, &f.importId, &f.startDate,
                             &f.endDate, &f.type, &f.search, &page, &perPage})
        appendKeyPart(key, *part);
    for (const auto* ids : {&f.accountIds, &f.categoryIds, &f.merchantIds, &f.tagIds})
        list(*ids);
    number(f.minAmount);
    number(f.maxAmount);
    appendKeyPart(key, f.familyId);
    return key;
}

} // namespace

Response listTransactions(ListCache& cache, const Request& req) {
    auto filter = familyFilter<store::TransactionFilter>(req);
    if (auto refusal = readFilter(req, filter)) return *refusal;
    auto page = req.query.get("page"), perPage = req.query.get("per_page");
    return respondPage(cache, req, cacheKey(filter, page, perPage), "transactions", filter,
                       store::TransactionReads::list, writeTransaction);
}

Response showTransaction(store::Database& db, const Request& req) {
    const std::string& id = req.pathParam("id");
    std::optional<store::TransactionView> t;
    if (isUuid(id))
        db.read([&](store::Tx& s) {
            t = store::TransactionReads::byId(s, req.principal.familyId, normalizeUuid(id));
        });
    if (!t) return jsonError(404, "not_found", "Transaction not found");
    JsonWriter w;
    writeTransaction(w, *t);
    return jsonResponse(200, w.take());
}

} // namespace finimport::http
