#include "app/publish/Publisher.h"

#include "app/imports/ImportEvaluation.h"
#include "app/imports/ImportProgress.h"
#include "app/imports/ImportSummary.h"
#include "app/imports/RowValidation.h"
#include "app/publish/MappingResolver.h"
#include "app/publish/PublishRows.h"
#include "app/publish/RevertJob.h"
#include "app/publish/TypePublishers.h"
#include "app/rules/PublishPass.h"
#include "app/rules/ReplacedBodies.h"
#include "app/rules/RuleRemoval.h"
#include "domain/Json.h"
#include "domain/NoCopy.h"
#include "jobs/BalanceDelta.h"
#include "jobs/BalanceMaterializer.h"
#include "store/AccountStore.h"
#include "store/EntryLookups.h"
#include "store/EntryStore.h"
#include "store/ImportClaims.h"
#include "store/ImportStore.h"
#include "store/RevertDeletes.h"
#include "store/RowInserter.h"
#include "store/RuleRunStore.h"
#include "store/SqliteCache.h"
#include "store/TaxonomyStore.h"
#include "store/WalCheckpointer.h"

#include <exception>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace finimport::app {

namespace {

// Matched records (one per duplicate row) written once this many wait (a streamed publish).
constexpr std::size_t kPublishRecordsFlush = 8192;
constexpr int64_t kStreamedPublishCacheKb = 32768;
// With active rules each page of rows also writes its effects, more tags and merchants: about
// 30 % more pages in the same sweep of the (account, date) and (date) indexes, which a 32 MiB
// cache no longer holds (docs/decisions.md D246).
constexpr int64_t kRulesPublishCacheKb = 49152;

// The session's SQLite page cache limited while it lives (store/SqliteCache.h).
class SqliteCacheLimit : domain::NoCopy {
public:
    SqliteCacheLimit(store::Tx& s, int64_t kb) : _s(s), _saved(store::limitSqliteCache(s, kb)) {}
    ~SqliteCacheLimit() {
        if (!_saved) return;
        try {
            store::restoreSqliteCache(_s, *_saved);
        } catch (...) { // the session goes back to the pool either way
        }
    }

private:
    store::Tx& _s;
    std::optional<int64_t> _saved;
};

void writeSummaryCount(store::ImportRecord& import, const char* key, int64_t count) {
    ImportSummary summary = ImportSummary::of(import.summary);
    summary.setCount(key, count);
    import.summary = summary.text();
}

// docs/decisions.md D98: warnings found at publish join those of the upload (a republish after a
// failure does not repeat one).
void appendWarnings(store::ImportRecord& import, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    json::Value all = json::Value::makeArray();
    if (import.warnings && !import.warnings->empty()) // not a list: replaced
        if (auto parsed = json::parse(*import.warnings); parsed.value && parsed.value->isArray())
            all = std::move(*parsed.value);
    for (const std::string& line : lines) {
        bool seen = false;
        for (const json::Value& w : all.items())
            seen = seen || (w.isString() && w.text() == line);
        if (!seen) all.push(json::Value::makeString(line));
    }
    import.warnings = json::write(all);
}

// `deltas`: the import's transactions per day and account, when a delta may do (jobs/
// BalanceDelta.h, docs/decisions.md D80): published (+1) or reverted (-1, read before the
// delete). Else, or when the delta would not be exact, the account is rebuilt from its first
// changed day.
void materializeTouched(PublishContext& ctx,
                        const std::map<std::string, std::vector<store::DaySums>>& deltas = {},
                        int sign = 1) {
    for (const auto& accountId : ctx.touchedAccounts) {
        auto it = ctx.changedFrom.find(accountId);
        std::optional<domain::Date> from;
        if (it != ctx.changedFrom.end()) from = it->second;
        if (auto delta = deltas.find(accountId);
            from && delta != deltas.end() && !delta->second.empty() &&
            delta->second.front().date == from->iso() &&
            jobs::applyImportDelta(ctx.session, accountId, delta->second, sign))
            continue;
        jobs::materializeBalances(ctx.session, accountId, ctx.today, from);
    }
}

// The import's transactions per day on each account it touched, where they are plain.
std::map<std::string, std::vector<store::DaySums>> importDeltas(PublishContext& ctx) {
    std::map<std::string, std::vector<store::DaySums>> deltas;
    for (const auto& accountId : ctx.touchedAccounts)
        if (store::importIsPlainOn(ctx.session, ctx.import.id, accountId))
            deltas[accountId] = store::importDaySums(ctx.session, ctx.import.id, accountId);
    return deltas;
}

// What revert deletes of a ledger import, inside runRevertJob's transaction: entries first
// (their accounts are recomputed), then accounts, then taxonomy that nothing outside the import
// uses any more (docs/imports.md §12.3, docs/decisions.md D20).
void undoLedgerImport(store::Tx& s, store::ImportStore& imports, store::ImportRecord& import) {
    auto family = store::FamilyStore(s).familyById(import.familyId);
    PublishContext ctx{s, import, *family, domain::Date::today(), {}, {}, {}, 0};
    store::EntryStore entries(s);
    store::AccountStore accounts(s);
    store::TaxonomyStore taxonomy(s);
    // Entries by their import_id (PublishContext.h), in a few statements. A split child has its
    // parent's account, so the parents' accounts are all that is recomputed.
    for (const auto& [accountId, date] : entries.accountsCreatedBy(import.id))
        if (auto d = domain::Date::parseIso(date)) ctx.touch(accountId, *d);
    const auto deltas = importDeltas(ctx); // before the entries go
    // docs/rules.md §8: a transaction's effects go with it.
    store::deleteEffectsOnImportEntries(s, import.id);
    entries.deleteCreatedBy(import.id);
    auto created = imports.records(import.id, "created");
    for (const auto& [type, id] : created)
        if (type == "Account") {
            accounts.deleteCascade(id);
            ctx.touchedAccounts.erase(id);
            ctx.changedFrom.erase(id);
        }
    // Rules first: they may be the only users of categories/merchants they created.
    // R13 (docs/rules.md §10): the rules' still-current writes are undone, then the rules go.
    for (const auto& [type, id] : created)
        if (type == "Rule")
            for (const auto& [accountId, date] : rules::removeRule(s, id, true))
                if (auto d = domain::Date::parseIso(date)) ctx.touch(accountId, *d);
    rules::restoreReplacedBodies(s, import.id);
    taxonomy.deleteMerchants(unusedCreated(created, "Merchant", [&](const auto& ids) {
        return taxonomy.merchantsInUse(ids, import.id);
    }));
    taxonomy.deleteCategories(unusedCreated(created, "Category", [&](const auto& ids) {
        return taxonomy.categoriesInUse(ids, import.id);
    }));
    taxonomy.deleteTags(unusedCreated(
        created, "Tag", [&](const auto& ids) { return taxonomy.tagsInUse(ids, import.id); }));
    // From the earliest deleted day on (docs/decisions.md D80): the days before it keep their
    // balances.
    materializeTouched(ctx, deltas, -1);
}

// docs/rules.md §6 (R10): the pass is part of the publish; its failure fails the publish.
void applyRulePass(PublishContext& ctx, rules::PublishPass& pass) {
    if (ctx.keepRowEntries) pass.applyToStored();
    for (const auto& [accountId, date] : pass.finish())
        if (auto d = domain::Date::parseIso(date)) ctx.touch(accountId, *d);
}

} // namespace

std::optional<jobs::RecordedFailure> Publisher::publish(const std::string& importId) {
    try {
        // docs/decisions.md D247: the WAL checkpointed before the publish's transaction opens,
        // so that its frames start the WAL again instead of following the upload's and the last
        // publish's (whose sum crossed the checkpointer's hard bound: a checkpoint of the whole
        // WAL inside the publish's commit). SQLite only; waits for a checkpoint under way.
        if (store::WalCheckpointer* checkpointer = _db.checkpointer())
            checkpointer->checkpointNow();
        _db.write([&](store::Tx& s) {
            // A redelivered job or another instance must not publish twice (store/ImportClaims.h).
            if (!store::claimImport(s, importId, "importing")) return;
            store::ImportStore imports(s);
            auto import = imports.byIdAnyFamily(importId, true);
            if (!import) return;
            if (import->status != "importing") return;
            store::lockPublishTargets(s, import->familyId);
            auto family = store::FamilyStore(s).familyById(import->familyId);
            PublishContext ctx{s, *import, *family, domain::Date::today(), {}, {}, {}, 0};

            const ImportTypeTraits traits = _types.traitsOf(import->type);
            if (import->rowsCount > rowCapOf(traits, _config))
                throw std::runtime_error(rowCapMessage(traits, _config, import->rowsCount));
            // D43/D44: excluded rows are never published; with skip_invalid_rows the rows
            // invalid now are left out (and counted) instead of failing the publish.
            const bool skip = skipsInvalidRows(ImportOptions::fromJson(import->configuration));
            rules::PublishPass rulePass(s, import->familyId, import->id);
            // docs/imports.md §12 and docs/decisions.md D101: rows_done grows by the rows each
            // step published.
            std::map<std::string, int64_t, std::less<>> rowsOfKind;
            int64_t total = 0, done = 0;
            auto published = [&](std::string_view kind) {
                auto it = rowsOfKind.find(kind);
                if (it == rowsOfKind.end()) return;
                done += it->second;
                setImportProgress(importId, {"publishing", done, total});
            };
            std::optional<MappingResolver> resolver;
            std::optional<SqliteCacheLimit> cacheLimit;
            // docs/decisions.md D125: an import larger than one page is published a page of rows
            // at a time, unless it needs the whole file at once (QIF extras map rows to entries;
            // a learning rule's history holds the file as given).
            if (import->rowsCount >
                    publishPageChunks() * static_cast<int64_t>(store::RowInserter::kChunkRows) &&
                !storedRowsNeedSplitsOrTransfers(imports, importId) && rulePass.takesBatches()) {
                ctx.keepRowEntries = false;
                ctx.rulePass = &rulePass;
                imports.clearRecords(importId);
                resolver.emplace(ctx);
                total = import->rowsCount;
                setImportProgress(importId, {"publishing", 0, total});
                // The pages written are written once: a smaller SQLite cache spills them early
                // instead of holding up to the pool's 64 MB (docs/decisions.md D125). The limit
                // holds to the end of the publish, balances and commit included: restored before
                // them, the cache grew by 30 MB more (docs/decisions.md D237). With active rules
                // it is 48 MiB (docs/decisions.md D246).
                cacheLimit.emplace(s, rulePass.active() ? kRulesPublishCacheKb
                                                        : kStreamedPublishCacheKb);
                TransactionWriter transactions(ctx, *resolver);
                // Without skip_invalid_rows an invalid row fails the publish with the count of
                // them all (the transaction rolls back): a row error met first is held until
                // the count is known, as when every row was read before publishing.
                std::exception_ptr rowError;
                int64_t valid = 0;
                std::vector<PublishRow> batch;
                const int64_t invalid = streamPublishRows(
                    imports, importId, ctx.today, skip, [&](std::vector<PublishRow>& rows) {
                        valid += static_cast<int64_t>(rows.size());
                        batch.clear();
                        for (auto& row : rows) {
                            ++rowsOfKind[row.kind];
                            if (row.kind == "transaction")
                                batch.push_back(std::move(row));
                            else
                                ctx.rows.push_back(std::move(row)); // the later steps' rows
                        }
                        if (rowError) return;
                        try {
                            transactions.publish(batch);
                        } catch (const std::exception&) {
                            if (skip) throw;
                            rowError = std::current_exception();
                            return;
                        }
                        setImportProgress(importId,
                                          {"publishing", transactions.rowsPublished(), total});
                        // The matched records of a duplicate-heavy import would grow with it.
                        if (ctx.pendingRecords.size() >= kPublishRecordsFlush) ctx.flushRecords();
                    });
                if (skip) {
                    if (valid == 0) throw std::runtime_error("No valid rows to publish");
                    writeSummaryCount(*import, "skipped_rows_count", invalid);
                } else if (invalid > 0) {
                    throw std::runtime_error(std::to_string(invalid) + (invalid == 1
                                                                            ? " row is invalid"
                                                                            : " rows are invalid"));
                }
                if (rowError) std::rethrow_exception(rowError);
                total = valid;
            } else {
                auto loaded = loadPublishRows(imports, importId, ctx.today, skip);
                ctx.rows = std::move(loaded.rows);
                const int64_t invalid = loaded.invalid;
                if (skip) {
                    if (ctx.rows.empty()) throw std::runtime_error("No valid rows to publish");
                    writeSummaryCount(*import, "skipped_rows_count", invalid);
                } else if (invalid > 0)
                    throw std::runtime_error(std::to_string(invalid) + (invalid == 1
                                                                            ? " row is invalid"
                                                                            : " rows are invalid"));
                total = static_cast<int64_t>(ctx.rows.size());
                setImportProgress(importId, {"publishing", 0, total});
                ctx.keepRowEntries = needsSplitsOrTransfers(ctx.rows);
                imports.clearRecords(importId);
                resolver.emplace(ctx);
                for (const auto& row : ctx.rows)
                    ++rowsOfKind[row.kind];
                if (!ctx.keepRowEntries) ctx.rulePass = &rulePass;
                publishTransactions(ctx, *resolver);
            }
            MappingResolver& mappings = *resolver;
            published("transaction");
            publishTrades(ctx, mappings);
            published("trade");
            publishSplitsAndTransfers(ctx, mappings);
            publishStatementAnchors(ctx, mappings);
            publishAccounts(ctx, mappings);
            published("account");
            publishCategories(ctx);
            published("category");
            publishMerchants(ctx);
            published("merchant");
            publishRules(ctx);
            published("rule");
            applyRulePass(ctx, rulePass);
            ctx.flushRecords();
            if (afterRecordsHook) afterRecordsHook();
            setImportProgress(importId, {"balances", total, total});
            materializeTouched(ctx, importDeltas(ctx));
            appendWarnings(*import, statedBalanceWarnings(ctx, mappings));
            writeSummaryCount(*import, "duplicate_rows_count", ctx.duplicateRows);
            import->status = "complete";
            import->error.reset();
            imports.update(*import);
        });
    } catch (const std::exception& e) {
        // The transaction rolled back: no partial records.
        return recordJobFailure(_db, importId, "importing", "failed", e);
    }
    return std::nullopt;
}

std::optional<jobs::RecordedFailure> Publisher::revert(const std::string& importId) {
    return runRevertJob(_db, importId, undoLedgerImport);
}

} // namespace finimport::app
