#pragma once
// The JSON reading helpers of the manifest parser (plugin/Manifest.cpp): typed members of a
// Poco JSON object, each failing with the sentence parseManifest reports. Internal to plugin/.

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace finimport::plugin::manifest_json {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

// Thrown by these helpers and the parser; parseManifest turns it into ManifestParseResult::error.
struct InvalidManifest {
    std::string message;
};

[[noreturn]] void fail(std::string message);
std::string quoted(const std::string& text);
bool isObject(const Var& v);
bool isArray(const Var& v);

// Reads `key` as an array of strings; absent → `fallback` unless `required`.
std::vector<std::string> stringArray(const Object& object, const std::string& key,
                                     const std::string& where, bool required);
// Reads `key` as an object of strings: its (name, text) pairs in order; absent → none.
std::vector<std::pair<std::string, std::string>>
stringObject(const Object& object, const std::string& key, const std::string& where);
// An optional non-empty string member; absent → "".
std::string optionalText(const Object& object, const std::string& key);
std::optional<std::string> optionalString(const Object& object, const std::string& key,
                                          const std::string& where);
std::optional<int64_t> optionalInteger(const Object& object, const std::string& key,
                                       const std::string& where);
bool optionalBool(const Object& object, const std::string& key, const std::string& where);

void rejectUnknownKeys(const Object& object, const std::set<std::string>& known,
                       const std::string& where);
void rejectDuplicates(const std::vector<std::string>& items, const std::string& what);
void requireAllIn(const std::vector<std::string>& items, const std::set<std::string>& allowed,
                  const std::string& what);

} // namespace finimport::plugin::manifest_json
