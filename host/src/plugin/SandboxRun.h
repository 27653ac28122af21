// The server side of Isolation::Process: spawns finimport-plugin-run, feeds it the options and
// the input, and replays what the plugin emits through the host's own fi_io, so contract checks
// and budgets are the same as inline. A crash, a loop or an allocation failure under the
// child's rlimits ends only the child; the run fails with a sentence for the user.
#pragma once

#include "plugin/RunState.h"

#include <finimport/plugin.h>

#include <optional>
#include <string>

namespace finimport::plugin {

struct ChildOutcome {
    int status = FI_RUN_FAILED;
    std::optional<std::string> thrown; // run threw inside the child
};

// A row check instead of a run (ABI 1.1): the record's kind and fields.
struct RowCheckRequest {
    const std::string& kind;
    const fi_options& fields;
};

// `io` is the host's fi_io over `state`; limits and failures of the child land in `state`.
// With `check`, the child calls the importer's row check instead of its run.
ChildOutcome runInChild(const ImporterHandle& importer, const fi_options& options, const fi_io& io,
                        RunState& state, const RowCheckRequest* check = nullptr);

// finimport-plugin-run next to the running executable (build tree) or in <exe>/../lib/finimport/
// (installed), unless the policy names one.
std::string runnerPathFor(const RunPolicy& policy);

} // namespace finimport::plugin
