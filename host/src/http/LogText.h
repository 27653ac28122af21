#pragma once
// Text from a client (paths, methods, exception messages quoting input) made safe for a log
// line: control characters, spaces and backslashes become \xHH, so a `%0A` in a path cannot
// start a forged line and a space cannot forge a `key=value` field.

#include <string>
#include <string_view>

namespace finimport::http {

std::string logSafe(std::string_view text);

} // namespace finimport::http
