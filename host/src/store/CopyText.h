#pragma once
// PostgreSQL's COPY text format (one line per row, tab between columns): the encoding of one
// value. Backslash, tab, newline and carriage return are escaped; NULL is `\N`. Pure string
// work, so it is unit-tested without a server (tests/store/CopyTextTest.cpp).

#include "store/Sql.h"

#include <string>
#include <string_view>

namespace finimport::store {

// Appends `text` escaped for a COPY text-format column.
void appendCopyText(std::string& out, std::string_view text);
// Appends one value: NULL as `\N`, integers in decimal, text escaped.
void appendCopyValue(std::string& out, const SqlValue& value);
// Appends a whole row: values separated by tabs, ended by a newline.
void appendCopyRow(std::string& out, const SqlValue* values, size_t count);

} // namespace finimport::store
