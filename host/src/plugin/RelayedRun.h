// An inline run on two threads. The plugin runs on a thread of its own; each call it makes is
// recorded into a batch (CallRecorder.h), and the calling thread replays the calls through the
// host's own fi_io (contract checks, budgets, the sink) in order (CallReplayer.h), as a
// sandboxed run replays its child's batches (SandboxRun.h), without the process. The plugin parses
// the next rows while the host checks and hands on the previous ones: a run costs about the longer
// of the two halves, not their sum (bench/RESULTS.md).
//
// The host sees what a run on one thread shows: the same calls in the same order, the same
// checks and messages, the sink called on the calling thread only. What differs:
// - `read` is called on the plugin's thread (ImporterRunner.h says so);
// - the plugin learns of a stop a few batches late; its calls after the stop are refused, as
//   they would have been on one thread. Only begin() and the first row after it wait for the
//   host's answer (a kind is declared once or twice a run): a sink that refuses a header stops
//   the plugin before it works on it;
// - a call bigger than the run's whole output budget ends the run with the output-limit message
//   before it is copied (on one thread, that message may come after a contract check's).
// The batches cross between the threads through a bounded queue (plugin/BatchQueue.h).
#pragma once

#include "plugin/RunState.h"

#include <finimport/plugin.h>

#include <functional>

namespace finimport::plugin {

// Calls `run` (which runs the plugin with the fi_io it is given and keeps what the plugin
// returned or threw) on a thread of its own, and replays the plugin's calls through `io`, the
// host's fi_io over `state`, on this thread. Returns once both are done. When no thread can be
// started, `run` gets `io` itself on this thread.
void runRelayed(const std::function<void(const fi_io&)>& run, const fi_io& io, RunState& state);

} // namespace finimport::plugin
