// The fi_io a plugin beside the host calls: an inline run's plugin thread (plugin/RelayedRun.h)
// and a sandboxed plugin in finimport-plugin-run (sandbox/ChildIo.h) get the same one. Each
// call is encoded into a batch (plugin/CallEncoding.h); full batches go to a CallLink, which
// takes them to the host's replayer (plugin/CallReplayer.h) across a queue or a socket. The
// contract checks and budgets are the host's, at replay; this side only records faithfully.
// Standard library only: the sandbox runner links it.
#pragma once

#include "plugin/CallEncoding.h"

#include <finimport/plugin.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <utility>

namespace finimport::plugin::calls {

class CallRecorder;

// Where a recorder's batches go, and where its reads come from.
class CallLink {
public:
    virtual ~CallLink() = default;
    // Takes the calls of `batch` to the host and leaves `batch` empty, ready to be filled.
    virtual void handOver(CallBatch& batch) = 0;
    // After a begin() and the first row of its kind: hands the batch over and, when the host
    // can answer (an inline run), waits until it has replayed it, so that a refused header
    // stops the plugin before it works on it.
    virtual void awaitAnswer(CallBatch& batch) = 0;
    // Serves the plugin's read(); may end the run in call order (recorder.halt()).
    virtual int64_t read(CallRecorder& recorder, char* buffer, std::size_t capacity) = 0;
    // The host stopped the run: the calls are refused from now on.
    virtual bool stopped() const { return false; }
};

class CallRecorder {
public:
    // Batches are handed over once this full.
    static constexpr std::size_t kBatchBytes = 256 * 1024;

    // `maxOutputBytes`: a call bigger than this whole budget ends the run with `overBudget`
    // before it is copied (0: no bound here, the host's replay bounds it).
    CallRecorder(CallLink& link, uint64_t maxOutputBytes, std::string overBudget = {})
        : _link(link), _encoder(maxOutputBytes), _overBudget(std::move(overBudget)) {}

    // The plugin's fi_io over this recorder (plugin/IoTable.h).
    fi_io io();

    CallBatch& batch() { return _batch; }
    // Ends the run from the plugin's side, in call order (the host learns it at replay).
    void halt(Halt how, const std::string& message);
    bool halted() const { return _halted; }
    // What went wrong here outside any call the host could be told of (an allocation failure
    // while copying a call); the calls are refused from then on.
    std::exception_ptr failure() const { return _failure; }

    // The fi_io callbacks (host: the recorder).
    static int64_t read(void* host, char* buffer, size_t capacity) noexcept;
    static int32_t begin(void* host, const char* kind, const char* const* names,
                         size_t count) noexcept;
    static int32_t row(void* host, const char* const* values, size_t count,
                       const fi_location* location) noexcept;
    static int32_t row_sized(void* host, const char* const* values, const size_t* sizes,
                             size_t count, const fi_location* location) noexcept;
    static int32_t row_error(void* host, const char* code, const fi_location* location,
                             const char* field, const char* message, const char* raw) noexcept;
    static void set_error(void* host, const char* message) noexcept;
    static void log(void* host, int32_t level, const char* message) noexcept;
    static void fail(void* host, const char* code, const char* message) noexcept;

private:
    static CallRecorder& of(void* host) { return *static_cast<CallRecorder*>(host); }
    bool refusing() const { return _halted || _link.stopped(); }
    // What a call the plugin awaits an answer to returns: 0 to go on, 1 to stop.
    int32_t answer(bool sent) const { return sent && !refusing() ? 0 : 1; }
    int32_t anyRow(const char* const* values, const size_t* sizes, size_t count,
                   const fi_location* location, bool sized) noexcept;
    // A call alone bigger than the whole output budget (CallEncoder refused to copy it).
    void haltOverBudget();
    // Runs one encoding; a failure there is kept (failure()) and refuses the rest of the run.
    template <typename Encode> bool encode(Encode&& encodeCall) noexcept;

    CallLink& _link;
    CallEncoder _encoder;
    std::string _overBudget;
    CallBatch _batch;             // the batch the plugin's calls go into
    bool _halted = false;         // the run ended on this side (a read failed, a copy failed)
    bool _firstRowOfKind = false; // the next row is the first after a begin()
    std::exception_ptr _failure;  // see failure()
};

} // namespace finimport::plugin::calls
