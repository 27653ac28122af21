#pragma once
// The stored form of a row's fields (the `fields` text of store::ImportRowRecord). Compact:
// no JSON quoting and the common field names as one character, so a 10 MB upload stores about
// its own size instead of five times it. Text-safe on both databases: ASCII framing
// around the values' own UTF-8. A row with a NUL byte in a value (which PostgreSQL text cannot
// hold) is stored as JSON, as every row was before schema v9; the decoder reads both.
//
//   fields := 'F' field*
//   field  := name value
//   name   := one character of kNames below ('0' + index) | '!' <bytes> ':' <name>
//   value  := '-' (null) | <bytes> ':' <text>         (<bytes> in decimal)

#include "app/imports/RowValidation.h"

#include <string>
#include <string_view>

namespace finimport::app {

std::string encodeRowFields(const RowFields& fields);
// Throws std::runtime_error on text that is neither form.
RowFields decodeRowFields(std::string_view stored);
// Whether field `name` of a stored row is absent, null or blank (spaces and tabs), read without
// decoding the row (fieldText of the decoded row says the same).
bool storedFieldBlank(std::string_view stored, std::string_view name);

} // namespace finimport::app
