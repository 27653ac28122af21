#include "server/Config.h"
#include "domain/Text.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <unistd.h>

#ifndef FINIMPORT_INSTALL_PLUGIN_DIR
#define FINIMPORT_INSTALL_PLUGIN_DIR "/usr/lib/finimport/plugins"
#endif

namespace finimport::server {

namespace {} // namespace

std::map<std::string, std::string> readConfigFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read config file " + path);
    std::map<std::string, std::string> out;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        line = domain::trim(line);
        if (line.empty() || line[0] == '#') continue;
        auto eq = line.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument(path + ":" + std::to_string(n) + ": expected key = value");
        out[domain::trim(line.substr(0, eq))] = domain::trim(line.substr(eq + 1));
    }
    return out;
}

namespace {

int64_t positive(const std::string& key, const std::string& value) {
    try {
        size_t used = 0;
        long long v = std::stoll(value, &used);
        if (used == value.size() && v > 0) return v;
    } catch (const std::exception&) {
    }
    throw std::invalid_argument(key + " must be a positive integer, got \"" + value + "\"");
}

std::vector<std::string> splitDirs(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string part;
    while (std::getline(ss, part, ':'))
        if (!part.empty()) out.push_back(part);
    return out;
}

std::string joinDirs(const std::vector<std::string>& dirs) {
    std::string out;
    for (const auto& d : dirs)
        out += (out.empty() ? "" : ":") + d;
    return out;
}

// A positive integer no larger than `max` (a larger one is clamped: a day of timeout is plenty).
int64_t bounded(const std::string& key, const std::string& value, int64_t max) {
    return std::min(positive(key, value), max);
}

// A numeric setting's member: a positive integer, no larger than `Max` when that is set, and its
// value as the file would hold it.
template <auto Member, int64_t Max = 0>
void applyNumber(Config& c, const std::string& k, const std::string& v) {
    using T = std::remove_reference_t<decltype(c.*Member)>;
    c.*Member = static_cast<T>(Max > 0 ? bounded(k, v, Max) : positive(k, v));
}

template <auto Member> std::string showNumber(const Config& c) {
    return std::to_string(c.*Member);
}

template <auto Member> void applyText(Config& c, const std::string&, const std::string& v) {
    c.*Member = v;
}

template <auto Member> std::string showText(const Config& c) {
    return c.*Member;
}

void setPluginIsolation(Config& c, const std::string&, const std::string& v) {
    if (v != "process" && v != "inline")
        throw std::invalid_argument("plugins.isolation must be process or inline");
    c.pluginIsolation = v;
}

void setRateLimitMode(Config& c, const std::string&, const std::string& v) {
    if (v != "self_hosted" && v != "managed")
        throw std::invalid_argument("rate_limit.mode must be self_hosted or managed");
    c.rateLimitMode = v;
}

} // namespace

const std::vector<Setting>& settings() {
    // Adding a setting: one row here, one member in Config, one line in docs/configuration.md.
    static const std::vector<Setting> table = {
        {"listen", "HOST:PORT", "`127.0.0.1:3000`", "HTTP address (port 0: ephemeral)",
         applyText<&Config::listen>, showText<&Config::listen>},
        {"database", "URL", "`sqlite:var/finimport.db`",
         "database URL: `sqlite:PATH`, or any libpq URI "
         "(`postgresql://USER:PASSWORD@HOST:PORT/DB?sslmode=MODE`, host lists, a Unix socket; "
         "percent-encode special characters; docs/operations.md)",
         applyText<&Config::database>, showText<&Config::database>},
        {"plugins", "DIR", "build/installed plugin dir", "`:`-separated plugin directories",
         [](Config& c, const std::string&, const std::string& v) { c.pluginDirs = splitDirs(v); },
         [](const Config& c) { return joinDirs(c.pluginDirs); }},
        {"workers", "N", "`2`", "publish/revert job worker threads", applyNumber<&Config::workers>,
         showNumber<&Config::workers>},
        {"http_threads", "N", "`64`", "HTTP connection threads (one per keep-alive client)",
         applyNumber<&Config::httpThreads>, showNumber<&Config::httpThreads>},
        {"rate_limit.mode", "MODE", "`self_hosted`",
         "`self_hosted` (no limit, `Infinity` headers) or `managed` (100 requests per key per UTC "
         "hour)",
         setRateLimitMode, showText<&Config::rateLimitMode>},
        {"limits.rows", "N", "`10000`", "publish row cap of CSV-family imports",
         applyNumber<&Config::rowCap>, showNumber<&Config::rowCap>},
        {"limits.account_rows", "N", "`50`", "AccountImport row cap",
         applyNumber<&Config::accountRowCap>, showNumber<&Config::accountRowCap>},
        {"limits.service_rows", "N", "`100000`", "ServiceImport row cap",
         applyNumber<&Config::serviceRowCap>, showNumber<&Config::serviceRowCap>},
        {"limits.upload_rows", "N", "`1000000`",
         "rows one upload may produce; one more is 422 `too_many_rows` and nothing is stored",
         applyNumber<&Config::uploadRowCap>, showNumber<&Config::uploadRowCap>},
        {"encoding.fallback", "CHARSET", "`windows-1250`",
         "charset used when detection is not confident", applyText<&Config::fallbackCharset>,
         showText<&Config::fallbackCharset>},
        {"plugins.isolation", "MODE", "*(unset)*",
         "`process` or `inline` for every plugin; unset: `process` for configured (third-party) "
         "plugin directories, `inline` for the built-in directory",
         setPluginIsolation, showText<&Config::pluginIsolation>},
        {"plugins.timeout_seconds", "N", "`60`",
         "wall-clock deadline of one plugin run (isolated: also its CPU-time limit, + 1 s)",
         applyNumber<&Config::pluginRunTimeoutSeconds, 86400>,
         showNumber<&Config::pluginRunTimeoutSeconds>},
        {"plugins.max_rows", "N", "`1000000`", "rows one plugin run may emit",
         applyNumber<&Config::pluginMaxRows>, showNumber<&Config::pluginMaxRows>},
        {"plugins.max_output_bytes", "N", "`268435456`",
         "bytes of text one plugin run may pass to the host (row values, row errors, field names, "
         "log lines)",
         applyNumber<&Config::pluginMaxOutputBytes>, showNumber<&Config::pluginMaxOutputBytes>},
        {"plugins.memory_limit_mb", "N", "`1024`",
         "address-space limit (RLIMIT_AS) of an isolated plugin run, its libraries included",
         applyNumber<&Config::pluginMemoryLimitMb, (1 << 20)>,
         showNumber<&Config::pluginMemoryLimitMb>},
        {"http.header_timeout", "N", "`10`",
         "seconds a request head may take from connect (or from the first byte of a keep-alive "
         "request); then 408 and close",
         applyNumber<&Config::httpHeaderTimeoutSeconds, 3600>,
         showNumber<&Config::httpHeaderTimeoutSeconds>},
        {"http.keep_alive_seconds", "N", "`5`",
         "an idle keep-alive connection is closed after this",
         applyNumber<&Config::httpKeepAliveSeconds, 3600>,
         showNumber<&Config::httpKeepAliveSeconds>},
        {"http.body_min_rate", "N", "`4096`",
         "bytes per second a request body (`Content-Length` or chunked) must average after the "
         "grace, else it is cut off (400); `0` disables",
         [](Config& c, const std::string& k, const std::string& v) {
             c.httpBodyMinBytesPerSecond = v == "0" ? 0 : positive(k, v);
         },
         showNumber<&Config::httpBodyMinBytesPerSecond>},
        {"http.body_grace_seconds", "N", "`10`", "grace before the body rate applies",
         applyNumber<&Config::httpBodyGraceSeconds, 3600>,
         showNumber<&Config::httpBodyGraceSeconds>},
        {"http.max_connections", "N", "`4096`",
         "connections waiting for a request head (new or idle keep-alive); more are closed at once",
         applyNumber<&Config::httpMaxConnections, (1 << 20)>,
         showNumber<&Config::httpMaxConnections>},
        {"http.request_concurrency", "N",
         "`2 per CPU core (PostgreSQL: 8, at most database.pool_size)`",
         "keyed GET requests without a body that run at once (the others wait in arrival order)",
         applyNumber<&Config::httpRequestConcurrency, (1 << 16)>,
         [](const Config& c) { return std::to_string(c.requestConcurrency()); }},
        // Scale-out on PostgreSQL (docs/operations.md).
        {"database.pool_size", "N", "`http_threads / 4 + workers + 4`",
         "max database connections of this instance", applyNumber<&Config::databasePoolSize, 1000>,
         [](const Config& c) { // the size in effect, so the printed line reads back
             return std::to_string(c.poolSize());
         }},
        {"database.timeout_ms", "N", "`0`",
         "PostgreSQL `statement_timeout` (milliseconds) of every pooled connection, set with "
         "`SET` when it opens; `0`: none",
         [](Config& c, const std::string& k, const std::string& v) {
             c.statementTimeoutMs = v == "0" ? 0 : static_cast<int>(bounded(k, v, 86400000));
         },
         showNumber<&Config::statementTimeoutMs>},
        {"database.read_url", "URL", "*(unset)*",
         "a read replica (or the primary again) for the `GET /api/v1/balances` and "
         "`GET /api/v1/trades` listings; unset: the primary",
         applyText<&Config::databaseReadUrl>, showText<&Config::databaseReadUrl>},
        {"jobs.lease_seconds", "N", "`30`",
         "a claimed job whose heartbeat is older than this is claimed again (its instance died)",
         applyNumber<&Config::jobLeaseSeconds, 86400>, showNumber<&Config::jobLeaseSeconds>},
        {"jobs.max_attempts", "N", "`3`",
         "expired claims before the job and its import fail with a message",
         applyNumber<&Config::jobMaxAttempts, 1000>, showNumber<&Config::jobMaxAttempts>},
        {"jobs.drain_seconds", "N", "`30`",
         "on SIGTERM, running jobs get this long; then they are released to other instances",
         applyNumber<&Config::drainSeconds, 86400>, showNumber<&Config::drainSeconds>},
        {"metrics.listen", "HOST:PORT", "*(unset)*",
         "serve only `GET /metrics` on this address; unset: `/metrics` on `listen`",
         applyText<&Config::metricsListen>, showText<&Config::metricsListen>},
        {"console.enabled", "BOOL", "`true`",
         "serve the web console at `/` and `/console/` (docs/console.md); `false`: those paths "
         "are 404",
         [](Config& c, const std::string&, const std::string& v) {
             if (v != "true" && v != "false")
                 throw std::invalid_argument("console.enabled must be true or false");
             c.consoleEnabled = v == "true";
         },
         [](const Config& c) { return std::string(c.consoleEnabled ? "true" : "false"); }},
    };
    return table;
}

std::string environmentVariableFor(const std::string& key) {
    std::string env = "FINIMPORT_";
    for (char c : key)
        env += (c == '.') ? '_' : static_cast<char>(std::toupper(c));
    return env;
}

std::string flagFor(const std::string& key) {
    std::string flag = key;
    for (char& c : flag)
        if (c == '_') c = '-';
    return flag;
}

int Config::poolSize() const {
    return databasePoolSize > 0 ? databasePoolSize : httpThreads / 4 + workers + 4;
}

int Config::requestConcurrency() const {
    if (httpRequestConcurrency > 0) return httpRequestConcurrency;
    // SQLite's reads are CPU work in this process; a PostgreSQL read also waits for the server,
    // and more reads at once than pooled connections would only wait there.
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    // store::DatabaseUrl takes `sqlite:` for SQLite and both postgresql:// and postgres:// else.
    if (database.rfind("sqlite:", 0) == 0) return 2 * cores;
    return std::min(8 * cores, poolSize());
}

Config Config::load(const std::map<std::string, std::string>& flags,
                    const std::vector<std::string>& pluginFlags) {
    std::map<std::string, std::string> values;
    std::string configFile;
    if (auto it = flags.find("config"); it != flags.end())
        configFile = it->second;
    else if (const char* e = std::getenv("FINIMPORT_CONFIG"))
        configFile = e;
    if (!configFile.empty()) values = readConfigFile(configFile);
    // The client commands' keys (docs/decisions.md D102) share the file; the server ignores them.
    std::erase_if(values, [](const auto& kv) { return kv.first.rfind("client.", 0) == 0; });
    for (const Setting& s : server::settings())
        if (const char* e = std::getenv(environmentVariableFor(s.key).c_str())) values[s.key] = e;
    for (const auto& [k, v] : flags)
        if (k != "config") values[k] = v;

    Config c;
    for (const auto& [k, v] : values) {
        const auto& table = server::settings();
        auto it = std::find_if(table.begin(), table.end(),
                               [&key = k](const Setting& s) { return key == s.key; });
        if (it == table.end()) throw std::invalid_argument("unknown setting " + k);
        it->apply(c, k, v);
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

} // namespace finimport::server
