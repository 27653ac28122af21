// The one replayer of a plugin's encoded calls (plugin/CallEncoding.h) through the host's own
// fi_io (contract checks, budgets, the sink): an inline run's calling thread replays its plugin
// thread's batches (plugin/RelayedRun.h), a sandboxed run's parent the child's Calls frames
// (plugin/SandboxRun.h). Every read is bounded by the batch: bytes from a child are not
// trusted, and a batch that ends inside a call is refused as malformed.
#pragma once

#include "plugin/CallEncoding.h"
#include "plugin/RunState.h"

#include <finimport/plugin.h>

#include <cstddef>
#include <exception>
#include <stdexcept>
#include <vector>

namespace finimport::plugin::calls {

// Thrown by replay() for bytes that are not a sequence of whole calls (or a halt from a child).
struct MalformedCalls : std::runtime_error {
    MalformedCalls() : std::runtime_error("malformed plugin calls") {}
};

class CallReplayer {
public:
    // `halts`: whether the calls may end the run themselves (Halt): only those of the host's
    // own plugin thread may.
    CallReplayer(const fi_io& io, RunState& state, bool halts)
        : _io(io), _state(state), _halts(halts) {}

    // Every call of `size` bytes at `data`, in order; `exception` is what a Halt::Exception
    // stands for. The values the host is given point into `data`.
    void replay(const char* data, std::size_t size, const std::exception_ptr& exception);
    void replay(const CallBatch& batch, const std::exception_ptr& exception) {
        replay(batch.data(), batch.size(), exception);
    }

private:
    const fi_io& _io;
    RunState& _state;
    bool _halts;
    std::vector<const char*> _values; // one row's value pointers (into the batch), reused
    std::vector<std::size_t> _sizes;  // and their sizes
};

} // namespace finimport::plugin::calls
