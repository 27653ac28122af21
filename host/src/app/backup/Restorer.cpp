#include "app/backup/Restorer.h"

#include "store/ImportClaims.h"

#include "app/backup/NdjsonLines.h"
#include "app/backup/RecordCounts.h"
#include "app/backup/RecordWriter.h"
#include "app/backup/RestoreChecks.h"
#include "app/backup/StoredRecords.h"
#include "app/publish/RevertJob.h"
#include "app/rules/RuleRemoval.h"
#include "jobs/BalanceMaterializer.h"
#include "store/AccountStore.h"
#include "store/EntryStore.h"
#include "store/FamilyRecordCounts.h"
#include "store/ImportStore.h"
#include "store/RevertDeletes.h"
#include "store/RuleRunStore.h"
#include "store/TaxonomyStore.h"

#include <stdexcept>

namespace finimport::app::backup {

namespace {

// What revert deletes of a backup import, inside runRevertJob's transaction: links first, then
// what hangs off accounts, then accounts, then family records (docs/decisions.md D20: taxonomy
// that records from outside the import use stays).
void undoBackupImport(store::Tx& s, store::ImportStore& imports, store::ImportRecord& import) {
    auto created = imports.records(import.id, "created");
    auto each = [&](const std::string& type, const std::function<void(const std::string&)>& fn) {
        for (const auto& [t, id] : created)
            if (t == type) fn(id);
    };
    auto drop = [&](const std::string& type, store::Deletable kind) {
        each(type, [&](const std::string& id) { store::deleteRecord(s, kind, id); });
    };
    // docs/rules.md §10 (R13): the restored rules' still-current writes are undone first (on
    // the family's other transactions too, after a re-run), then the rules and their runs go;
    // other rules' effects on the restored transactions go with those transactions (§8).
    std::map<std::string, std::string> touched; // account -> earliest ISO date
    each("Rule", [&](const std::string& id) {
        for (const auto& [accountId, date] : rules::removeRule(s, id, true)) {
            auto [it, fresh] = touched.try_emplace(accountId, date);
            if (!fresh && date < it->second) it->second = date;
        }
    });
    store::deleteEffectsOnImportEntries(s, import.id);
    drop("Transfer", store::Deletable::Transfer);
    drop("RejectedTransfer", store::Deletable::RejectedTransfer);
    store::EntryStore entries(s);
    entries.deleteRecordedBy(import.id);
    drop("Holding", store::Deletable::Holding);
    drop("Balance", store::Deletable::Balance);
    drop("BudgetCategory", store::Deletable::BudgetCategory);
    drop("Budget", store::Deletable::Budget);
    drop("RecurringTransaction", store::Deletable::Recurring);
    store::AccountStore accounts(s);
    each("Account", [&](const std::string& id) {
        accounts.deleteCascade(id);
        touched.erase(id);
    });
    // A dissolved transfer deleted a counterpart leg on an account that stays.
    for (const auto& [accountId, date] : touched)
        jobs::materializeBalances(s, accountId, domain::Date::today(),
                                  domain::Date::parseIso(date));
    store::TaxonomyStore taxonomy(s);
    taxonomy.deleteCategories(unusedCreated(created, "Category", [&](const auto& ids) {
        auto kept = taxonomy.categoriesInUse(ids, import.id);
        kept.merge(taxonomy.categoriesBudgeted(ids));
        return kept;
    }));
    taxonomy.deleteTags(unusedCreated(
        created, "Tag", [&](const auto& ids) { return taxonomy.tagsInUse(ids, import.id); }));
    taxonomy.deleteMerchants(unusedCreated(created, "Merchant", [&](const auto& ids) {
        return taxonomy.merchantsInUse(ids, import.id);
    }));
    import.readback = revertedReadbackJson();
}

} // namespace

void Restorer::publish(const std::string& importId, const std::function<void()>& afterRecordsHook) {
    std::optional<Readback> readback; // set once the before-snapshot was taken
    try {
        _db.write([&](store::Tx& s) {
            if (!store::claimImport(s, importId, "importing")) return; // store/ImportClaims.h
            store::ImportStore imports(s);
            auto import = imports.byIdAnyFamily(importId, true);
            if (!import || import->status != "importing") return; // redelivered job
            store::lockPublishTargets(s, import->familyId);
            auto family = store::FamilyStore(s).familyById(import->familyId);
            const std::string content = import->content.value_or("");
            int64_t cap = rowCapOf(_types.traitsOf(import->type), _config);
            // Expected counts again at the start of publish (docs/imports.md §6.12).
            NdjsonLineReport lines = analyzeNdjson(content);
            if (lines.typedLines > cap)
                throw std::runtime_error("Import has " + std::to_string(lines.typedLines) +
                                         " rows, more than the publish limit of " +
                                         std::to_string(cap));
            auto preflight = checkRestore(s, import->familyId, content, import->id, cap);
            if (!preflight.valid()) throw std::runtime_error(preflight.errorText());
            if (lines.importableLines == 0)
                throw std::runtime_error("Import was uploaded but has no publishable records.");
            RecordCounts expected = zeroCounts();
            for (const auto& [key, count] : lines.expected)
                expected[key] = count;
            readback = Readback{expected,
                                store::familyRecordCounts(s, import->familyId),
                                {},
                                zeroCounts(),
                                std::nullopt};

            auto records = readServiceRecords(_plugins, import->type, content);
            imports.clearRecords(importId);
            RecordWriter importer(s, *import, *family, domain::Date::today());
            importer.run(records);
            if (afterRecordsHook) afterRecordsHook();
            // The snapshot is taken before balances are recomputed (docs/imports.md §8).
            readback->after = store::familyRecordCounts(s, import->familyId);
            readback->implicit = importer.implicitCounts();
            for (const auto& accountId : importer.createdAccounts())
                jobs::materializeBalances(s, accountId,
                                          domain::Date::today()); // docs/decisions.md D21

            import->rowsCount = lines.typedLines;
            import->expectedRecordCounts = countsJson(expected);
            import->readback = readbackJson(*readback);
            import->status = "complete";
            import->error.reset();
            imports.update(*import);
        });
    } catch (const std::exception& e) {
        // Rolled back: nothing of the import remains; the readback says so (all deltas 0).
        std::string message = e.what();
        _db.write([&](store::Tx& s) {
            if (!store::claimImport(s, importId, "importing")) return; // never over a `complete`
            store::ImportStore imports(s);
            auto import = imports.byIdAnyFamily(importId);
            if (!import) return;
            import->status = "failed";
            import->error = message;
            if (readback) {
                readback->after = readback->before;
                readback->implicit = zeroCounts();
                readback->error = message;
                import->readback = readbackJson(*readback);
            } else {
                import->readback = "{}"; // failed before importing (docs/imports.md §6.12)
            }
            imports.update(*import);
        });
    }
}

void Restorer::revert(const std::string& importId) {
    runRevertJob(_db, importId, undoBackupImport);
}

} // namespace finimport::app::backup
