#pragma once
// The 9 accountable types of the service format and their valid subtypes (docs/imports.md §6.12).

#include <string>

namespace finimport::app {

bool isAccountableType(const std::string& type);
// Types without a subtype list accept any subtype.
bool isValidSubtype(const std::string& type, const std::string& subtype);

} // namespace finimport::app
