#include "app/ImportService.h"

#include "app/CreateChecks.h"
#include "app/ImportContent.h"
#include "app/Mappings.h"
#include "app/PluginMeta.h"
#include "app/RowCollector.h"
#include "app/TextDecoding.h"
#include "domain/Uuid.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"

#include <algorithm>
#include <cstring>

namespace finimport::app {

namespace {

ImportError validationFailed(std::vector<std::string> errors) {
    return ImportError{422, "validation_failed", "Import could not be created", std::move(errors),
                       std::nullopt};
}

bool blank(const std::optional<std::string>& s) {
    return !s || s->find_first_not_of(" \t\r\n") == std::string::npos;
}

} // namespace

std::string ImportService::resolveType(const std::optional<std::string>& requested) {
    if (blank(requested)) return "TransactionImport";
    if (*requested == "SureImport") return "ServiceImport";
    return *requested;
}

bool ImportService::wantsPublish(const CreateImportRequest& request) {
    auto it = request.fields.find("publish");
    if (it == request.fields.end()) return false;
    if (it->second.kind == FieldValue::Kind::Bool) return it->second.text == "true";
    if (it->second.kind != FieldValue::Kind::String) return false;
    std::string v = it->second.text;
    std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
    return v == "true";
}

bool ImportService::isKnownType(const std::string& type) const {
    const auto& builtins = builtinImportTypes();
    return std::find(builtins.begin(), builtins.end(), type) != builtins.end() ||
           _plugins.find(type) != nullptr;
}

ImportResult ImportService::create(const CreateImportRequest& request) {
    std::string type = resolveType(request.text("type"));
    if (type == "ServiceImport") return createService(request);
    return createCsvFamily(request, type);
}

ImportResult ImportService::createCsvFamily(const CreateImportRequest& req,
                                            const std::string& type) {
    const ImportTypeTraits traits = traitsOf(type);
    const bool known = isKnownType(type);
    const plugin::ImporterHandle* importer = _plugins.find(type);

    // §7.3 content checks, the D26 listing, decoding: shared with preflight (D29).
    CreateChecks checks =
        runCreateChecks(_db, req, traits, importer, known, _config.fallbackCharset);
    if (checks.refusal) return *checks.refusal;
    auto& [refusal, content, errors, accountId, account, family, options, text] = checks;
    if (!errors.empty()) return validationFailed(std::move(errors));

    std::string defaultCurrency = account ? account->currency : (family ? family->currency : "USD");
    GeneratedRows generated;
    if (content.bytes && importer) {
        const std::string& input = text ? text->text : *content.bytes;
        generated = generateRows(*importer, type, options, defaultCurrency, input, req);
        if (generated.invalidCsv)
            return ImportError{422, "invalid_csv", generated.error, std::nullopt, std::nullopt};
        // A plugin that crashed or ran out of its budget: nothing is stored (issue 12 item 6).
        if (generated.aborted)
            return ImportError{422, "plugin_failed", generated.error, std::nullopt, std::nullopt};
        // A QIF the plugin cannot read at all is refused like a malformed CSV (nothing stored).
        if (generated.fatalError && traits.family == ContentFamily::Qif)
            return ImportError{422, "invalid_qif", generated.error, std::nullopt, std::nullopt};
    }
    std::optional<std::string> extracted = takePluginMeta(generated, options);

    store::ImportRecord record;
    record.familyId = req.familyId;
    record.type = type;
    record.accountId = accountId;
    record.configuration = options.toJson();
    record.extracted = extracted;
    if (content.bytes) {
        record.contentKind = traits.family == ContentFamily::Pdf ? "base64" : "text";
        record.content = traits.family == ContentFamily::Pdf ? base64Encode(*content.bytes)
                                                             : (text ? text->text : *content.bytes);
        record.encoding = text ? std::optional<std::string>(text->charset) : std::nullopt;
    }
    record.filename = content.filename;
    record.contentType = content.contentType;
    record.rowsCount = static_cast<int64_t>(generated.rows.size());
    if (generated.fatalError && traits.family == ContentFamily::Pdf) record.error = generated.error;

    std::optional<ImportView> view;
    _db.write([&](Poco::Data::Session& s) {
        store::ImportStore imports(s);
        imports.insert(record);
        storeRows(s, record, generated);
        std::vector<RowFields> fields;
        fields.reserve(generated.rows.size());
        for (const auto& r : generated.rows)
            fields.push_back(r.fields);
        syncMappings(s, record, traits, fields);
        countDuplicates(s, record, fields);
    });
    if (wantsPublish(req)) {
        bool configured = false;
        _db.read([&](Poco::Data::Session& s) {
            configured = evaluateImport(s, record, domain::Date::today()).detail.configured;
        });
        // §7.4 step 5: publish=true on an import that is not configured is silently ignored.
        if (configured) return requestPublish(req.familyId, record.id, false);
    }
    _db.read([&](Poco::Data::Session& s) {
        auto stored = store::ImportStore(s).byId(req.familyId, record.id);
        view = evaluateImport(s, *stored, domain::Date::today());
    });
    return *view;
}

std::optional<ImportView> ImportService::get(const std::string& familyId, const std::string& id) {
    auto canonical = domain::canonicalUuid(id);
    if (!canonical) return std::nullopt;
    std::optional<ImportView> view;
    _db.read([&](Poco::Data::Session& s) {
        if (auto rec = store::ImportStore(s).byId(familyId, *canonical))
            view = evaluateImport(s, *rec, domain::Date::today());
    });
    return view;
}

} // namespace finimport::app
