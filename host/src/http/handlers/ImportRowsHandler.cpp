// GET /api/v1/imports/{id}/rows (API.md §12.3, DECISIONS.md D15): rows with their errors
// evaluated now, the 17 visible fields and their mappings.
#include "app/ImportTypes.h"
#include "app/Mappings.h"
#include "app/RowStats.h"
#include "app/RowValidation.h"
#include "domain/Uuid.h"
#include "http/Errors.h"
#include "http/Pagination.h"
#include "http/handlers/ImportsHandler.h"
#include "http/handlers/JsonFields.h"
#include "store/ImportStore.h"
#include "store/Sql.h"

#include <finimport/tags.hpp>

#include <algorithm>

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

// The mapped record, looked up within the import's family only (issue 12 item 3).
std::optional<MappingTarget> resolveMappable(Poco::Data::Session& s, const std::string& familyId,
                                             const store::MappingRecord& m) {
    if (!m.mappableId) return std::nullopt;
    const char* table = m.kind == app::kCategoryMapping ? "categories"
                        : m.kind == app::kTagMapping    ? "tags"
                                                        : "accounts";
    const char* type = m.kind == app::kCategoryMapping ? "Category"
                       : m.kind == app::kTagMapping    ? "Tag"
                                                       : "Account";
    auto r = store::sqlQueryOne(
        s, std::string("SELECT name FROM ") + table + " WHERE id = ? AND family_id = ?",
        {*m.mappableId, familyId});
    if (!r) return std::nullopt;
    return MappingTarget{type, r->optStr(0)};
}

void writeMapping(JsonWriter& w, Poco::Data::Session& s, const std::string& familyId,
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

Response ImportsHandler::rows(Request& req) {
    auto id = domain::canonicalUuid(req.pathParam("id"));
    std::optional<store::ImportRecord> record;
    if (id)
        _db.read([&](Poco::Data::Session& s) {
            record = store::ImportStore(s).byId(req.principal.familyId, *id);
        });
    if (!record) return jsonError(404, "not_found", "Import not found");
    const bool onlyInvalid = req.query.get("invalid").value_or("") == "true";
    const domain::Date today = domain::Date::today();
    JsonWriter w;
    _db.read([&](Poco::Data::Session& s) {
        store::ImportStore imports(s);
        auto mappings = imports.mappings(record->id);
        // The total comes from the counts stored at upload; only the page's rows are read.
        int64_t total = record->rowsCount;
        if (onlyInvalid) {
            auto stats = app::RowStats::fromSummary(record->summary);
            total = stats ? stats->invalid.count
                          : store::sqlCount(s,
                                            "SELECT COUNT(*) FROM import_rows WHERE import_id = ? "
                                            "AND valid = 0",
                                            {record->id});
        }
        Pagination p = paginate(req.query.get("page"), req.query.get("per_page"), total);
        struct Evaluated {
            store::ImportRowRecord row;
            app::RowFields fields;
            std::vector<std::string> errors;
            std::vector<app::RowMessage> stored; // the plugin's, with where they were found
        };
        std::vector<Evaluated> rows;
        store::RowPageQuery query;
        query.onlyInvalid = onlyInvalid;
        query.newestFirst = app::traitsOf(record->type).details.rowsNewestFirst;
        query.limit = p.perPage;
        query.offset = p.offset;
        for (auto& row : imports.rowsPage(record->id, query)) {
            app::RowFields fields = app::rowFieldsFromJson(row.fields);
            auto stored = app::rowMessagesFromJson(row.errors);
            auto errors = app::rowErrorsNow(fields, stored, today);
            rows.push_back(
                {std::move(row), std::move(fields), std::move(errors), std::move(stored)});
        }
        w.beginObject().key("data").beginArray();
        for (const auto& e : rows) {
            w.beginObject();
            w.key("id").string(e.row.id);
            w.key("row_number").integer(e.row.rowNumber);
            w.key("valid").boolean(e.errors.empty());
            w.key("errors").beginArray();
            for (const auto& m : e.errors)
                w.string(m);
            w.endArray();
            // The plugin's row errors with their code and place in the file (issue 14).
            w.key("error_details").beginArray();
            for (const auto& m : e.stored) {
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
                const auto* v = app::findField(e.fields, name);
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
            std::string account = app::fieldText(e.fields, "account"),
                        category = app::fieldText(e.fields, "category"),
                        entityType = app::fieldText(e.fields, "entity_type");
            if (!blank(account)) {
                w.key("account");
                writeMapping(w, s, record->familyId, mappings, app::kAccountMapping, account);
            }
            if (!blank(category)) {
                w.key("category");
                writeMapping(w, s, record->familyId, mappings, app::kCategoryMapping, category);
            }
            if (!blank(entityType)) {
                w.key("account_type");
                writeMapping(w, s, record->familyId, mappings, app::kAccountTypeMapping,
                             entityType);
            }
            w.key("tags").beginArray();
            for (const auto& tag : finimport::sdk::splitTags(app::fieldText(e.fields, "tags")))
                if (!blank(tag))
                    writeMapping(w, s, record->familyId, mappings, app::kTagMapping, tag);
            w.endArray();
            w.endObject();
            w.endObject();
        }
        w.endArray();
        writeListMeta(w, p);
        w.endObject();
    });
    return jsonResponse(200, w.take());
}

} // namespace finimport::http
