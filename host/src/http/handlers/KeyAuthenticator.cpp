#include "http/handlers/KeyAuthenticator.h"

namespace finimport::http {

AuthOutcome KeyAuthenticator::authenticate(const std::string& apiKey) {
    app::KeyAuthentication a = _keys.authenticate(apiKey);
    AuthOutcome out;
    using S = app::KeyAuthentication::Status;
    out.status = a.status == S::Ok            ? AuthOutcome::Status::Ok
                 : a.status == S::Deactivated ? AuthOutcome::Status::Deactivated
                                              : AuthOutcome::Status::Invalid;
    out.principal = Principal{a.keyId, a.userId, a.familyId, a.scope};
    return out;
}

} // namespace finimport::http
