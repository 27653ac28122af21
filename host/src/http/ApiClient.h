#pragma once
// The client side of the public HTTP API, for the commands that talk to a running server
// (`import`, `imports …`, `watch`; docs/cli.md "Talking to a server"). Where the server and the key
// come from is the command line's business (cli/ClientSettings.h, docs/decisions.md D102).

#include <Poco/JSON/Object.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace finimport::http {

struct ClientSettings {
    std::string host;
    uint16_t port = 3000;
    std::string key;
};

struct ApiAnswer {
    int status = 0;
    std::string body;
    Poco::JSON::Object::Ptr json; // null when the body is not a JSON object

    bool ok() const { return status >= 200 && status < 300; }
    // `message` of an error body (else the status), then each of `errors`.
    std::string errorText() const;
};

struct FormField {
    std::string name, value;
};

class ApiClient {
public:
    explicit ApiClient(ClientSettings settings) : _s(std::move(settings)) {}

    ApiAnswer get(const std::string& pathAndQuery);
    ApiAnswer post(const std::string& path); // no body
    // multipart/form-data: the fields, then FILE as the part `file`, streamed from disk;
    // `sent(bytes, total)` is called as it goes. `headers`: more request headers.
    ApiAnswer postFile(const std::string& path, const std::vector<FormField>& fields,
                       const std::string& file, const std::function<void(int64_t, int64_t)>& sent,
                       const std::vector<FormField>& headers = {});
    const ClientSettings& settings() const { return _s; }

private:
    ApiAnswer send(const std::string& method, const std::string& path,
                   const std::function<void(std::ostream&)>& body, int64_t length,
                   const std::string& contentType, const std::vector<FormField>& headers = {});
    ClientSettings _s;
};

// A JSON value of an object as text ("" when absent or null), and as an integer (0 when absent).
std::string text(const Poco::JSON::Object::Ptr& o, const std::string& key);
int64_t integer(const Poco::JSON::Object::Ptr& o, const std::string& key);

} // namespace finimport::http
