#pragma once
// Server configuration. Precedence: command-line flags > FINIMPORT_* environment variables >
// config file (`key = value` lines, `#` comments) > defaults.

#include <map>
#include <string>
#include <vector>

namespace finimport::app {

struct Config {
    std::string listen = "127.0.0.1:3000";
    std::string database = "sqlite:var/finimport.db";
    std::vector<std::string> pluginDirs; // empty: the default directories
    int workers = 2;                     // publish/revert job workers
    int httpThreads = 64;
    std::string rateLimitMode = "self_hosted"; // or "managed"
    int64_t rowCap = 10000;
    int64_t accountRowCap = 50;
    int64_t serviceRowCap = 100000;
    int64_t uploadRowCap = 1000000; // rows one upload may produce (issue 11); more → 422
    std::string fallbackCharset = "windows-1250";

    // Builds the configuration from the sources. `flags` holds the settings given on the
    // command line (same keys as the file). Throws std::invalid_argument on a bad value.
    static Config load(const std::map<std::string, std::string>& flags,
                       const std::vector<std::string>& pluginFlags);
};

// Setting keys and the environment variable of each:
//   listen FINIMPORT_LISTEN, database FINIMPORT_DATABASE, plugins FINIMPORT_PLUGINS
//   (':'-separated), workers FINIMPORT_WORKERS, http_threads FINIMPORT_HTTP_THREADS,
//   rate_limit.mode FINIMPORT_RATE_LIMIT_MODE, limits.rows FINIMPORT_LIMITS_ROWS,
//   limits.account_rows FINIMPORT_LIMITS_ACCOUNT_ROWS, limits.service_rows
//   FINIMPORT_LIMITS_SERVICE_ROWS, limits.upload_rows FINIMPORT_LIMITS_UPLOAD_ROWS,
//   encoding.fallback FINIMPORT_ENCODING_FALLBACK; the file itself:
//   --config / FINIMPORT_CONFIG.
std::string environmentVariableFor(const std::string& key);

// The plugin directories used when none are configured: <exe>/../lib/finimport/plugins (build
// tree and relocatable installs), then the installed directory.
std::vector<std::string> defaultPluginDirs();

} // namespace finimport::app
