#pragma once
// An exception's message for the log and a failed job's record: a Poco exception's
// displayText() (its what() is only the class's description, "I/O error"), else what()
// (docs/decisions.md D115).

#include <exception>
#include <string>

namespace finimport::store {

std::string errorText(const std::exception& e);

} // namespace finimport::store
