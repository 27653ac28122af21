#include "domain/LogLine.h"

#include <cxxabi.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <typeinfo>
#include <unistd.h>

namespace finimport::domain {

std::string jsonString(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", u);
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

LogLine::LogLine(std::string_view event) {
    using namespace std::chrono;
    auto now = system_clock::now();
    std::time_t t = system_clock::to_time_t(now);
    auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, int(ms));
    _out = "{\"ts\":\"" + std::string(buf) + "\"";
    str("event", event);
}

void LogLine::key(std::string_view k) {
    _out += ',';
    _out += jsonString(k);
    _out += ':';
}

LogLine& LogLine::str(std::string_view k, std::string_view value) {
    key(k);
    _out += jsonString(value);
    return *this;
}

LogLine& LogLine::num(std::string_view k, int64_t value) {
    key(k);
    _out += std::to_string(value);
    return *this;
}

LogLine& LogLine::dbl(std::string_view k, double value) {
    key(k);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", value);
    _out += buf;
    return *this;
}

LogLine& LogLine::boolean(std::string_view k, bool value) {
    key(k);
    _out += value ? "true" : "false";
    return *this;
}

void LogLine::emit() const {
    std::string line = text() + "\n";
    // One write(2): concurrent lines never interleave.
    ssize_t ignored = ::write(STDERR_FILENO, line.data(), line.size());
    (void)ignored;
}

std::string logMessage(std::string_view text) {
    text = text.substr(0, text.find('\n'));
    std::string out;
    for (size_t i = 0; i < text.size();) {
        size_t run = 0;
        while (i + run < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + run])))
            ++run;
        if (run >= 32) {
            out += "[redacted]";
            i += run;
        } else if (run > 0) {
            out.append(text.substr(i, run));
            i += run;
        } else {
            out += text[i++];
        }
    }
    if (out.size() > 300) out = out.substr(0, 300) + "...";
    return out;
}

std::string exceptionClass(const std::exception& e) {
    const char* mangled = typeid(e).name();
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(
        abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
    return status == 0 && name ? std::string(name.get()) : std::string(mangled);
}

} // namespace finimport::domain
