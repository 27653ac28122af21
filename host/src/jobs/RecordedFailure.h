#pragma once
// A job whose work failed after the handler recorded that failure where the API shows it (the
// import's `error`, the rule pass's `error_message`): the handler throws this so the job ends
// `failed` and its log line names the original exception's class and message
// (docs/decisions.md D116).

#include <stdexcept>
#include <string>

namespace finimport::jobs {

class RecordedFailure : public std::runtime_error {
public:
    RecordedFailure(std::string exceptionClass, const std::string& message)
        : std::runtime_error(message), _class(std::move(exceptionClass)) {}
    const std::string& exceptionClass() const { return _class; }

private:
    std::string _class;
};

} // namespace finimport::jobs
