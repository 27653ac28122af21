#include "plugin/ImporterRunner.h"

#include "plugin/HostStall.h"

#include "domain/Exceptions.h"
#include "plugin/RelayedRun.h"
#include "plugin/RunState.h"
#include "plugin/SandboxRun.h"

#include <exception>

namespace finimport::plugin {
namespace {

constexpr size_t kProbeHeadLimit = 4096;

void log(const ImporterHandle& importer, LogLevel level, const std::string& message) {
    if (importer.logger) importer.logger(level, message);
}

RunResult result(RunResult::Status status, std::string error = {}) {
    RunResult out;
    out.status = status;
    out.error = std::move(error);
    return out;
}

RunResult failed(const ImporterHandle& importer, LogLevel level, std::string error) {
    log(importer, level, importer.displayName() + " run failed: " + error);
    return result(RunResult::Status::Failed, std::move(error));
}

RunResult aborted(RunResult result) {
    result.aborted = true;
    return result;
}

// Turns what happened during `run` into the result; `thrown` is set when run itself threw.
RunResult evaluate(const RunState& state, int status, const std::optional<std::string>& thrown) {
    const ImporterHandle& importer = state.importer;
    const std::string who = importer.displayName();
    if (state.limitExceeded)
        return aborted(failed(importer, LogLevel::Warning, *state.limitExceeded));
    if (state.violation) {
        return failed(importer, LogLevel::Error,
                      who + " broke the plugin contract: " + *state.violation);
    }
    if (thrown) return failed(importer, LogLevel::Error, who + " threw: " + *thrown);
    if (state.sandboxFailure)
        return aborted(failed(importer, LogLevel::Error, *state.sandboxFailure));
    if (state.pluginError) {
        RunResult fatal = failed(importer, LogLevel::Info, *state.pluginError);
        fatal.errorCode = state.pluginErrorCode;
        return fatal;
    }
    if (state.stopRequested) return result(RunResult::Status::Stopped);
    switch (status) {
    case FI_RUN_OK:
        return result(RunResult::Status::Ok);
    case FI_RUN_STOPPED:
        return failed(importer, LogLevel::Error,
                      who + " returned FI_RUN_STOPPED although the host did not ask it to stop");
    case FI_RUN_FAILED:
        return failed(importer, LogLevel::Error, who + " failed without an error message");
    default:
        return failed(importer, LogLevel::Error,
                      who + " returned the unknown status " + std::to_string(status));
    }
}

std::vector<fi_option>
cOptions(const std::vector<std::pair<std::string, std::optional<std::string>>>& list) {
    std::vector<fi_option> items;
    items.reserve(list.size());
    for (const auto& [name, value] : list)
        items.push_back({name.c_str(), value ? value->c_str() : nullptr});
    return items;
}

// One call of the plugin, given `options`: in a child process when the importer is isolated
// (`check`: a row check, else a run), else `call` here, through the relay when `relayed`, a
// plugin's exception contained (a plugin without an exception barrier: the host carries on).
RunResult callPlugin(const ImporterHandle& importer, const fi_options& options,
                     std::function<int64_t(char*, size_t)> read, RecordSink& sink,
                     const RowCheckRequest* check, bool relayed,
                     const std::function<int(const fi_io&)>& call) {
    RunState state{importer, sink, read};
    const HostStallScope stalls(state.budget); // docs/decisions.md D81
    const fi_io io = makeIo(state);

    int status = FI_RUN_FAILED;
    std::optional<std::string> thrown;
    if (importer.policy.isolation == Isolation::Process) {
        auto outcome = runInChild(importer, options, io, state, check);
        status = outcome.status;
        thrown = std::move(outcome.thrown);
    } else {
        auto run = [&](const fi_io& pluginIo) {
            try {
                status = call(pluginIo);
            } catch (...) {
                thrown = domain::describeException(std::current_exception());
            }
        };
        if (relayed)
            runRelayed(run, io, state);
        else
            run(io);
    }
    if (state.hostException) std::rethrow_exception(state.hostException);
    return evaluate(state, status, thrown);
}

} // namespace

RunResult
checkRecord(const ImporterHandle& importer, const std::string& kind,
            const std::vector<std::pair<std::string, std::optional<std::string>>>& options,
            const std::vector<std::pair<std::string, std::optional<std::string>>>& fields,
            RecordSink& sink) {
    if (!importer.checkRow)
        return failed(importer, LogLevel::Error, importer.displayName() + " has no row check");
    const auto optionItems = cOptions(options), fieldItems = cOptions(fields);
    const fi_options runOptions{sizeof(fi_options), optionItems.size(), optionItems.data()};
    const fi_options record{sizeof(fi_options), fieldItems.size(), fieldItems.data()};
    const RowCheckRequest check{kind, record};
    // A check has no input: every read is at its end.
    return callPlugin(
        importer, runOptions, [](char*, size_t) -> int64_t { return 0; }, sink, &check, false,
        [&](const fi_io& io) {
            return importer.checkRow(kind.c_str(), &runOptions, &record, &io);
        });
}

RunResult
runImporter(const ImporterHandle& importer,
            const std::vector<std::pair<std::string, std::optional<std::string>>>& options,
            std::function<int64_t(char*, size_t)> read, RecordSink& sink) {
    const auto items = cOptions(options);
    const fi_options runOptions{sizeof(fi_options), items.size(), items.data()};
    return callPlugin(importer, runOptions, std::move(read), sink, nullptr, importer.policy.relayed,
                      [&](const fi_io& io) { return importer.importer->run(&runOptions, &io); });
}

fi_probe_result probeImporter(const ImporterHandle& importer, std::string_view head,
                              const char* filename) {
    const size_t size = std::min(head.size(), kProbeHeadLimit);
    int answer = FI_PROBE_NO;
    try {
        answer = importer.importer->probe(head.data(), size, filename);
    } catch (...) {
        log(importer, LogLevel::Error,
            importer.displayName() +
                " probe threw: " + domain::describeException(std::current_exception()));
        return FI_PROBE_NO;
    }
    if (answer != FI_PROBE_NO && answer != FI_PROBE_MAYBE && answer != FI_PROBE_YES) {
        log(importer, LogLevel::Error,
            importer.displayName() + " probe returned the unknown answer " +
                std::to_string(answer));
        return FI_PROBE_NO;
    }
    return static_cast<fi_probe_result>(answer);
}

} // namespace finimport::plugin
