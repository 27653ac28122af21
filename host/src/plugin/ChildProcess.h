// One finimport-plugin-run child: spawned with posix_spawn (no fork of the multithreaded server:
// nothing but exec runs in the child before the runner's own main), killed and reaped once.
#pragma once

#include "domain/NoCopy.h"

#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace finimport::plugin {

class ChildProcess : domain::NoCopy {
public:
    ChildProcess() = default;
    ~ChildProcess(); // kills and reaps a child still running

    // Starts `path` with `args` (argv[1..]), an empty environment, stdin /dev/null, stdout to
    // the server's stderr, and one end of a socket pair as fd 3. Returns the error, if any.
    std::optional<std::string> spawn(const std::string& path, const std::vector<std::string>& args);

    int fd() const { return _fd; }
    // Waits up to `graceMs` for the child to exit by itself, then kills it; the wait status.
    int reap(int graceMs);
    void kill();

private:
    pid_t _pid = -1;
    int _fd = -1;
    std::optional<int> _status;
};

} // namespace finimport::plugin
