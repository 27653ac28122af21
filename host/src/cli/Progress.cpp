#include "cli/Progress.h"

#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace finimport::cli {

namespace {

std::string megabytes(int64_t bytes) {
    char buf[32];
    if (bytes < 1000000)
        std::snprintf(buf, sizeof buf, "%.1f kB", static_cast<double>(bytes) / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return buf;
}

} // namespace

ProgressBar::ProgressBar() : _tty(::isatty(STDERR_FILENO) == 1) {}

void ProgressBar::draw(const std::string& label, double fraction, const std::string& tail) {
    if (!_tty) return;
    const int width = 30;
    const int filled = fraction < 0 ? 0 : static_cast<int>(fraction * width + 0.5);
    std::string line = label + " [" + std::string(static_cast<size_t>(filled), '#') +
                       std::string(static_cast<size_t>(width - filled), '.') + "] " + tail;
    if (line == _last) return;
    _last = line;
    std::cerr << "\r\033[K" << line << std::flush;
    _open = true;
}

void ProgressBar::bytes(const std::string& label, int64_t done, int64_t total) {
    const double f = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 0;
    draw(label, f,
         std::to_string(static_cast<int>(f * 100)) + "%  " + megabytes(done) + " of " +
             megabytes(total));
}

void ProgressBar::rows(const std::string& label, int64_t done, int64_t total) {
    const double f = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : -1;
    draw(label, f,
         total >= 0 ? std::to_string(done) + " of " + std::to_string(total) + " rows"
         : done > 0 ? std::to_string(done) + " rows"
                    : "…");
}

void ProgressBar::finish() {
    if (_open) std::cerr << "\n" << std::flush;
    _open = false;
    _last.clear();
}

} // namespace finimport::cli
