#pragma once
// docs/decisions.md D81: a plugin's time limit measures the plugin. While it runs, the host's
// sink stores each row (app/imports/RowPipeline): that time moves the run's deadline instead of
// counting against the plugin. The run in progress on a thread is the one its sink calls are
// made on (every isolation mode calls the sink on the thread that called runImporter).

#include "domain/NoCopy.h"

#include <chrono>

namespace finimport::plugin {

class RunBudget;

// Makes `budget` the current run's on this thread for the scope's lifetime.
class HostStallScope : domain::NoCopy {
public:
    explicit HostStallScope(RunBudget& budget);
    ~HostStallScope();

private:
    RunBudget* _previous;
};

// Tells the run in progress on this thread (if any) that the host kept it waiting `waited`.
void noteHostStall(std::chrono::steady_clock::duration waited);

} // namespace finimport::plugin
