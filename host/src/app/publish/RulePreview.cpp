#include "app/publish/RulePreview.h"

#include "app/publish/MappingResolver.h"
#include "app/publish/PublishRows.h"
#include "app/publish/TypePublishers.h"
#include "app/rules/PublishPass.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"

#include <set>

namespace finimport::app {

namespace {

// Thrown to roll the preview's transaction back once the pass has seen the rows.
struct PreviewDone {};

} // namespace

std::variant<RulePreview, Error> previewImportRules(store::Database& db, const TypeCatalogue& types,
                                                    const std::string& familyId,
                                                    const std::string& importId, size_t limit) {
    std::variant<RulePreview, Error> out =
        Error{ErrorKind::NotFound, "not_found", "Import not found"};
    rules::ChangeList changes(limit);
    RulePreview preview;
    try {
        // The publish's own steps, up to the rule pass, in a transaction that is rolled back:
        // mappings resolve (and create) as publish would, duplicates are left out, and the
        // pass sees the rows before anything would be written.
        db.write([&](store::Tx& s) {
            store::ImportStore imports(s);
            auto import = imports.byId(familyId, importId);
            if (!import) return;
            auto traits = types.traitsOf(import->type);
            if (traits.backup() || !traits.details.hasRecordKind("transaction")) {
                out = Error{ErrorKind::Invalid, "not_previewable",
                            "This import type does not create transactions."};
                return;
            }
            if (import->status != "pending" && import->status != "failed") {
                out = Error{ErrorKind::Invalid, "not_previewable",
                            "Rules can be previewed only before the import is "
                            "published."};
                return;
            }
            auto family = store::FamilyStore(s).familyById(import->familyId);
            PublishContext ctx{s, *import, *family, domain::Date::today(), {}, {}, {}, 0};
            ctx.rows = loadPublishRows(imports, importId, ctx.today, true).rows;
            ctx.keepRowEntries = false;
            MappingResolver mappings(ctx);
            rules::PublishPass pass(s, import->familyId, import->id);
            pass.previewInto(changes);
            ctx.rulePass = &pass;
            publishTransactions(ctx, mappings);
            // A value the publish would create has no id yet: its name stands for it.
            std::set<std::string> created;
            for (const auto& record : ctx.pendingRecords)
                created.insert(record.id);
            preview.rowsEvaluated = pass.rowsEvaluated();
            preview.rowsChanged = pass.rowsChanged();
            preview.totalChanges = changes.total();
            preview.changes = changes.take();
            for (auto& c : preview.changes)
                if (c.from && created.count(*c.from)) c.from.reset();
            preview.truncated = preview.totalChanges > int64_t(preview.changes.size());
            out = preview;
            throw PreviewDone{};
        });
    } catch (const PreviewDone&) {
        // rolled back: the preview wrote nothing
    }
    return out;
}

} // namespace finimport::app
