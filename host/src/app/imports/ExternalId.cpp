#include "app/imports/ExternalId.h"

#include <Poco/String.h>

namespace finimport::app {

std::optional<std::string> usableExternalId(const std::string& text) {
    const auto b = text.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return std::nullopt;
    const auto e = text.find_last_not_of(" \t\r\n");
    std::string id = text.substr(b, e - b + 1);
    for (const char* placeholder : {"NONREF", "NOTPROVIDED", "NONE"})
        if (Poco::icompare(id, placeholder) == 0) return std::nullopt;
    return id;
}

std::optional<std::string> rowExternalId(const rows::Fields& row) {
    return usableExternalId(row.text("external_id"));
}

} // namespace finimport::app
