#pragma once
// The stored forms of a row (the `fields` and `errors` texts of store::ImportRowRecord).
//
// Fields, compact: no JSON quoting and the common field names as one character, so a 10 MB
// upload stores about its own size instead of five times it. Text-safe on both databases: ASCII
// framing around the values' own UTF-8. A row with a NUL byte in a value (which PostgreSQL text
// cannot hold) is stored as JSON, as every row was before schema v9; the decoder reads both.
//
//   fields := 'F' field*
//   field  := name value
//   name   := one character of kNames (RowCodec.cpp) ('0' + index) | '!' <bytes> ':' <name>
//   value  := '-' (null) | <bytes> ':' <text>         (<bytes> in decimal)
//
// JSON: an object of the fields in order (null or string values); a repeated name keeps its
// last value. Errors are a JSON array of RowMessage objects.

#include "app/rows/Fields.h"
#include "app/rows/RowMessage.h"

#include <string>
#include <string_view>
#include <vector>

namespace finimport::app::rows {

std::string encodeFields(const Fields& fields);
// Throws std::runtime_error on text that is neither form.
Fields decodeFields(std::string_view stored);
// Whether field `name` of a stored row is absent, null or blank (spaces and tabs), read without
// decoding the row.
bool storedFieldBlank(std::string_view stored, std::string_view name);

std::string fieldsToJson(const Fields& fields);
Fields fieldsFromJson(std::string_view json);
std::string messagesToJson(const std::vector<RowMessage>& messages);
std::vector<RowMessage> messagesFromJson(std::string_view json);

// The header of a decoded row: the last one this thread built when the names are the same
// (rows read together share their names), else a new one.
std::shared_ptr<const Header> decodedHeader(const std::vector<std::string_view>& names);

} // namespace finimport::app::rows
