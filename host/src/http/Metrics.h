#pragma once
// Operator metrics in the Prometheus text format (GET /metrics). In-process counters
// (requests by route and status with latency histograms, jobs, publish rows/s) plus gauges read
// at scrape time through a callback (imports by status, job queue depth and oldest job age,
// database pool usage) — those come from the database, so every instance reports the same
// shared queue.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace finimport::http {

// One scrape-time gauge sample: name, labels ("k=\"v\"" pairs already formatted), value.
struct GaugeSample {
    std::string name, help, labels;
    double value = 0;
};

class Metrics {
public:
    static constexpr std::array<double, 11> kBuckets = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                                        0.5,   1,    2.5,   5,    10};

    // `route`: the matched route pattern (or "unmatched"), never the raw path (bounded labels).
    void observeRequest(const std::string& method, const std::string& route, int status,
                        double seconds);
    // A finished job; `rows` > 0 for a publish that completed (publish rows/s).
    void observeJob(const std::string& kind, const std::string& status, double seconds,
                    int64_t rows);
    void setGauges(std::function<std::vector<GaugeSample>()> gauges) {
        _gauges = std::move(gauges);
    }

    // The whole exposition text.
    std::string render() const;

private:
    struct Histogram {
        std::array<uint64_t, kBuckets.size()> buckets{};
        uint64_t count = 0;
        double sum = 0;
    };
    mutable std::mutex _mutex;
    std::map<std::tuple<std::string, std::string, int>, uint64_t> _requests;
    std::map<std::pair<std::string, std::string>, Histogram> _latency; // method, route
    std::map<std::pair<std::string, std::string>, uint64_t> _jobs;     // kind, status
    std::map<std::string, Histogram> _jobSeconds;
    uint64_t _publishRows = 0;
    double _publishSeconds = 0, _lastPublishRate = 0;
    std::function<std::vector<GaugeSample>()> _gauges;
};

// `value` escaped for a Prometheus label value.
std::string promLabel(const std::string& value);

} // namespace finimport::http
