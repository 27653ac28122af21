#include "app/imports/PluginMeta.h"

#include <Poco/JSON/Object.h>

#include <algorithm>
#include <sstream>

namespace finimport::app {

namespace {

bool hasOption(const ImportOptions& options, const std::string& name) {
    return std::any_of(options.values.begin(), options.values.end(),
                       [&](const auto& entry) { return entry.first == name; });
}

} // namespace

std::optional<std::string> takePluginMeta(GeneratedRows& rows, ImportOptions& options,
                                          std::optional<std::string>* error) {
    std::optional<std::string> json;
    for (const auto& row : rows.rows) {
        if (row.kind != "meta") continue;
        Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
        for (const auto& [name, value] : row.fields) {
            if (value)
                obj.set(name, *value);
            else
                obj.set(name, Poco::Dynamic::Var());
            if (!value || value->empty()) continue;
            // A meta field named like an option is the value the plugin used (`auto` or an
            // absent pattern replaced by what it detected, docs/decisions.md D57).
            if (hasOption(options, name)) options.set(name, *value);
            if (name == "error" && error) *error = *value;
        }
        std::ostringstream out;
        obj.stringify(out);
        json = out.str();
    }
    rows.rows.erase(std::remove_if(rows.rows.begin(), rows.rows.end(),
                                   [](const CollectedRow& r) { return r.kind == "meta"; }),
                    rows.rows.end());
    return json;
}

} // namespace finimport::app
