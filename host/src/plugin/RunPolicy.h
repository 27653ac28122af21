// How the host runs one importer: where (inline or in a child process) and within which budgets.
#pragma once

#include <cstdint>
#include <string>

namespace finimport::plugin {

enum class Isolation {
    Inline,  // in the server's own process (trusted, built-in plugins; fastest)
    Process, // in a spawned finimport-plugin-run child with CPU and address-space rlimits
};

struct RunPolicy {
    Isolation isolation = Isolation::Inline;
    // Inline only: the plugin runs on a thread of its own while the calling thread checks and
    // hands on what it emitted (RelayedRun.h); false: both on the calling thread.
    bool relayed = true;
    // Wall-clock deadline of a run (and the child's CPU-time limit); 0: none.
    uint32_t timeoutSeconds = 60;
    uint64_t maxRows = 1'000'000;           // rows emitted; 0: none
    uint64_t maxOutputBytes = 256ull << 20; // text passed to the host (rows, errors, logs); 0: none
    uint64_t memoryLimitMb = 1024;          // RLIMIT_AS of the child (Process only)
    std::string runnerPath;                 // empty: see runnerPathFor() (SandboxRun.h)
};

// "process" / "inline"; nullopt-free: throws std::invalid_argument on anything else.
Isolation isolationFromName(const std::string& name);

} // namespace finimport::plugin
