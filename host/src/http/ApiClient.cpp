#include "http/ApiClient.h"

#include "domain/Json.h"
#include "plugin/PocoJson.h"

#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <filesystem>
#include <fstream>

namespace finimport::http {

std::string ApiAnswer::errorText() const {
    std::string out = json ? text(json, "message") : "";
    if (out.empty()) out = "HTTP " + std::to_string(status);
    if (json && json->isArray("errors"))
        for (const auto& e : *json->getArray("errors"))
            out += "\n  " + e.toString();
    return out;
}

ApiAnswer ApiClient::send(const std::string& method, const std::string& path,
                          const std::function<void(std::ostream&)>& body, int64_t length,
                          const std::string& contentType, const std::vector<FormField>& headers) {
    Poco::Net::HTTPClientSession session(_s.host, _s.port);
    session.setTimeout(Poco::Timespan(300, 0)); // a large upload is parsed before the answer
    Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
    request.set("X-Api-Key", _s.key);
    request.set("Accept", "application/json");
    for (const auto& h : headers)
        request.set(h.name, h.value);
    if (body) {
        request.setContentType(contentType);
        request.setContentLength64(length);
    } else if (method == "POST") {
        request.setContentLength(0);
    }
    std::ostream& out = session.sendRequest(request);
    if (body) body(out);
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    ApiAnswer a;
    a.status = static_cast<int>(response.getStatus());
    Poco::StreamCopier::copyToString(in, a.body);
    // The one JSON reader (docs/decisions.md D180); a number with a fraction is shown as sent.
    if (auto parsed = json::parse(a.body); parsed.value && parsed.value->isObject())
        a.json = plugin::toPoco(*parsed.value, plugin::JsonFractions::AsText)
                     .extract<Poco::JSON::Object::Ptr>();
    return a;
}

ApiAnswer ApiClient::get(const std::string& pathAndQuery) {
    return send("GET", pathAndQuery, nullptr, 0, "");
}

ApiAnswer ApiClient::post(const std::string& path) {
    return send("POST", path, nullptr, 0, "");
}

ApiAnswer ApiClient::postFile(const std::string& path, const std::vector<FormField>& fields,
                              const std::string& file,
                              const std::function<void(int64_t, int64_t)>& sent,
                              const std::vector<FormField>& headers) {
    const std::string boundary = "finimport-cli-7c1f9a2e5b";
    std::string head;
    for (const auto& f : fields)
        head += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + f.name +
                "\"\r\n\r\n" + f.value + "\r\n";
    std::string name = std::filesystem::path(file).filename().string();
    for (char& c : name)
        if (c == '"' || c == '\r' || c == '\n') c = '_';
    head += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" +
            name + "\"\r\nContent-Type: application/octet-stream\r\n\r\n";
    const std::string tail = "\r\n--" + boundary + "--\r\n";
    const auto size = static_cast<int64_t>(std::filesystem::file_size(file));
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + file);
    auto body = [&](std::ostream& out) {
        out << head;
        std::vector<char> buffer(1 << 16);
        int64_t done = 0;
        while (in) {
            in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            const auto n = in.gcount();
            if (n <= 0) break;
            out.write(buffer.data(), n);
            done += n;
            if (sent) sent(done, size);
        }
        out << tail;
        out.flush();
    };
    return send("POST", path, body, static_cast<int64_t>(head.size()) + size + tail.size(),
                "multipart/form-data; boundary=" + boundary, headers);
}

std::string text(const Poco::JSON::Object::Ptr& o, const std::string& key) {
    if (!o || !o->has(key) || o->isNull(key)) return "";
    return o->get(key).toString();
}

int64_t integer(const Poco::JSON::Object::Ptr& o, const std::string& key) {
    if (!o || !o->has(key) || o->isNull(key)) return 0;
    return o->getValue<int64_t>(key);
}

} // namespace finimport::http
