#include "http/Request.h"

#include <Poco/String.h>

namespace finimport::http {

std::optional<std::string> QueryParams::get(std::string_view name) const {
    for (auto it = _pairs.rbegin(); it != _pairs.rend(); ++it) {
        if (it->first == name) return it->second;
    }
    return std::nullopt;
}

std::vector<std::string> QueryParams::all(std::string_view name) const {
    std::vector<std::string> values;
    for (const auto& [key, value] : _pairs) {
        if (key == name) values.push_back(value);
    }
    return values;
}

std::optional<std::string> Headers::get(std::string_view name) const {
    for (const auto& [key, value] : _pairs) {
        if (Poco::icompare(key, std::string(name)) == 0) return value;
    }
    return std::nullopt;
}

} // namespace finimport::http
