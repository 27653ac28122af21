#include "http/ProcessMetrics.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace finimport::http {

namespace {

std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

void family(std::ostringstream& out, const char* name, const char* type, const char* help,
            double value) {
    out << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n"
        << name << " " << number(value) << "\n";
}

// Fields of /proc/self/stat after the command name (field 3 is index 0).
std::vector<std::string> statFields() {
    std::ifstream in("/proc/self/stat");
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = all.rfind(')'); // the command name may hold spaces and parentheses
    std::vector<std::string> fields;
    if (close == std::string::npos) return fields;
    std::istringstream rest(all.substr(close + 1));
    for (std::string f; rest >> f;)
        fields.push_back(f);
    return fields;
}

double bootTime() {
    std::ifstream in("/proc/stat");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("btime ", 0) == 0) return std::stod(line.substr(6));
    return 0;
}

} // namespace

std::string renderProcessMetrics() {
    std::ostringstream out;
    const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
    const auto fields = statFields();
    // utime, stime: fields 14, 15; starttime: 22; rss (pages): 24.
    if (fields.size() > 21 && ticks > 0) {
        family(out, "process_cpu_seconds_total", "counter",
               "Total user and system CPU time spent in seconds.",
               (std::stod(fields[11]) + std::stod(fields[12])) / ticks);
        family(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
               std::stod(fields[21]) * static_cast<double>(sysconf(_SC_PAGESIZE)));
        if (const double boot = bootTime(); boot > 0)
            family(out, "process_start_time_seconds", "gauge",
                   "Start time of the process since unix epoch in seconds.",
                   boot + std::stod(fields[19]) / ticks);
    }
    std::error_code error;
    size_t open = 0;
    for (auto it = std::filesystem::directory_iterator("/proc/self/fd", error);
         !error && it != std::filesystem::directory_iterator(); it.increment(error))
        ++open;
    if (!error) family(out, "process_open_fds", "gauge", "Number of open file descriptors.", open);
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0)
        family(out, "process_max_fds", "gauge", "Maximum number of open file descriptors.",
               static_cast<double>(limit.rlim_cur));
    return out.str();
}

} // namespace finimport::http
