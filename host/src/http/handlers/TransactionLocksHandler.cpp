// DELETE /api/v1/transactions/{id}/locks (docs/rules.md §7, §11.3): clears a transaction's
// locks (all, or `attributes[]`); values and effects stay. Answers the transaction object.
#include "domain/Uuid.h"
#include "http/Errors.h"
#include "http/JsonWriter.h"
#include "http/handlers/LedgerJson.h"
#include "http/handlers/RulesHandler.h"
#include "store/TransactionLocks.h"
#include "store/TransactionReads.h"

#include <set>

namespace finimport::http {

Response clearTransactionLocks(store::Database& db, const Request& req) {
    static const std::set<std::string> kKeys = {"name",
                                                "notes",
                                                "category_id",
                                                "merchant_id",
                                                "tag_ids",
                                                "excluded",
                                                "investment_activity_label"};
    auto id = domain::canonicalUuid(req.pathParam("id"));
    const auto notFound = [] { return jsonError(404, "not_found", "Transaction not found"); };
    if (!id) return notFound();
    std::vector<std::string> keys = req.query.all("attributes[]");
    for (const auto& k : req.query.all("attributes"))
        keys.push_back(k);
    std::optional<std::string> body;
    std::optional<std::string> unknown;
    db.write([&](store::Tx& s) {
        if (!store::TransactionReads::byId(s, req.principal.familyId, *id)) return;
        for (const auto& k : keys)
            if (!kKeys.count(k)) {
                unknown = k;
                return;
            }
        store::TransactionLocks::unlock(s, *id, keys);
        JsonWriter w;
        writeTransaction(w, *store::TransactionReads::byId(s, req.principal.familyId, *id));
        body = w.take();
    });
    if (unknown) return validationFailed("Unknown attribute: " + *unknown);
    if (!body) return notFound();
    return jsonResponse(200, std::move(*body));
}

} // namespace finimport::http
