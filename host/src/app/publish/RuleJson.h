#pragma once
// Decoding and checking the conditions/actions JSON of a RuleImport row (docs/imports.md §6.9),
// including the legacy repairs of double-encoded and badly escaped exports.

#include "domain/Json.h"

#include <string>

namespace finimport::app {

// A JSON array (blank → []): parsed; a JSON string holding JSON is parsed again; string
// values get `\uXXXX` decoded and `\"` turned into `"`. When the text does not parse, the
// legacy repair runs (surrounding quotes dropped, backslash runs before quotes collapsed,
// `\uXXXX` decoded; literal `\n \r \t` in values become control characters). Throws
// std::runtime_error "Invalid JSON in conditions or actions: <detail>" when nothing works.
finimport::json::Value decodeRuleJson(const std::string& text);

// Vocabulary of docs/imports.md §6.9; each throws std::runtime_error with a message naming the
// problem.
void checkConditions(const finimport::json::Value& conditions);
void checkActions(const finimport::json::Value& actions);

} // namespace finimport::app
