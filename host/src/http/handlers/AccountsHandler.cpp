// GET /api/v1/accounts and /accounts/{id} (docs/read-api.md §2).
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/LedgerHandlers.h"
#include "http/handlers/LedgerJson.h"
#include "http/handlers/LedgerParams.h"

namespace finimport::http {

Response listAccounts(ListCache& cache, const Request& req) {
    auto filter = familyFilter<store::AccountListFilter>(req);
    if (auto refusal = readBoolParam(req, "include_disabled", filter.includeDisabled))
        return *refusal;
    const std::string key = listKey("accounts", req, {filter.includeDisabled ? "1" : "0"});
    return respondPage(cache, req, key, "accounts", filter, store::LedgerReads::accounts,
                       writeAccount);
}

Response showAccount(store::Database& db, const Request& req) {
    bool includeDisabled = false;
    if (auto refusal = readBoolParam(req, "include_disabled", includeDisabled)) return *refusal;
    const std::string& id = req.pathParam("id");
    std::optional<store::AccountView> account;
    if (isUuid(id))
        account = store::LedgerReads::account(db, req.principal.familyId, normalizeUuid(id),
                                              includeDisabled);
    if (!account) return jsonError(404, "not_found", "Account not found");
    JsonWriter w;
    writeAccount(w, *account);
    return jsonResponse(200, w.take());
}

} // namespace finimport::http
