#pragma once
// The read API (docs/read-api.md): accounts, transactions, categories, merchants and tags, and
// the corrections of a transaction. Lists are served from `cache` while their data is unchanged.

#include "app/ledger/TransactionEditor.h"
#include "http/Request.h"
#include "http/handlers/ListCache.h"

namespace finimport::http {

Response listAccounts(ListCache& cache, const Request& req);
Response showAccount(store::Database& db, const Request& req);
Response listCategories(ListCache& cache, const Request& req);
Response showCategory(store::Database& db, const Request& req);
Response listMerchants(ListCache& cache, const Request& req);
Response showMerchant(store::Database& db, const Request& req);
Response listTags(ListCache& cache, const Request& req);
Response showTag(store::Database& db, const Request& req);

Response listTransactions(ListCache& cache, const Request& req);
Response showTransaction(store::Database& db, const Request& req);
Response patchTransaction(app::ledger::TransactionEditor& editor, const Request& req);
Response deleteTransaction(app::ledger::TransactionEditor& editor, const Request& req);

} // namespace finimport::http
