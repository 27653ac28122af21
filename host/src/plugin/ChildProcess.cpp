#include "plugin/ChildProcess.h"

#include "plugin/SandboxProtocol.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace finimport::plugin {

namespace {

// Closes a descriptor at scope exit.
struct Fd {
    int value = -1;
    ~Fd() {
        if (value >= 0) ::close(value);
    }
};

} // namespace

ChildProcess::~ChildProcess() {
    if (_pid > 0 && !_status) reap(0);
    if (_fd >= 0) ::close(_fd);
}

std::optional<std::string> ChildProcess::spawn(const std::string& path,
                                               const std::vector<std::string>& args) {
    int pair[2];
    // CLOEXEC: a child spawned concurrently by another thread must not inherit our ends.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return std::string("socketpair failed: ") + std::strerror(errno);
    _fd = pair[0];
    // Moved above the low numbers so that the dup2 onto fd 3 below never clobbers a source.
    Fd childEnd{::fcntl(pair[1], F_DUPFD_CLOEXEC, 10)};
    ::close(pair[1]);
    if (childEnd.value < 0) return std::string("fcntl failed: ") + std::strerror(errno);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, 2, 1); // a plugin's printf ends in the server log
    posix_spawn_file_actions_adddup2(&actions, childEnd.value, sandbox::kChildFd);

    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none); // the server blocks SIGTERM in its threads
    sigset_t defaults;                              // ignored dispositions survive exec
    sigemptyset(&defaults);
    for (int s : {SIGPIPE, SIGCHLD, SIGHUP, SIGINT, SIGTERM, SIGXCPU, SIGSEGV, SIGABRT})
        sigaddset(&defaults, s);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(path.c_str()));
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    // No environment: the server's (database URLs, keys) is none of a plugin's business.
    char* environment[] = {nullptr};
    const int rc =
        ::posix_spawn(&_pid, path.c_str(), &actions, &attributes, argv.data(), environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (rc != 0) {
        _pid = -1;
        return path + ": " + std::strerror(rc);
    }
    return std::nullopt;
}

void ChildProcess::kill() {
    if (_pid > 0 && !_status) ::kill(_pid, SIGKILL); // still unreaped: the pid is ours
}

int ChildProcess::reap(int graceMs) {
    if (_status) return *_status;
    if (_pid <= 0) return 0;
    int status = 0;
    for (int waited = 0; waited < graceMs; waited += 2) {
        const pid_t done = ::waitpid(_pid, &status, WNOHANG);
        if (done == _pid) return *(_status = status);
        if (done < 0 && errno != EINTR) return *(_status = 0);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ::kill(_pid, SIGKILL);
    while (::waitpid(_pid, &status, 0) < 0 && errno == EINTR) {
    }
    return *(_status = status);
}

} // namespace finimport::plugin
