#pragma once
// The standard process metrics of Prometheus' client libraries (process_*), read from /proc at
// scrape time: resident memory, CPU seconds, open and maximum descriptors, start time.

#include <string>

namespace finimport::http {

// Exposition text for the process_* families (missing values are left out).
std::string renderProcessMetrics();

} // namespace finimport::http
