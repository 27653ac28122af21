#include "plugin/HostStall.h"

#include "plugin/RunBudget.h"

namespace finimport::plugin {

namespace {
thread_local RunBudget* tCurrent = nullptr;
} // namespace

HostStallScope::HostStallScope(RunBudget& budget) : _previous(tCurrent) {
    tCurrent = &budget;
}

HostStallScope::~HostStallScope() {
    tCurrent = _previous;
}

void noteHostStall(std::chrono::steady_clock::duration waited) {
    if (tCurrent) tCurrent->addHostStall(waited);
}

} // namespace finimport::plugin
