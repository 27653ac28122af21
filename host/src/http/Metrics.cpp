#include "http/Metrics.h"

#include "http/ProcessMetrics.h"

#include <cstdio>
#include <sstream>

namespace finimport::http {

namespace {

void observe(std::array<uint64_t, Metrics::kBuckets.size()>& buckets, uint64_t& count, double& sum,
             double seconds) {
    for (size_t i = 0; i < Metrics::kBuckets.size(); ++i)
        if (seconds <= Metrics::kBuckets[i]) ++buckets[i];
    ++count;
    sum += seconds;
}

std::string num(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

template <class H>
void renderHistogram(std::ostringstream& out, const std::string& name, const std::string& labels,
                     const H& h) {
    const std::string sep = labels.empty() ? "" : ",";
    for (size_t i = 0; i < Metrics::kBuckets.size(); ++i)
        out << name << "_bucket{" << labels << sep << "le=\"" << num(Metrics::kBuckets[i]) << "\"} "
            << h.buckets[i] << "\n";
    out << name << "_bucket{" << labels << sep << "le=\"+Inf\"} " << h.count << "\n";
    out << name << "_sum{" << labels << "} " << num(h.sum) << "\n";
    out << name << "_count{" << labels << "} " << h.count << "\n";
}

} // namespace

std::string promLabel(const std::string& value) {
    std::string out;
    for (char c : value) {
        if (c == '\\' || c == '"') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out;
}

void Metrics::observeRequest(const std::string& rawMethod, const std::string& route, int status,
                             double seconds) {
    // Bounded labels: a made-up method is "other", never a new series (route is a pattern).
    static const std::array<const char*, 7> kMethods = {"GET",   "HEAD",   "POST",   "PUT",
                                                        "PATCH", "DELETE", "OPTIONS"};
    std::string method = "other";
    for (const char* known : kMethods)
        if (rawMethod == known) method = known;
    if (status < 100 || status > 599) status = 0;
    std::lock_guard lock(_mutex);
    ++_requests[{method, route, status}];
    auto& h = _latency[{method, route}];
    observe(h.buckets, h.count, h.sum, seconds);
}

void Metrics::observeJob(const std::string& kind, const std::string& status, double seconds,
                         int64_t rows) {
    std::lock_guard lock(_mutex);
    ++_jobs[{kind, status}];
    auto& h = _jobSeconds[kind];
    observe(h.buckets, h.count, h.sum, seconds);
    if (rows > 0 && kind == "publish") {
        _publishRows += static_cast<uint64_t>(rows);
        _publishSeconds += seconds;
        _lastPublishRate = seconds > 0 ? static_cast<double>(rows) / seconds : 0;
    }
}

std::string Metrics::render() const {
    std::ostringstream out;
    {
        std::lock_guard lock(_mutex);
        out << "# HELP finimport_http_requests_total HTTP requests by route and status.\n"
               "# TYPE finimport_http_requests_total counter\n";
        for (const auto& [k, n] : _requests)
            out << "finimport_http_requests_total{method=\"" << std::get<0>(k) << "\",route=\""
                << promLabel(std::get<1>(k)) << "\",status=\"" << std::get<2>(k) << "\"} " << n
                << "\n";
        out << "# HELP finimport_http_request_duration_seconds Request latency by route.\n"
               "# TYPE finimport_http_request_duration_seconds histogram\n";
        for (const auto& [k, h] : _latency)
            renderHistogram(out, "finimport_http_request_duration_seconds",
                            "method=\"" + k.first + "\",route=\"" + promLabel(k.second) + "\"", h);
        out << "# HELP finimport_jobs_total Jobs this instance finished, by kind and outcome.\n"
               "# TYPE finimport_jobs_total counter\n";
        for (const auto& [k, n] : _jobs)
            out << "finimport_jobs_total{kind=\"" << k.first << "\",status=\"" << k.second << "\"} "
                << n << "\n";
        out << "# HELP finimport_job_duration_seconds Job run time by kind.\n"
               "# TYPE finimport_job_duration_seconds histogram\n";
        for (const auto& [k, h] : _jobSeconds)
            renderHistogram(out, "finimport_job_duration_seconds", "kind=\"" + k + "\"", h);
        out << "# HELP finimport_publish_rows_total Rows of completed publishes.\n"
               "# TYPE finimport_publish_rows_total counter\n"
               "finimport_publish_rows_total "
            << _publishRows
            << "\n# HELP finimport_publish_seconds_total Time spent in completed publishes.\n"
               "# TYPE finimport_publish_seconds_total counter\n"
               "finimport_publish_seconds_total "
            << num(_publishSeconds)
            << "\n# HELP finimport_publish_rows_per_second Rows/s of the last completed "
               "publish.\n# TYPE finimport_publish_rows_per_second gauge\n"
               "finimport_publish_rows_per_second "
            << num(_lastPublishRate) << "\n";
    }
    out << renderProcessMetrics();
    if (_gauges) {
        std::string last;
        for (const auto& g : _gauges()) {
            if (g.name != last) {
                out << "# HELP " << g.name << " " << g.help << "\n# TYPE " << g.name << " gauge\n";
                last = g.name;
            }
            out << g.name;
            if (!g.labels.empty()) out << "{" << g.labels << "}";
            out << " " << num(g.value) << "\n";
        }
    }
    return out.str();
}

} // namespace finimport::http
