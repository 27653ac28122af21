#include "http/handlers/ImportRowJson.h"

#include "http/handlers/JsonFields.h"

namespace finimport::http {

namespace {

const char* kVisibleFields[] = {
    "account",    "date",        "qty",      "ticker", "exchange_operating_mic",
    "price",      "amount",      "currency", "name",   "category",
    "tags",       "entity_type", "notes",    "active", "effective_date",
    "conditions", "actions"};

void writeMapping(JsonWriter& w, const app::MappingView& m) {
    w.beginObject();
    w.key("key").string(m.key);
    w.key("type").string(m.kind);
    writeOptionalString(w, "value", m.value);
    w.key("create_when_empty").boolean(m.createWhenEmpty);
    w.key("creatable").boolean(m.creatable);
    writeObjectOrNull(w, "mappable", m.mappable, [&] {
        w.key("id").string(m.mappable->id);
        w.key("type").string(m.mappable->type);
        writeOptionalString(w, "name", m.mappable->name);
    });
    w.endObject();
}

} // namespace

void writeImportRow(JsonWriter& w, const app::ImportRowView& row) {
    w.beginObject();
    w.key("id").string(row.id);
    w.key("row_number").integer(row.rowNumber);
    w.key("valid").boolean(row.errors.empty());
    w.key("excluded").boolean(row.excluded);
    w.key("errors").beginArray();
    for (const auto& m : row.errors)
        w.string(m);
    w.endArray();
    // The plugin's row errors with their code and place in the file.
    w.key("error_details").beginArray();
    for (const auto& m : row.errorDetails) {
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
        const auto* v = row.fields.get(name);
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
    if (row.account) writeMapping(w.key("account"), *row.account);
    if (row.category) writeMapping(w.key("category"), *row.category);
    if (row.accountType) writeMapping(w.key("account_type"), *row.accountType);
    w.key("tags").beginArray();
    for (const auto& tag : row.tags)
        writeMapping(w, tag);
    w.endArray();
    w.endObject();
    w.endObject();
}

} // namespace finimport::http
