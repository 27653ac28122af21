#pragma once
// What kind of refusal an application operation answers. Only http/ turns a kind into a status
// code (http/Errors.h, statusOf); app/ never names one (docs/architecture.md, "Layers").

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

enum class ErrorKind : uint8_t {
    Invalid,  // the request or its file breaks a rule: 422
    NotFound, // the record named does not exist in the caller's family: 404
    Conflict, // the record is in a state that forbids the operation: 409
    Internal, // an unexpected failure, already logged: 500
};

// A refused application operation: its kind, the body's `error` code and `message`, the
// `errors` list when the body has one, and the import it concerns when there is one (an upload
// refused after its import was stored answers its `import_id`).
struct Error {
    ErrorKind kind = ErrorKind::Invalid;
    std::string error, message;
    std::optional<std::vector<std::string>> errors = std::nullopt;
    std::optional<std::string> importId = std::nullopt;
};

} // namespace finimport::app
