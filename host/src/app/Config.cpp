#include "app/Config.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#ifndef FINIMPORT_INSTALL_PLUGIN_DIR
#define FINIMPORT_INSTALL_PLUGIN_DIR "/usr/lib/finimport/plugins"
#endif

namespace finimport::app {

namespace {

const char* kKeys[] = {"listen",
                       "database",
                       "plugins",
                       "workers",
                       "http_threads",
                       "rate_limit.mode",
                       "limits.rows",
                       "limits.account_rows",
                       "limits.service_rows",
                       "encoding.fallback",
                       "database.pool_size",
                       "database.statement_timeout_ms",
                       "jobs.lease_seconds",
                       "jobs.max_attempts",
                       "jobs.drain_seconds",
                       "metrics.listen"};

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::map<std::string, std::string> readFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read config file " + path);
    std::map<std::string, std::string> out;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        auto eq = line.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument(path + ":" + std::to_string(n) + ": expected key = value");
        out[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
    }
    return out;
}

int64_t positive(const std::string& key, const std::string& value) {
    try {
        size_t used = 0;
        long long v = std::stoll(value, &used);
        if (used == value.size() && v > 0) return v;
    } catch (const std::exception&) {
    }
    throw std::invalid_argument(key + " must be a positive integer, got \"" + value + "\"");
}

int boundedInt(const std::string& key, const std::string& value, int64_t max) {
    int64_t v = positive(key, value);
    if (v > max)
        throw std::invalid_argument(key + " must be at most " + std::to_string(max) + ", got \"" +
                                    value + "\"");
    return static_cast<int>(v);
}

std::vector<std::string> splitDirs(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string part;
    while (std::getline(ss, part, ':'))
        if (!part.empty()) out.push_back(part);
    return out;
}

} // namespace

std::string environmentVariableFor(const std::string& key) {
    std::string env = "FINIMPORT_";
    for (char c : key)
        env += (c == '.') ? '_' : static_cast<char>(std::toupper(c));
    return env;
}

Config Config::load(const std::map<std::string, std::string>& flags,
                    const std::vector<std::string>& pluginFlags) {
    std::map<std::string, std::string> settings;
    std::string configFile;
    if (auto it = flags.find("config"); it != flags.end())
        configFile = it->second;
    else if (const char* e = std::getenv("FINIMPORT_CONFIG"))
        configFile = e;
    if (!configFile.empty()) settings = readFile(configFile);
    for (const char* key : kKeys)
        if (const char* e = std::getenv(environmentVariableFor(key).c_str())) settings[key] = e;
    for (const auto& [k, v] : flags)
        if (k != "config") settings[k] = v;

    Config c;
    for (const auto& [k, v] : settings) {
        if (k == "listen")
            c.listen = v;
        else if (k == "database")
            c.database = v;
        else if (k == "plugins")
            c.pluginDirs = splitDirs(v);
        else if (k == "workers")
            c.workers = static_cast<int>(positive(k, v));
        else if (k == "http_threads")
            c.httpThreads = static_cast<int>(positive(k, v));
        else if (k == "rate_limit.mode") {
            if (v != "self_hosted" && v != "managed")
                throw std::invalid_argument("rate_limit.mode must be self_hosted or managed");
            c.rateLimitMode = v;
        } else if (k == "limits.rows")
            c.rowCap = positive(k, v);
        else if (k == "limits.account_rows")
            c.accountRowCap = positive(k, v);
        else if (k == "limits.service_rows")
            c.serviceRowCap = positive(k, v);
        else if (k == "encoding.fallback")
            c.fallbackCharset = v;
        else if (k == "database.pool_size")
            c.databasePoolSize = boundedInt(k, v, 1000);
        else if (k == "database.statement_timeout_ms")
            c.statementTimeoutMs = boundedInt(k, v, 86400000);
        else if (k == "jobs.lease_seconds")
            c.jobLeaseSeconds = boundedInt(k, v, 86400);
        else if (k == "jobs.max_attempts")
            c.jobMaxAttempts = boundedInt(k, v, 1000);
        else if (k == "jobs.drain_seconds")
            c.drainSeconds = boundedInt(k, v, 86400);
        else if (k == "metrics.listen")
            c.metricsListen = v;
        else
            throw std::invalid_argument("unknown setting " + k);
    }
    if (!pluginFlags.empty()) c.pluginDirs = pluginFlags;
    return c;
}

std::vector<std::string> defaultPluginDirs() {
    std::vector<std::string> dirs;
    std::error_code ec;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        auto dir = exe.parent_path().parent_path() / "lib" / "finimport" / "plugins";
        dirs.push_back(dir.lexically_normal().string());
    }
    std::string installed = FINIMPORT_INSTALL_PLUGIN_DIR;
    if (dirs.empty() || dirs.front() != installed) dirs.push_back(installed);
    // Only directories that exist: a build tree has no installed directory and vice versa.
    std::vector<std::string> existing;
    for (const auto& d : dirs)
        if (std::filesystem::is_directory(d)) existing.push_back(d);
    return existing.empty() ? dirs : existing;
}

} // namespace finimport::app
