#pragma once
// Authentication (docs/api.md §3): the key lookup is an interface so the store can implement it.

#include <string>

namespace finimport::http {

struct Principal {
    std::string keyId;
    std::string userId;
    std::string familyId;
    std::string scope; // "read" or "read_write"; anything else fails every scope check
};

struct AuthOutcome {
    enum class Status { Ok, Invalid, Deactivated };
    Status status = Status::Invalid;
    Principal principal; // meaningful when status == Ok
};

class Authenticator {
public:
    virtual ~Authenticator() = default;
    // `apiKey` is the exact, non-empty X-Api-Key header value. Unknown, revoked and expired
    // keys are all Invalid. May throw (e.g. database down): the request then answers 500.
    virtual AuthOutcome authenticate(const std::string& apiKey) = 0;
};

enum class AuthRequirement { None, Read, Write };

// Hierarchical scopes (docs/api.md §3.3): read <- read | read_write, write <- read_write only.
bool scopeSatisfies(const std::string& scope, AuthRequirement requirement);

} // namespace finimport::http
