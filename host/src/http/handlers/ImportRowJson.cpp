#include "http/handlers/ImportRowJson.h"

#include "app/imports/Mappings.h"
#include "app/imports/RowCodec.h"
#include "http/handlers/JsonFields.h"
#include "store/NamedRecords.h"

#include <finimport/tags.hpp>

namespace finimport::http {

namespace {

const char* kVisibleFields[] = {
    "account",    "date",        "qty",      "ticker", "exchange_operating_mic",
    "price",      "amount",      "currency", "name",   "category",
    "tags",       "entity_type", "notes",    "active", "effective_date",
    "conditions", "actions"};

struct MappingTarget {
    std::string type;
    std::optional<std::string> name;
};

// The mapped record, looked up within the import's family only.
std::optional<MappingTarget> resolveMappable(store::Tx& s, const std::string& familyId,
                                             const store::MappingRecord& m) {
    if (!m.mappableId) return std::nullopt;
    const store::NamedTable table = m.kind == app::kCategoryMapping ? store::NamedTable::Categories
                                    : m.kind == app::kTagMapping    ? store::NamedTable::Tags
                                                                    : store::NamedTable::Accounts;
    const char* type = m.kind == app::kCategoryMapping ? "Category"
                       : m.kind == app::kTagMapping    ? "Tag"
                                                       : "Account";
    auto name = store::nameInFamily(s, table, *m.mappableId, familyId);
    if (!name) return std::nullopt;
    return MappingTarget{type, name};
}

void writeMapping(JsonWriter& w, store::Tx& s, const std::string& familyId,
                  const std::vector<store::MappingRecord>& all, const char* kind,
                  const std::string& key) {
    const store::MappingRecord* found = nullptr;
    for (const auto& m : all)
        if (m.kind == kind && m.key == key) found = &m;
    w.beginObject();
    w.key("key").string(found ? found->key : key);
    w.key("type").string(kind);
    writeOptionalString(w, "value", found ? found->value : std::nullopt);
    w.key("create_when_empty").boolean(found && found->createWhenEmpty);
    w.key("creatable")
        .boolean(found && !found->mappableId && !key.empty() && found->createWhenEmpty);
    w.key("mappable");
    auto target = found ? resolveMappable(s, familyId, *found) : std::nullopt;
    if (target) {
        w.beginObject();
        w.key("id").string(*found->mappableId);
        w.key("type").string(target->type);
        writeOptionalString(w, "name", target->name);
        w.endObject();
    } else {
        w.null();
    }
    w.endObject();
}

bool blank(const std::string& s) {
    return s.find_first_not_of(" \t") == std::string::npos;
}

} // namespace

void writeImportRow(JsonWriter& w, store::Tx& s, const store::ImportRecord& import,
                    const std::vector<store::MappingRecord>& mappings,
                    const store::ImportRowRecord& row, domain::Date today) {
    const app::RowFields fields = app::decodeRowFields(row.fields);
    const auto stored = app::rowMessagesFromJson(row.errors); // the plugin's, with places
    const auto errors = app::rowErrorsNow(fields, stored, today);
    const std::string& familyId = import.familyId;
    w.beginObject();
    w.key("id").string(row.id);
    w.key("row_number").integer(row.rowNumber);
    w.key("valid").boolean(errors.empty());
    w.key("excluded").boolean(row.excluded);
    w.key("errors").beginArray();
    for (const auto& m : errors)
        w.string(m);
    w.endArray();
    // The plugin's row errors with their code and place in the file.
    w.key("error_details").beginArray();
    for (const auto& m : stored) {
        w.beginObject();
        w.key("code").string(m.code);
        writeOptionalString(w, "field", m.field);
        w.key("message").string(m.message);
        w.key("line");
        if (m.line > 0)
            w.integer(m.line);
        else
            w.null();
        writeOptionalString(w, "section", m.section);
        writeOptionalString(w, "raw", m.raw);
        w.endObject();
    }
    w.endArray();
    w.key("fields").beginObject();
    for (const char* name : kVisibleFields) {
        const auto* v = app::findField(fields, name);
        w.key(name);
        if (!v || !*v)
            w.null();
        else if (std::string(name) == "active")
            w.boolean(**v == "true");
        else
            w.string(**v);
    }
    w.endObject();
    w.key("mappings").beginObject();
    std::string account = app::fieldText(fields, "account"),
                category = app::fieldText(fields, "category"),
                entityType = app::fieldText(fields, "entity_type");
    if (!blank(account)) {
        w.key("account");
        writeMapping(w, s, familyId, mappings, app::kAccountMapping, account);
    }
    if (!blank(category)) {
        w.key("category");
        writeMapping(w, s, familyId, mappings, app::kCategoryMapping, category);
    }
    if (!blank(entityType)) {
        w.key("account_type");
        writeMapping(w, s, familyId, mappings, app::kAccountTypeMapping, entityType);
    }
    w.key("tags").beginArray();
    for (const auto& tag : finimport::sdk::splitTags(app::fieldText(fields, "tags")))
        if (!blank(tag)) writeMapping(w, s, familyId, mappings, app::kTagMapping, tag);
    w.endArray();
    w.endObject();
    w.endObject();
}

} // namespace finimport::http
