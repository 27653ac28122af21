#include "plugin/Manifest.h"

#include "domain/Text.h"
#include "plugin/ManifestJson.h"
#include "plugin/PocoJson.h"
#include "plugin/Utf8.h"

#include <finimport/json.hpp>

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <algorithm>
#include <cctype>
#include <set>

namespace finimport::plugin {
namespace {

using namespace manifest_json;

OptionType parseOptionType(const Object& option, const std::string& where) {
    const Var type = option.get("type");
    const std::string name = type.isString() ? type.extract<std::string>() : "";
    if (name == "string") return OptionType::String;
    if (name == "integer") return OptionType::Integer;
    if (name == "boolean") return OptionType::Boolean;
    if (name == "enum") return OptionType::Enum;
    if (name == "decimal") return OptionType::Decimal;
    fail(where + "\"type\" must be one of string, integer, boolean, enum, decimal");
}

std::optional<std::string> parseDefault(const Object& option, const OptionSpec& spec,
                                        const std::string& where) {
    if (!option.has("default") || option.get("default").isEmpty()) return std::nullopt;
    const Var value = option.get("default");
    const std::string must = where + "\"default\" must be ";
    switch (spec.type) {
    case OptionType::Decimal:
    case OptionType::String:
        if (!value.isString()) fail(must + "a string");
        return value.extract<std::string>();
    case OptionType::Integer:
        if (!value.isInteger() || value.isBoolean()) fail(must + "an integer");
        return value.toString();
    case OptionType::Boolean:
        if (!value.isBoolean()) fail(must + "a boolean");
        return value.extract<bool>() ? "true" : "false";
    case OptionType::Enum: {
        const std::string text = value.isString() ? value.extract<std::string>() : "";
        if (std::find(spec.values.begin(), spec.values.end(), text) == spec.values.end()) {
            fail(must + "one of \"values\"");
        }
        return text;
    }
    }
    return std::nullopt;
}

bool isOptionName(const std::string& name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
    return std::all_of(name.begin(), name.end(),
                       [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

// The declared checks beyond the type (label, bounds, aliases).
void parseOptionChecks(const Object& option, OptionSpec& spec, const std::string& where) {
    if (option.has("label")) {
        if (!option.get("label").isString()) fail(where + "\"label\" must be a string");
        spec.label = option.get("label").extract<std::string>();
    }
    spec.maxLength = optionalInteger(option, "max_length", where);
    spec.minimum = optionalInteger(option, "minimum", where);
    if (option.has("not_blank")) {
        if (!option.get("not_blank").isBoolean()) fail(where + "\"not_blank\" must be a boolean");
        spec.notBlank = option.get("not_blank").extract<bool>();
    }
    if (option.has("below_line_count")) {
        if (!option.get("below_line_count").isBoolean())
            fail(where + "\"below_line_count\" must be a boolean");
        spec.belowLineCount = option.get("below_line_count").extract<bool>();
    }
    if (option.has("sniffs")) {
        const Var role = option.get("sniffs");
        const std::string text = role.isString() ? role.extract<std::string>() : "";
        if (text != "separator" && text != "skipped_lines" && text != "header" && text != "dates" &&
            text != "numbers")
            fail(where + "\"sniffs\" must be one of separator, skipped_lines, header, dates, "
                         "numbers");
        spec.sniffs = text;
    }
    if (option.has("column_of")) {
        const Var field = option.get("column_of");
        if (!field.isString() || !isOptionName(field.extract<std::string>()))
            fail(where + "\"column_of\" must be a field name");
        spec.columnOf = field.extract<std::string>();
    }
    spec.aliases = stringObject(option, "aliases", where);
}

OptionSpec parseOption(const Var& value, size_t index) {
    std::string where = "options[" + std::to_string(index) + "]: ";
    if (!isObject(value)) fail(where + "must be an object");
    const Object& option = *value.extract<Object::Ptr>();
    const Var name = option.get("name");
    if (!name.isString() || !isOptionName(name.extract<std::string>())) {
        fail(where + "\"name\" must be a string of letters, digits and \"_\"");
    }
    OptionSpec spec;
    spec.name = name.extract<std::string>();
    where = "options[" + std::to_string(index) + "] (" + quoted(spec.name) + "): ";
    // The host always passes these two itself (plugin.h, fi_option).
    if (spec.name == "type" || spec.name == "default_currency") {
        fail(where + "the name is reserved: the host always passes " + quoted(spec.name));
    }
    rejectUnknownKeys(option,
                      {"name", "type", "values", "default", "description", "label", "max_length",
                       "minimum", "not_blank", "aliases", "below_line_count", "sniffs",
                       "column_of"},
                      where);
    spec.type = parseOptionType(option, where);
    if (spec.type == OptionType::Enum) {
        spec.values = stringArray(option, "values", where, true);
        if (spec.values.empty()) fail(where + "\"values\" must not be empty");
        rejectDuplicates(spec.values, where + "\"values\"");
    } else if (option.has("values")) {
        fail(where + "\"values\" is only allowed for enum options");
    }
    spec.defaultValue = parseDefault(option, spec, where);
    if (option.has("description")) {
        const Var description = option.get("description");
        if (!description.isString()) fail(where + "\"description\" must be a string");
        spec.description = description.extract<std::string>();
    }
    parseOptionChecks(option, spec, where);
    return spec;
}

TypeDetails parseTypeDetails(const Var& value, const std::string& type) {
    const std::string where = "type_details." + type + ": ";
    if (!isObject(value)) fail(where + "must be an object");
    const Object& object = *value.extract<Object::Ptr>();
    rejectUnknownKeys(object,
                      {"mappings", "fixed_options", "needs_account", "row_cap", "record_kinds",
                       "rows_newest_first", "required_columns"},
                      where);
    TypeDetails details;
    details.mappings = stringArray(object, "mappings", where, false);
    requireAllIn(details.mappings, {"category", "tag", "account", "account_type"},
                 where + "\"mappings\"");
    rejectDuplicates(details.mappings, where + "\"mappings\"");
    details.fixedOptions = stringObject(object, "fixed_options", where);
    details.needsAccount = optionalBool(object, "needs_account", where);
    if (auto cap = optionalString(object, "row_cap", where)) {
        if (*cap != "rows" && *cap != "accounts" && *cap != "service")
            fail(where + "\"row_cap\" must be one of rows, accounts, service");
        details.rowCap = *cap;
    }
    details.recordKinds = stringArray(object, "record_kinds", where, false);
    requireAllIn(details.recordKinds,
                 {"transaction", "trade", "account", "category", "merchant", "rule", "backup"},
                 where + "\"record_kinds\"");
    details.rowsNewestFirst = optionalBool(object, "rows_newest_first", where);
    if (object.has("required_columns")) {
        const Var columns = object.get("required_columns");
        if (!isObject(columns)) fail(where + "\"required_columns\" must be an object of strings");
        const auto& table = *columns.extract<Object::Ptr>();
        // In the manifest's order: getNames() keeps it (see parseManifest), iteration sorts.
        std::vector<std::string> fields;
        table.getNames(fields);
        for (const auto& field : fields) {
            const Var option = table.get(field);
            if (!option.isString())
                fail(where + "\"required_columns\"." + field + " must be a string");
            details.requiredColumns.emplace_back(field, option.extract<std::string>());
        }
    }
    return details;
}

OptionRule parseRule(const Var& value, size_t index, const Manifest& manifest) {
    const std::string where = "rules[" + std::to_string(index) + "]: ";
    if (!isObject(value)) fail(where + "must be an object");
    const Object& object = *value.extract<Object::Ptr>();
    rejectUnknownKeys(object, {"when", "require", "message", "after"}, where);
    OptionRule rule;
    auto declared = [&](const std::string& name) {
        if (!manifest.findOption(name)) fail(where + quoted(name) + " is not a declared option");
    };
    if (!object.has("when") || !isObject(object.get("when")))
        fail(where + "\"when\" must be an object of option values");
    for (const auto& [name, text] : *object.get("when").extract<Object::Ptr>()) {
        declared(name);
        if (!text.isString()) fail(where + "\"when\"." + name + " must be a string");
        rule.when.emplace_back(name, text.extract<std::string>());
    }
    rule.require = stringArray(object, "require", where, false);
    for (const auto& name : rule.require)
        declared(name);
    auto message = optionalString(object, "message", where);
    if (!message) fail(where + "\"message\" is required");
    rule.message = *message;
    auto after = optionalString(object, "after", where);
    if (!after) fail(where + "\"after\" is required");
    declared(*after);
    rule.after = *after;
    return rule;
}

Manifest parseObject(const Object& object) {
    rejectUnknownKeys(object,
                      {"$schema", "description", "types", "media_types", "extensions", "binary",
                       "capabilities", "options", "format", "file_noun", "max_content_bytes",
                       "required_prefix", "content_prefixes", "charset_sniff", "default_error_code",
                       "type_details", "rules"},
                      "");
    Manifest manifest;
    manifest.types = stringArray(object, "types", "", true);
    if (manifest.types.empty()) fail("\"types\" must not be empty");
    rejectDuplicates(manifest.types, "\"types\"");
    for (const auto& mediaType : stringArray(object, "media_types", "", true)) {
        const auto slash = mediaType.find('/');
        if (slash == 0 || slash == std::string::npos || slash + 1 == mediaType.size() ||
            mediaType.find('/', slash + 1) != std::string::npos ||
            mediaType.find_first_of("; \t") != std::string::npos) {
            fail("\"media_types\": " + quoted(mediaType) +
                 " is not a media type (type/subtype, no parameters)");
        }
        manifest.mediaTypes.push_back(domain::toLowerAscii(mediaType));
    }
    for (const auto& extension : stringArray(object, "extensions", "", true)) {
        if (extension.size() < 2 || extension[0] != '.' ||
            extension.find('/') != std::string::npos) {
            fail("\"extensions\": " + quoted(extension) + " must start with \".\"");
        }
        manifest.extensions.push_back(domain::toLowerAscii(extension));
    }
    if (object.has("binary")) {
        if (!object.get("binary").isBoolean()) fail("\"binary\" must be a boolean");
        manifest.binary = object.get("binary").extract<bool>();
    }
    manifest.capabilities = stringArray(object, "capabilities", "", false);
    manifest.fileNoun = optionalText(object, "file_noun");
    manifest.format = optionalText(object, "format");
    if (!manifest.format.empty() &&
        !std::all_of(manifest.format.begin(), manifest.format.end(),
                     [](unsigned char c) { return std::islower(c) || std::isdigit(c); }))
        fail("\"format\" must be lower-case letters and digits");
    manifest.contentPrefixes = stringArray(object, "content_prefixes", "", false);
    manifest.charsetSniff = optionalText(object, "charset_sniff");
    if (!manifest.charsetSniff.empty() && manifest.charsetSniff != "ofx" &&
        manifest.charsetSniff != "xml")
        fail("\"charset_sniff\" must be one of ofx, xml");
    if (object.has("max_content_bytes")) {
        const Var limit = object.get("max_content_bytes");
        if (!limit.isInteger() || limit.isBoolean() || limit.convert<int64_t>() <= 0)
            fail("\"max_content_bytes\" must be a positive integer");
        manifest.maxContentBytes = limit.convert<int64_t>();
    }
    manifest.requiredPrefix = optionalString(object, "required_prefix", "");
    manifest.defaultErrorCode = optionalString(object, "default_error_code", "");
    if (object.has("type_details")) {
        const Var details = object.get("type_details");
        if (!isObject(details)) fail("\"type_details\" must be an object");
        for (const auto& [type, value] : *details.extract<Object::Ptr>()) {
            // A plugin serving several types embeds one narrowed copy of its manifest per
            // importer ("types" holds one name, sdk/cmake/FinimportEmbedManifest.cmake): the
            // other types' details are checked but belong to the other importers.
            auto parsed = parseTypeDetails(value, type);
            if (std::find(manifest.types.begin(), manifest.types.end(), type) !=
                manifest.types.end())
                manifest.typeDetails.emplace(type, std::move(parsed));
        }
    }
    if (object.has("options")) {
        const Var options = object.get("options");
        if (!isArray(options)) fail("\"options\" must be an array");
        const Array::Ptr array = options.extract<Array::Ptr>();
        for (size_t i = 0; i < array->size(); ++i) {
            manifest.options.push_back(parseOption(array->get(static_cast<unsigned>(i)), i));
            if (manifest.options.size() > 1 &&
                std::count_if(manifest.options.begin(), manifest.options.end(), [&](auto& o) {
                    return o.name == manifest.options.back().name;
                }) > 1) {
                fail("\"options\" declares " + quoted(manifest.options.back().name) + " twice");
            }
        }
    }
    // Rules name declared options: read after them.
    if (object.has("rules")) {
        const Var rules = object.get("rules");
        if (!isArray(rules)) fail("\"rules\" must be an array");
        const Array::Ptr array = rules.extract<Array::Ptr>();
        for (size_t i = 0; i < array->size(); ++i)
            manifest.rules.push_back(parseRule(array->get(static_cast<unsigned>(i)), i, manifest));
    }
    return manifest;
}

} // namespace

ManifestParseResult parseManifest(std::string_view json) {
    // The one JSON reader (docs/decisions.md D180); objects keep their order:
    // "required_columns" is listed in the manifest's order.
    auto parsed = finimport::json::parse(json);
    if (!parsed.value) return {std::nullopt, "not valid JSON: " + toValidUtf8(parsed.error)};
    const Var root = toPoco(*parsed.value, JsonFractions::AsDouble);
    if (!isObject(root)) return {std::nullopt, "must be a JSON object"};
    try {
        return {parseObject(*root.extract<Object::Ptr>()), ""};
    } catch (const InvalidManifest& e) {
        return {std::nullopt, e.message};
    } catch (const Poco::Exception& e) {
        // A value of an unexpected type that slipped past a check (e.g. a huge number).
        return {std::nullopt, e.displayText()};
    }
}

} // namespace finimport::plugin
