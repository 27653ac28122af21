#pragma once
// Shared by the server benchmarks: a one-request HTTP client, a median and a clock.

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
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

// What wrk measured of one path.
struct WrkResult {
    double requestsPerSecond = 0, p99Millis = 0;
    long non2xx = 0, requests = 0;
    // The server's CPU time (this process: the server runs in it, wrk is a child) per request:
    // what a request costs, whatever the machine's load does to the wall-clock figures.
    double cpuMicrosPerRequest = 0;
};

inline double processCpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// wrk's latency text ("850.00us", "1.20ms", "2.01s") in milliseconds.
inline double wrkMillis(const std::string& value) {
    double v = std::atof(value.c_str());
    if (value.ends_with("us")) return v / 1000;
    if (value.ends_with("ms")) return v;
    if (value.ends_with("s")) return v * 1000;
    return v;
}

// wrk at 32 connections on `path` for `seconds`; `headers` are extra -H arguments.
inline WrkResult runWrk(uint16_t port, const std::string& path, const std::string& key, int seconds,
                        const std::string& headers = "") {
    std::string cmd = "wrk -t2 -c32 -d" + std::to_string(seconds) + "s --latency " +
                      (key.empty() ? "" : "-H 'X-Api-Key: " + key + "' ") + headers + " " +
                      "'http://127.0.0.1:" + std::to_string(port) + path + "' 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
    WrkResult r;
    if (!pipe) return r;
    const double cpuBefore = processCpuSeconds();
    std::array<char, 512> line{};
    while (std::fgets(line.data(), line.size(), pipe.get())) {
        std::string l(line.data());
        char value[64] = {};
        if (l.find("Requests/sec:") != std::string::npos)
            r.requestsPerSecond = std::atof(l.substr(l.find(':') + 1).c_str());
        else if (std::sscanf(l.c_str(), " 99%% %63s", value) == 1)
            r.p99Millis = wrkMillis(value);
        else if (l.find("Non-2xx") != std::string::npos)
            r.non2xx = std::atol(l.substr(l.find(':') + 1).c_str());
        else if (l.find(" requests in ") != std::string::npos)
            r.requests = std::atol(l.c_str());
    }
    if (r.requests > 0)
        r.cpuMicrosPerRequest = (processCpuSeconds() - cpuBefore) * 1e6 / double(r.requests);
    return r;
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
