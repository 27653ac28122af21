// Runs an importer from C++: the adapter between the C ABI (fi_io callbacks) and the host.
#pragma once

#include "plugin/ImporterHandle.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace finimport::plugin {

// Where a record came from (fi_location, copied).
struct Location {
    uint64_t record = 0;
    uint64_t line = 0;
    std::optional<std::string> section;
};

// Receives what an importer emits; implemented by the app layer. Every string is valid UTF-8
// (invalid bytes from the plugin are replaced by U+FFFD). Returning false asks the plugin to
// stop. An exception thrown here never crosses the plugin: the run is stopped and the exception
// is rethrown by runImporter once the plugin has returned.
class RecordSink {
public:
    virtual ~RecordSink() = default;
    virtual bool begin(const std::string& kind, const std::vector<std::string>& fields) = 0;
    virtual bool row(const std::vector<std::optional<std::string>>& values,
                     const Location& location) = 0;
    virtual bool rowError(const std::string& code, const Location& location,
                          const std::optional<std::string>& field, const std::string& message,
                          const std::optional<std::string>& raw) = 0;
    // A log line of the plugin (level is an fi_log_level); it is also written to the registry
    // logger.
    virtual void log(int /*level*/, const std::string& /*message*/) {}
};

struct RunResult {
    enum class Status { Ok, Failed, Stopped };
    Status status = Status::Ok;
    // Failed: the plugin's set_error message as sent (shown to users), or a host message naming
    // the plugin and importer (contract violation, exception, unknown status, no message).
    std::string error;
    // Failed: the plugin's stable error code (e.g. "invalid_csv", "encrypted",
    // "nothing_recognisable") when the ABI delivered one; empty otherwise (the host then uses
    // the manifest's default_error_code, else `invalid_<format>`).
    std::string errorCode = {};
    // Failed because the host ended the run: a budget (time, rows, output, memory) was exceeded
    // or the sandboxed child crashed, exited or could not start. The input may be fine.
    bool aborted = false;
};

// Runs `importer` over the input that `read` returns (bytes read into the buffer, 0 at the end,
// -1 on error). `options` are passed as given (validate them with validateOptions first).
// Thread-safe: several runs of one importer may proceed at once on different threads. An inline
// run (RunPolicy::relayed, the default) runs the plugin, and so `read`, on a thread of its own
// while this one checks and hands on what it emits: `sink` is called on this thread only, and
// `read` must not share unguarded state with it (plugin/RelayedRun.h).
// Rethrows what `read` or `sink` threw; every problem of the plugin itself becomes Failed.
// importer.policy decides where the run happens (inline, or a sandboxed child process) and its
// budgets: a run over its deadline, rows or output bytes (or, in a child, its memory, or one
// that crashed) is Failed with a sentence for the user, e.g. "The import plugin crashed
// (signal 11)" or "The import plugin exceeded its time limit of 60 s".
RunResult
runImporter(const ImporterHandle& importer,
            const std::vector<std::pair<std::string, std::optional<std::string>>>& options,
            std::function<int64_t(char*, size_t)> read, RecordSink& sink);

// Runs the importer's row check (ABI 1.1, plugin.h fi_check_row_fn; importer.checkRow must be
// set) over one edited record of `kind`: `options` as runImporter's, `fields` the record by
// name (nullopt: absent), as options are passed. What the check emits reaches `sink` with the same
// contract checks, budgets and isolation as a run; the result reads like a run's.
RunResult
checkRecord(const ImporterHandle& importer, const std::string& kind,
            const std::vector<std::pair<std::string, std::optional<std::string>>>& options,
            const std::vector<std::pair<std::string, std::optional<std::string>>>& fields,
            RecordSink& sink);

// Asks the importer whether it can read a file starting with `head` (only its first 4096 bytes
// are passed). `filename` may be NULL. A probe that throws or answers garbage counts as NO.
fi_probe_result probeImporter(const ImporterHandle& importer, std::string_view head,
                              const char* filename);

} // namespace finimport::plugin
