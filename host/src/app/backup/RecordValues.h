#pragma once
// Reading values out of an NDJSON record's `data` (the SDK's reader, finimport/json.hpp: numbers
// keep their exact text, docs/decisions.md D180): text, exact decimals, dates, booleans. Numbers
// sent as JSON numbers are accepted too; the exporter writes strings.

#include "domain/Date.h"
#include "domain/Decimal.h"
#include "domain/Json.h"

#include <memory>

#include <optional>
#include <string>
#include <string_view>

namespace finimport::app::backup {

using JsonValue = finimport::json::Value;
// A value of a parsed line (an object, or an array for arrayOf), sharing the line's tree: a
// record's `data` and its split lines live as long as someone holds one of them.
using JsonObject = std::shared_ptr<const JsonValue>;

// Backup lines carry rules whose conditions nest; deeper text is refused, not recursed into.
inline constexpr std::size_t kMaxJsonDepth = 256;

// Parses one JSON value; nullptr when it is not an object (or not JSON).
JsonObject parseJsonObject(std::string_view text);
// The member `key` when it is an object (objectOf) or an array (arrayOf), else nullptr.
JsonObject objectOf(const JsonObject& obj, std::string_view key);
JsonObject arrayOf(const JsonObject& obj, std::string_view key);
// Element `i` of an array when it is an object, else nullptr.
JsonObject elementOf(const JsonObject& array, std::size_t i);
// The number of elements of an array (0 for nullptr).
std::size_t sizeOf(const JsonObject& array);
bool has(const JsonObject& obj, std::string_view key);
// A scalar's text as textOf reads it (numbers through json::plainNumber,
// finimport/json_number.hpp); nullopt for null, arrays and objects.
std::optional<std::string> scalarText(const JsonValue& v);

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
