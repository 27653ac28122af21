#include "http/Auth.h"

namespace finimport::http {

bool scopeSatisfies(const std::string& scope, AuthRequirement requirement) {
    switch (requirement) {
    case AuthRequirement::None:
        return true;
    case AuthRequirement::Read:
        return scope == "read" || scope == "read_write";
    case AuthRequirement::Write:
        return scope == "read_write";
    }
    return false;
}

} // namespace finimport::http
