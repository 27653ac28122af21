#pragma once
// Row validation evaluated now (docs/imports.md §3, §5.8, §12.6; docs/decisions.md D1): the parse
// errors the plugin stored, plus the checks that depend on today and on the currency table.

#include "app/imports/RowCollector.h"
#include "domain/Date.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

using RowFields = std::vector<std::pair<std::string, std::optional<std::string>>>;

// Full sentences, date errors first, currency errors last.
std::vector<std::string> rowErrorsNow(const RowFields& fields,
                                      const std::vector<RowMessage>& stored, domain::Date today);

// The row date window of docs/decisions.md D1: (today − 50 years, today + 1 day] (50, not the
// reference's 30).
bool dateInWindow(domain::Date date, domain::Date today);

// JSON forms of a row: its stored errors; its fields as stored before schema v9 (the stored
// form is now RowCodec.h's).
std::string rowFieldsToJson(const RowFields& fields);
RowFields rowFieldsFromJson(std::string_view json);
std::string rowMessagesToJson(const std::vector<RowMessage>& messages);
std::vector<RowMessage> rowMessagesFromJson(std::string_view json);

const std::optional<std::string>* findField(const RowFields& fields, std::string_view name);
std::string fieldText(const RowFields& fields, std::string_view name); // "" when absent/null

} // namespace finimport::app
