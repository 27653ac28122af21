#pragma once
// Helpers shared by the formats_api suites: upload a fixture, wait for the publish, read the
// store.
#include "AppHarness.h"

#include "store/Sql.h"

#include <string>
#include <vector>

namespace finimport::test {

std::string fixture(const std::string& relative);

// POST /api/v1/imports as multipart with one file part and the given fields.
HttpResult
uploadFile(AppHarness& app, const std::string& key, const std::string& type,
           const std::string& filename, const std::string& contentType, const std::string& data,
           const std::vector<std::pair<std::string, std::string>>& fields = {{"publish", "true"}});

// The import's status after the job queue ran.
Poco::JSON::Object::Ptr importDetail(AppHarness& app, const std::string& key,
                                     const std::string& id);

// Every value of the first column of a query, as text.
std::vector<std::string> column(AppHarness& app, const std::string& sql,
                                std::vector<store::SqlValue> params = {});

// An account named `name` in `currency` with a 0.00 opening balance on 2000-01-01 (a published
// AccountImport); its id.
std::string makeAccount(AppHarness& app, const std::string& key, const std::string& name,
                        const std::string& currency);

// The end balance text and cents of the newest balance row of the named account.
std::pair<std::string, int64_t> latestBalance(AppHarness& app, const std::string& key,
                                              const std::string& accountName);

} // namespace finimport::test
