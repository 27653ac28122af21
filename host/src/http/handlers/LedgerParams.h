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
// docs/decisions.md D27 forms, ISO in `out`; message `<name> must be an ISO 8601 date`, or
// `invalid` when given.
Refusal readDateParam(const Request& req, const std::string& name, std::optional<std::string>& out,
                      const std::string& invalid = {});

// A list's filters read in their documented order: the first refusal is kept and every read
// after it does nothing (the first failure answers, docs/api.md §9.2).
class ListParams {
public:
    explicit ListParams(const Request& req) : _req(req) {}
    ListParams& uuid(const std::string& name, std::optional<std::string>& out);
    ListParams& uuids(const std::string& name, std::optional<std::vector<std::string>>& out);
    // `<stem>_id` then `<stem>_ids`.
    ListParams& ids(const std::string& stem, std::optional<std::string>& one,
                    std::optional<std::vector<std::string>>& many);
    // `start_date` then `end_date`; `formatMessage`: refused as `Invalid <name> format`
    // (docs/api.md, GET /trades).
    ListParams& dates(std::optional<std::string>& start, std::optional<std::string>& end,
                      bool formatMessage = false);
    // Any other reader, run unless a refusal came first.
    template <class Read> ListParams& then(Read read) {
        if (!_refusal) _refusal = read();
        return *this;
    }
    const Refusal& refusal() const { return _refusal; }

private:
    const Request& _req;
    Refusal _refusal;
};

} // namespace finimport::http
