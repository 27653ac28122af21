#pragma once
// Query parameters of the read API's lists (docs/read-api.md §1.5): blanks count as absent,
// UUIDs (single and lists), booleans, dates. Each reader returns the 422 to answer, or nothing
// when the parameter is absent or valid (its value then in `out`).

#include "http/Request.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::http {

using Refusal = std::optional<Response>;

bool blankParam(const std::optional<std::string>& value);

// `true false 1 0`, any case; message `<name> must be true or false`.
Refusal readBoolParam(const Request& req, const std::string& name, bool& out);
// A UUID, lower-cased; message `<name> must be a valid UUID`.
Refusal readUuidParam(const Request& req, const std::string& name, std::optional<std::string>& out);
// `name[]=…` repeated and/or `name=…` split at commas; blank entries ignored; `out` stays
// nullopt when no entry remains. Message `<name> must contain valid UUIDs`.
Refusal readUuidListParam(const Request& req, const std::string& name,
                          std::optional<std::vector<std::string>>& out);
// docs/decisions.md D27 forms, ISO in `out`; message `<name> must be an ISO 8601 date`.
Refusal readDateParam(const Request& req, const std::string& name, std::optional<std::string>& out);

} // namespace finimport::http
