// Internal to the runner: the state behind fi_io::host for one run, and the fi_io callbacks.
#pragma once

#include "plugin/ImporterRunner.h"
#include "plugin/RowViewSink.h"
#include "plugin/RunBudget.h"

#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::plugin {

struct RunState {
    RunState(const ImporterHandle& runImporter, RecordSink& runSink,
             std::function<int64_t(char*, size_t)>& runRead)
        : importer(runImporter), sink(runSink), viewSink(dynamic_cast<RowViewSink*>(&runSink)),
          read(runRead), budget(runImporter.policy) {}

    const ImporterHandle& importer;
    RecordSink& sink;
    RowViewSink* viewSink; // the same sink when it takes rows as views, else null
    std::function<int64_t(char*, size_t)>& read;

    bool begun = false;                     // begin() was called at least once
    size_t fieldCount = 0;                  // of the last begin()
    bool stopRequested = false;             // the sink returned false
    std::optional<std::string> violation;   // first broken contract rule
    std::optional<std::string> pluginError; // first set_error/fail before any stop request
    std::string pluginErrorCode;            // the code of that error when it came from fail()
    std::exception_ptr hostException;       // thrown by the sink or by read
    RunBudget budget;
    std::optional<std::string> limitExceeded;  // first budget exceeded (time, rows, bytes, memory)
    std::optional<std::string> sandboxFailure; // the child crashed, exited or did not start

    // Reused by every row(): the views handed to a view sink, and the copies (of every value for
    // a sink without views, of values with invalid UTF-8, repaired, for one with). No allocation
    // per row once the strings have grown to the file's field sizes.
    std::vector<std::optional<std::string_view>> rowViews;
    std::vector<std::optional<std::string>> rowValues;
    Location location; // of the current row() or row_error() call, reused

    // Once set, every callback refuses (returns non-zero / -1) without reaching the sink.
    bool halted() const { return stopRequested || violation || hostException || limitExceeded; }

    // Records the first exceeded budget; true when the run must stop.
    bool exceeded(std::optional<std::string> message) {
        if (!message) return false;
        if (!limitExceeded) limitExceeded = std::move(message);
        return true;
    }
};

// An fi_io whose callbacks bridge to `state` (struct_size = sizeof(fi_io)).
fi_io makeIo(RunState& state);

} // namespace finimport::plugin
