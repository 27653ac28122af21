#include "app/PluginMeta.h"

#include <Poco/JSON/Object.h>

#include <algorithm>
#include <sstream>

namespace finimport::app {

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
            if (name == "date_format" || name == "number_format" || name == "col_sep")
                options.set(name, *value);
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
