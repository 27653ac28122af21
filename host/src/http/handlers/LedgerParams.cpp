#include "http/handlers/LedgerParams.h"

#include "domain/Text.h"
#include "http/Errors.h"
#include "http/Formats.h"

#include <Poco/String.h>

namespace finimport::http {

namespace {} // namespace

bool blankParam(const std::optional<std::string>& value) {
    return !value || value->find_first_not_of(" \t\r\n") == std::string::npos;
}

Refusal readBoolParam(const Request& req, const std::string& name, bool& out) {
    auto value = req.query.get(name);
    if (blankParam(value)) return std::nullopt;
    const std::string v = Poco::toLower(domain::trim(*value));
    if (v == "true" || v == "1") {
        out = true;
    } else if (v == "false" || v == "0") {
        out = false;
    } else {
        return validationFailed(name + " must be true or false");
    }
    return std::nullopt;
}

Refusal readUuidParam(const Request& req, const std::string& name,
                      std::optional<std::string>& out) {
    auto value = req.query.get(name);
    if (blankParam(value)) return std::nullopt;
    const std::string v = domain::trim(*value);
    if (!isUuid(v)) return validationFailed(name + " must be a valid UUID");
    out = normalizeUuid(v);
    return std::nullopt;
}

Refusal readUuidListParam(const Request& req, const std::string& name,
                          std::optional<std::vector<std::string>>& out) {
    std::vector<std::string> given = req.query.all(name + "[]");
    for (auto& v : req.query.all(name))
        given.push_back(v);
    std::vector<std::string> ids;
    for (const auto& value : given) {
        size_t start = 0;
        while (start <= value.size()) {
            size_t comma = value.find(',', start);
            std::string part = domain::trim(value.substr(
                start, comma == std::string::npos ? std::string::npos : comma - start));
            if (!part.empty()) {
                if (!isUuid(part)) return validationFailed(name + " must contain valid UUIDs");
                ids.push_back(normalizeUuid(part));
            }
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    if (!ids.empty()) out = std::move(ids);
    return std::nullopt;
}

Refusal readDateParam(const Request& req, const std::string& name, std::optional<std::string>& out,
                      const std::string& invalid) {
    auto value = req.query.get(name);
    if (blankParam(value)) return std::nullopt;
    auto d = parseIsoDateParam(domain::trim(*value));
    if (!d) return validationFailed(invalid.empty() ? name + " must be an ISO 8601 date" : invalid);
    out = d->iso();
    return std::nullopt;
}

ListParams& ListParams::uuid(const std::string& name, std::optional<std::string>& out) {
    return then([&] { return readUuidParam(_req, name, out); });
}

ListParams& ListParams::uuids(const std::string& name,
                              std::optional<std::vector<std::string>>& out) {
    return then([&] { return readUuidListParam(_req, name, out); });
}

ListParams& ListParams::ids(const std::string& stem, std::optional<std::string>& one,
                            std::optional<std::vector<std::string>>& many) {
    return uuid(stem + "_id", one).uuids(stem + "_ids", many);
}

ListParams& ListParams::dates(std::optional<std::string>& start, std::optional<std::string>& end,
                              bool formatMessage) {
    for (auto [name, out] : {std::pair{"start_date", &start}, std::pair{"end_date", &end}})
        then([&, name = std::string(name), out = out] {
            return readDateParam(_req, name, *out,
                                 formatMessage ? "Invalid " + name + " format" : std::string());
        });
    return *this;
}

} // namespace finimport::http
