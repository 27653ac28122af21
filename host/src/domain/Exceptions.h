#pragma once
// What an exception caught by `catch (...)` says, for a log line or a refusal: its what(), or
// "an unknown exception" when it is not a std::exception.

#include <exception>
#include <string>

namespace finimport::domain {

inline std::string describeException(std::exception_ptr error) {
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "an unknown exception";
    }
}

} // namespace finimport::domain
