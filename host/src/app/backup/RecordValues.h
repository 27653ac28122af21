#pragma once
// Reading values out of an NDJSON record's `data` (Poco::JSON): text, exact decimals, dates,
// booleans. Numbers sent as JSON numbers are accepted too; the exporter writes strings.

#include "domain/Date.h"
#include "domain/Decimal.h"

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <string_view>

namespace finimport::app::backup {

using JsonObject = Poco::JSON::Object::Ptr;

// Parses one JSON value; nullptr when it is not an object (or not JSON).
JsonObject parseJsonObject(const std::string& text);

// Ruby's blank?: missing, null, false, whitespace-only text, empty array/object.
bool isBlank(const JsonObject& obj, const std::string& key);
// The value as text: strings as is, numbers and booleans printed; nullopt when null/missing.
std::optional<std::string> textOf(const JsonObject& obj, const std::string& key);
// Non-blank text, trimmed; nullopt otherwise.
std::optional<std::string> presentText(const JsonObject& obj, const std::string& key);
std::optional<domain::Decimal> decimalOf(const JsonObject& obj, const std::string& key);
std::optional<domain::Date> dateOf(const JsonObject& obj, const std::string& key);
// A date or date-time (`2024-01-15T…`): the date part (Budget dates are read leniently).
std::optional<domain::Date> lenientDateOf(const JsonObject& obj, const std::string& key);
// true, "true", "1", 1 (Ruby truthiness as the reference casts booleans).
bool truthyOf(const JsonObject& obj, const std::string& key);
std::optional<int64_t> integerOf(const JsonObject& obj, const std::string& key);

std::string trimText(std::string_view s);
// A decimal as the exporter writes it: plain, at least one fraction digit (docs/imports.md §0).
std::string decimalText(int64_t raw);

} // namespace finimport::app::backup
