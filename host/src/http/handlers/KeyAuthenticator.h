#pragma once
// X-Api-Key authentication backed by the store (app::ApiKeys).

#include "app/auth/ApiKeys.h"
#include "http/Auth.h"

namespace finimport::http {

class KeyAuthenticator : public Authenticator {
public:
    explicit KeyAuthenticator(app::ApiKeys& keys) : _keys(keys) {}
    AuthOutcome authenticate(const std::string& apiKey) override;

private:
    app::ApiKeys& _keys;
};

} // namespace finimport::http
