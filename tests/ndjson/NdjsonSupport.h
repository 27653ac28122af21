#pragma once
// Helpers of the ndjson_service suite: publish a ServiceImport over HTTP and read its result.

#include "AppHarness.h"
#include "store/Sql.h"

#include <Poco/JSON/Object.h>

#include <string>
#include <vector>

namespace finimport::test {

std::string ndjsonFixture(const std::string& name);

struct ServiceRun {
    int createStatus = 0;
    Poco::JSON::Object::Ptr created; // the create response body
    std::string importId;
    Poco::JSON::Object::Ptr import; // GET /imports/{id} `data` after the jobs ran
};

// POST /api/v1/imports (ServiceImport, publish=true), wait for the job, read the import back.
ServiceRun publishService(AppHarness& app, const std::string& key, const std::string& content);
Poco::JSON::Object::Ptr importData(AppHarness& app, const std::string& key, const std::string& id);
Poco::JSON::Object::Ptr readback(const Poco::JSON::Object::Ptr& import);
int64_t countOf(const Poco::JSON::Object::Ptr& counts, const std::string& key);
// errors[] of an error body, as strings.
std::vector<std::string> errorLines(const Poco::JSON::Object::Ptr& body);

int64_t sqlCount(AppHarness& app, const std::string& sql,
                 const std::vector<store::SqlValue>& params = {});
std::vector<std::vector<std::string>> sqlRows(AppHarness& app, const std::string& sql,
                                              const std::vector<store::SqlValue>& params = {});

} // namespace finimport::test
