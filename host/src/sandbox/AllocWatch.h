// Notices the first failed allocation of the plugin child (malloc and friends are interposed by
// this executable) so that a run dying of RLIMIT_AS is reported as out of memory, not a crash.
#pragma once

namespace finimport::sandbox {

// Where to send the OutOfMemory frame at the first failure (-1: nowhere yet).
void watchAllocations(int fd);
bool allocationFailed();

} // namespace finimport::sandbox
