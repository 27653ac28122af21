#include "app/imports/ImportReads.h"

#include "app/imports/ImportSummary.h"
#include "app/imports/Mappings.h"
#include "app/imports/RowStats.h"
#include "app/rows/RowCodec.h"
#include "domain/Text.h"
#include "domain/TextFormats.h"
#include "domain/Uuid.h"
#include "store/ImportRowQueries.h"
#include "store/NamedRecords.h"

namespace finimport::app {

namespace {

// The mapped record, looked up within the import's family only.
std::optional<MappingView::Target> resolveMappable(store::Tx& s, const std::string& familyId,
                                                   const store::MappingRecord& m) {
    if (!m.mappableId) return std::nullopt;
    const store::NamedTable table = m.kind == kCategoryMapping ? store::NamedTable::Categories
                                    : m.kind == kTagMapping    ? store::NamedTable::Tags
                                                               : store::NamedTable::Accounts;
    const char* type = m.kind == kCategoryMapping ? "Category"
                       : m.kind == kTagMapping    ? "Tag"
                                                  : "Account";
    auto name = store::nameInFamily(s, table, *m.mappableId, familyId);
    if (!name) return std::nullopt;
    return MappingView::Target{*m.mappableId, type, name};
}

MappingView mappingOf(store::Tx& s, const std::string& familyId,
                      const std::vector<store::MappingRecord>& all, const char* kind,
                      const std::string& key) {
    const store::MappingRecord* found = nullptr;
    for (const auto& m : all)
        if (m.kind == kind && m.key == key) found = &m;
    MappingView view;
    view.key = found ? found->key : key;
    view.kind = kind;
    if (!found) return view;
    view.value = found->value;
    view.createWhenEmpty = found->createWhenEmpty;
    view.creatable = !found->mappableId && !key.empty() && found->createWhenEmpty;
    view.mappable = resolveMappable(s, familyId, *found);
    return view;
}

// Spaces and tabs only: a value of other blank characters still names a mapping.
bool blank(const std::string& s) {
    return domain::trimView(s, " \t").empty();
}

ImportRowView rowView(store::Tx& s, const std::string& familyId,
                      const std::vector<store::MappingRecord>& mappings,
                      const store::ImportRowRecord& row, domain::Date today) {
    ImportRowView view;
    view.id = row.id;
    view.rowNumber = row.rowNumber;
    view.excluded = row.excluded;
    view.fields = rows::decodeFields(row.fields);
    view.errorDetails = rows::messagesFromJson(row.errors);
    view.errors = rowErrorsNow(view.fields, view.errorDetails, today);
    const std::string account = view.fields.text("account"),
                      category = view.fields.text("category"),
                      entityType = view.fields.text("entity_type");
    if (!blank(account)) view.account = mappingOf(s, familyId, mappings, kAccountMapping, account);
    if (!blank(category))
        view.category = mappingOf(s, familyId, mappings, kCategoryMapping, category);
    if (!blank(entityType))
        view.accountType = mappingOf(s, familyId, mappings, kAccountTypeMapping, entityType);
    for (const auto& tag : domain::splitTags(view.fields.text("tags")))
        if (!blank(tag)) view.tags.push_back(mappingOf(s, familyId, mappings, kTagMapping, tag));
    return view;
}

} // namespace

std::vector<ImportView> listImports(store::Database& db, const store::ImportListFilter& filter,
                                    const PageOf& pageOf) {
    std::vector<ImportView> views;
    db.readReplica([&](store::Tx& s) {
        store::ImportStore imports(s);
        const PageSpan span = pageOf(imports.count(filter));
        for (auto& r : imports.list(filter, span.limit, span.offset)) {
            // The flags as evaluateImport() sets them; the rest of its work (the summary, the
            // mappings, the reasons) no list item shows.
            ImportView v;
            v.detail.uploaded = r.contentKind.has_value();
            v.detail.configured = v.detail.uploaded && r.rowsCount > 0;
            v.detail.terminal = isTerminalStatus(r.status);
            v.record = std::move(r);
            views.push_back(std::move(v));
        }
    });
    return views;
}

std::optional<std::vector<ImportRowView>>
listImportRows(store::Database& db, const TypeCatalogue& types, const std::string& familyId,
               const std::string& importId, bool onlyInvalid, domain::Date today,
               const PageOf& pageOf) {
    auto id = domain::canonicalUuid(importId);
    if (!id) return std::nullopt;
    std::optional<std::vector<ImportRowView>> rows;
    db.read([&](store::Tx& s) {
        store::ImportStore imports(s);
        auto record = imports.byId(familyId, *id);
        if (!record) return;
        auto mappings = imports.mappings(record->id);
        // The total comes from the counts stored at upload; only the page's rows are read.
        int64_t total = record->rowsCount;
        if (onlyInvalid) {
            auto stats = ImportSummary::of(record->summary).rows();
            total = stats ? stats->invalid.count : store::invalidRowCount(s, record->id);
        }
        const PageSpan span = pageOf(total);
        store::RowPageQuery query;
        query.onlyInvalid = onlyInvalid;
        query.newestFirst = types.traitsOf(record->type).details.rowsNewestFirst;
        query.limit = span.limit;
        query.offset = span.offset;
        rows.emplace();
        for (const auto& row : imports.rowsPage(record->id, query))
            rows->push_back(rowView(s, familyId, mappings, row, today));
    });
    return rows;
}

ImportRowView viewImportRow(store::Database& db, const std::string& familyId,
                            const store::ImportRowRecord& row, domain::Date today) {
    ImportRowView view;
    db.read([&](store::Tx& s) {
        view = rowView(s, familyId, store::ImportStore(s).mappings(row.importId), row, today);
    });
    return view;
}

} // namespace finimport::app
