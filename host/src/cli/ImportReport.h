#pragma once
// What the client commands share about one import: waiting for its job with a progress bar, the
// result summary (rows, valid, invalid with the first ten errors and their lines, duplicates,
// warnings) and the exit code (docs/cli.md "Talking to a server").

#include "cli/ClientSettings.h"

#include <ostream>
#include <string>

namespace finimport::cli {

// Polls GET /api/v1/imports/{id} while the import is importing or reverting (the bar shows its
// `progress`); returns the last ImportDetail (`data`), or null when it could not be read.
Poco::JSON::Object::Ptr waitForJob(ApiClient& api, const std::string& id);

// The summary lines of an import (its invalid rows fetched from the rows endpoint).
void printSummary(ApiClient& api, const Poco::JSON::Object::Ptr& detail, std::ostream& out);

// Handles the answer to a create, publish or revert request: waits for a queued job, prints the
// summary (or with `json` the ImportDetail), prints a refusal, and returns the exit code: 0 when
// the import ended `want` ("complete", "pending"), else 1.
int finishRequest(ApiClient& api, const ApiAnswer& answer, const std::string& want, bool json,
                  std::ostream& out, std::ostream& err);

// The one served type that reads the file's extension, or "" (send no type: the server's default
// type) when several or none do; for servers that cannot detect types (docs/decisions.md D103).
std::string typeFromExtension(ApiClient& api, const std::string& file);

// --account ID|NAME: a UUID as is, else the family's account of that exact name (then the only
// one with that name in another letter case). Throws std::runtime_error naming the problem.
std::string resolveAccount(ApiClient& api, const std::string& idOrName);

// Uploads FILE as `type` ("auto" included) with the fields, publishing when asked, and reports
// as finishRequest does.
int importFile(ApiClient& api, const std::string& file, const std::string& type,
               std::vector<FormField> fields, bool publish, bool json, std::ostream& out,
               std::ostream& err);
// The fields of --option KEY=VALUE (repeatable), --account and --template.
std::vector<FormField> importFields(ApiClient& api, const Args& args);

} // namespace finimport::cli
