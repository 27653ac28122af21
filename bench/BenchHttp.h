#pragma once
// Shared by the server benchmarks: a one-request HTTP client, a median and a clock.

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

namespace finimport::bench {

struct Reply {
    int status = 0;
    std::string body;
};

inline Reply request(uint16_t port, const std::string& method, const std::string& uri,
                     const std::string& key, const std::string& body = "") {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(600, 0));
    Poco::Net::HTTPRequest req(method, uri, Poco::Net::HTTPMessage::HTTP_1_1);
    if (!key.empty()) req.set("X-Api-Key", key);
    if (!body.empty() || method == "POST") {
        req.setContentType("application/json");
        req.setContentLength(static_cast<std::streamsize>(body.size()));
    }
    session.sendRequest(req) << body;
    Poco::Net::HTTPResponse res;
    std::istream& in = session.receiveResponse(res);
    std::ostringstream out;
    out << in.rdbuf();
    return {static_cast<int>(res.getStatus()), out.str()};
}

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

inline double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// "…"id":"<value>"…" → value (the first occurrence of the key).
inline std::string jsonText(const std::string& body, const std::string& key) {
    auto at = body.find("\"" + key + "\":\"");
    if (at == std::string::npos) return "";
    at += key.size() + 4;
    return body.substr(at, body.find('"', at) - at);
}

// A benchmark's main: `run`, with an exception reported as "<name>: <what>" and exit 1.
inline int runReporting(const char* name, int (*run)(int, char**), int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const Poco::Exception& e) {
        std::fprintf(stderr, "%s: %s\n", name, e.displayText().c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", name, e.what());
    }
    return 1;
}

} // namespace finimport::bench
