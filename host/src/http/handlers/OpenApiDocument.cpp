#include "http/handlers/OpenApiDocument.h"

#include "app/imports/TypeDetection.h"
#include "http/handlers/OpenApi.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <vector>

namespace finimport::http {

namespace {

// A YAML double-quoted scalar (the JSON escapes are a subset of YAML's).
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c == 0x7f) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string quotedList(const std::vector<std::string>& items) {
    std::string out = "[";
    for (const auto& item : items)
        out += (out.size() > 1 ? ", " : "") + quoted(item);
    return out + "]";
}

// Option names are [A-Za-z_][A-Za-z0-9_]*; YAML 1.1 still reads a few of them as booleans.
std::string key(const std::string& name) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const char* word : {"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
        if (lower == word) return quoted(name);
    return name;
}

struct DocumentedOption {
    plugin::OptionSpec spec;
    std::vector<std::string> types;
};

// Every declared option once, in first-declaration order; enum values merged across plugins.
std::vector<DocumentedOption> collectOptions(const plugin::PluginRegistry& plugins,
                                             const std::vector<std::string>& types) {
    std::vector<DocumentedOption> options;
    auto add = [&](const plugin::OptionSpec& spec, const std::string& type) {
        auto it = std::find_if(options.begin(), options.end(),
                               [&](const auto& o) { return o.spec.name == spec.name; });
        if (it == options.end()) {
            options.push_back({spec, {type}});
            return;
        }
        if (std::find(it->types.begin(), it->types.end(), type) == it->types.end())
            it->types.push_back(type);
        for (const auto& value : spec.values)
            if (std::find(it->spec.values.begin(), it->spec.values.end(), value) ==
                it->spec.values.end())
                it->spec.values.push_back(value);
        if (!it->spec.description) it->spec.description = spec.description;
    };
    for (const auto& type : types) {
        const auto* importer = plugins.find(type);
        if (!importer) continue;
        for (const auto& spec : importer->manifest.options)
            add(spec, type);
        // Forced values are echoed too (e.g. an export's fixed column names).
        for (const auto& [name, value] : importer->manifest.details(type).fixedOptions) {
            plugin::OptionSpec fixed;
            fixed.name = name;
            add(fixed, type);
        }
    }
    return options;
}

std::string description(const DocumentedOption& o) {
    std::string text = o.spec.description ? *o.spec.description + " " : std::string();
    std::string list;
    for (const auto& type : o.types)
        list += (list.empty() ? "" : ", ") + type;
    return text + "Types: " + list + ".";
}

std::string requestSchema(const DocumentedOption& o) {
    using T = plugin::OptionType;
    std::string schema;
    switch (o.spec.type) {
    case T::Enum: {
        std::vector<std::string> values = o.spec.values;
        for (const auto& [alias, canonical] : o.spec.aliases)
            values.push_back(alias);
        schema = "type: string, enum: " + quotedList(values);
        break;
    }
    // anyOf: a form value "true" is a string that a coercing validator also reads as a
    // boolean; with oneOf it would match both branches (docs/decisions.md D89).
    case T::Integer:
        schema = "anyOf: [{type: integer}, {type: string}]";
        break;
    case T::Boolean:
        schema = "anyOf: [{type: boolean}, {type: string}]";
        break;
    case T::String:
    case T::Decimal:
        schema = "type: string";
        if (o.spec.maxLength) schema += ", maxLength: " + std::to_string(*o.spec.maxLength);
        break;
    }
    if (o.spec.defaultValue) schema += ", default: " + quoted(*o.spec.defaultValue);
    return "{" + schema + ", description: " + quoted(description(o)) + "}";
}

void replaceLine(std::string& document, const std::string& marker, const std::string& lines) {
    const auto at = document.find(marker);
    if (at == std::string::npos) return;
    const auto start = document.rfind('\n', at) + 1;
    const auto end = document.find('\n', at);
    document.replace(start, end == std::string::npos ? std::string::npos : end + 1 - start, lines);
}

} // namespace

std::string openApiDocument(const plugin::PluginRegistry& plugins) {
    std::string document(openApiYaml());
    std::vector<std::string> types;
    for (const auto& info : plugins.types())
        types.push_back(info.type);
    const auto options = collectOptions(plugins, types);

    const std::string indent = "        ";
    std::string create, configuration;
    for (const auto& o : options) {
        create += indent + key(o.spec.name) + ": " + requestSchema(o) + "\n";
        configuration += indent + key(o.spec.name) + ": {type: string, nullable: true, " +
                         "description: " + quoted(description(o)) + "}\n";
    }
    replaceLine(document, "# x-plugin-options", create);
    replaceLine(document, "# x-plugin-configuration", configuration);
    // The alias the create request accepts for ServiceImport is a valid value too
    // (docs/decisions.md D89).
    std::vector<std::string> accepted = types;
    for (const std::string old : {"SureImport"})
        if (std::count(types.begin(), types.end(), app::resolveImportType(old)) > 0)
            accepted.push_back(old);
    const std::string typesMarker = "enum: [x-import-types], ";
    if (const auto at = document.find(typesMarker); at != std::string::npos)
        document.replace(at, typesMarker.size(),
                         types.empty() ? std::string() : "enum: " + quotedList(accepted) + ", ");
    return document;
}

} // namespace finimport::http
