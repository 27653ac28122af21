#pragma once
// Helpers of the lifecycle suite: create/publish/revert imports over HTTP and read the store.

#include "AppHarness.h"
#include "store/Sql.h"

#include <Poco/JSON/Object.h>

#include <string>
#include <vector>

namespace finimport::test {

// The `data` object of GET /api/v1/imports/{id}.
Poco::JSON::Object::Ptr importDetail(AppHarness& app, const std::string& key,
                                     const std::string& id);
// POST …/publish (asserts 200), waits for the job, returns the final status.
std::string publishImport(AppHarness& app, const std::string& key, const std::string& id);
// POST …/revert (asserts 200), waits for the job, returns the final status.
std::string revertImport(AppHarness& app, const std::string& key, const std::string& id);
// GET …/rows?per_page=100: the `data` array.
Poco::JSON::Array::Ptr importRows(AppHarness& app, const std::string& key, const std::string& id);

// Store reads inside one read transaction.
int64_t storeCount(AppHarness& app, const std::string& sql,
                   const std::vector<store::SqlValue>& params = {});
std::vector<store::SqlRow> storeQuery(AppHarness& app, const std::string& sql,
                                      const std::vector<store::SqlValue>& params = {});
// The id of the family account named `name` (throws when none).
std::string accountIdByName(AppHarness& app, const std::string& name);

// {"type":…,"raw_file_content":…} plus extra `"k":"v"` pairs (already JSON-encoded text).
std::string importBody(const std::string& type, const std::string& content,
                       const std::string& extra = "");

} // namespace finimport::test
