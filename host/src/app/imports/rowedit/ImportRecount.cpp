#include "app/imports/rowedit/ImportRecount.h"

#include "app/imports/ImportContent.h"
#include "app/imports/ImportEvaluation.h"
#include "app/imports/ImportSummary.h"
#include "app/imports/Mappings.h"
#include "app/imports/RowStats.h"
#include "app/imports/TargetAccounts.h"
#include "app/rows/RowCodec.h"
#include "domain/Json.h"

#include <sstream>

namespace finimport::app {

void recountImport(store::Tx& s, store::ImportRecord& import, const ImportTypeTraits& traits) {
    const bool skip = skipsInvalidRows(ImportOptions::fromJson(import.configuration));
    store::ImportStore imports(s);
    RowStats stats;
    MappingKeys keys;
    DuplicateCounter duplicates(s, import, traits);
    TargetAccounts targets(s, import);
    int64_t duplicateRows = 0;
    // Validity as stored with each row (at upload or its last edit), as the upload counted.
    imports.forEachRowBatch(import.id, 1000, [&](std::vector<store::ImportRowRecord>& batch) {
        // The batch's duplicate candidates are read together (docs/decisions.md D80).
        std::vector<rows::Fields> published;
        published.reserve(batch.size());
        for (const auto& row : batch) {
            rows::Fields fields = rows::decodeFields(row.fields);
            const RowCounting how{row.valid, row.excluded, skip};
            countRow(stats, import, traits, fields, how, row.rowNumber);
            if (!how.published()) continue;
            collectMappingKeys(import, traits, fields, keys);
            published.push_back(std::move(fields));
        }
        std::vector<std::optional<store::AccountRow>> accounts;
        accounts.reserve(published.size());
        std::vector<TargetedRow> targeted;
        for (const auto& fields : published) {
            // Only an import of entries probes by account (DuplicateCounter::matches).
            accounts.push_back(traits.producesEntries() ? targets.of(fields) : std::nullopt);
            targeted.push_back(TargetedRow{&fields, &accounts.back()});
        }
        duplicates.prefetch(targeted);
        for (std::size_t i = 0; i < published.size(); ++i)
            if (duplicates.matches(published[i], accounts[i])) ++duplicateRows;
    });
    syncMappingKeys(s, import, keys);

    ImportSummary summary = ImportSummary::of(import.summary);
    summary.setCount("duplicate_rows_count", duplicateRows);
    summary.setRows(stats);
    import.summary = summary.text();
    imports.update(import);
}

} // namespace finimport::app
