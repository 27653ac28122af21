#pragma once
// What kind of refusal an application operation answers. Only http/ turns a kind into a status
// code (http/Errors.h, statusOf); app/ never names one (docs/architecture.md, "Layers").

#include <cstdint>

namespace finimport::app {

enum class ErrorKind : uint8_t {
    Invalid,  // the request or its file breaks a rule: 422
    NotFound, // the record named does not exist in the caller's family: 404
    Conflict, // the record is in a state that forbids the operation: 409
    Internal, // an unexpected failure, already logged: 500
};

} // namespace finimport::app
