#include "plugin/SandboxRun.h"

#include "plugin/CallRecorder.h"
#include "plugin/CallReplayer.h"
#include "plugin/ChildProcess.h"
#include "plugin/PluginDescriptor.h"
#include "plugin/SandboxProtocol.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <vector>

namespace finimport::plugin {

using sandbox::Frame;
using sandbox::FrameReader;
using sandbox::FrameWriter;

namespace {

class Session {
public:
    Session(ChildProcess& child, const fi_io& io, RunState& state)
        : _child(child), _io(io), _state(state), _policy(state.importer.policy),
          _replayer(io, state, false) {}

    // Runs the protocol until the plugin is done, the child is gone or the run must stop.
    ChildOutcome run(const fi_options& options, const RowCheckRequest* check);

private:
    enum class End { Continue, Done, ChildGone, Halted };

    bool sendAll(const std::string& data);
    int64_t fill(std::string& buffer);
    bool waitReadable();
    End handle(Frame type, FrameReader& r);
    void malformed() {
        if (!_state.violation) _state.violation = "sent a malformed message to the host";
    }
    // A batch of calls holds up to CallRecorder::kBatchBytes and the call that filled it.
    uint64_t frameLimit() const {
        return _policy.maxOutputBytes > 0
                   ? std::min<uint64_t>(sandbox::kMaxFrameBytes,
                                        _policy.maxOutputBytes + calls::CallRecorder::kBatchBytes +
                                            4096)
                   : sandbox::kMaxFrameBytes;
    }
    ChildOutcome finish(End end);

    ChildProcess& _child;
    const fi_io& _io;
    RunState& _state;
    const RunPolicy& _policy;
    calls::CallReplayer _replayer; // the child's calls through the host's fi_io
    ChildOutcome _outcome;
    bool _outOfMemory = false;
    std::optional<std::string> _startFailure;
    std::optional<int64_t> _pendingEnd; // 0 or -1 met while filling a chunk, answered next
};

// Fills the chunk with as many reads as it takes (readers may return a few bytes at a time:
// one round trip to the child per chunk, not per read). An end or error met after some bytes
// is kept for the next request, as the plugin would have met it on its next read.
int64_t Session::fill(std::string& buffer) {
    if (_pendingEnd) {
        const int64_t end = *_pendingEnd;
        _pendingEnd.reset();
        return end;
    }
    size_t total = 0;
    while (total < buffer.size()) {
        const int64_t n = _io.read(_io.host, buffer.data() + total, buffer.size() - total);
        if (n <= 0) {
            if (total == 0) return n;
            _pendingEnd = n;
            break;
        }
        total += static_cast<size_t>(n);
    }
    return static_cast<int64_t>(total);
}

bool Session::sendAll(const std::string& data) {
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::send(_child.fd(), data.data() + done, data.size() - done,
                                 MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd p{_child.fd(), POLLOUT, 0};
            const int ready = ::poll(&p, 1, _state.budget.remainingMs());
            if (ready == 0 && _state.exceeded(_state.budget.checkTime())) return false;
            continue;
        }
        return false; // the child is gone; its exit status tells why
    }
    return true;
}

bool Session::waitReadable() {
    while (true) {
        pollfd p{_child.fd(), POLLIN, 0};
        const int ready = ::poll(&p, 1, _state.budget.remainingMs());
        if (ready > 0) return true;
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0 && _state.exceeded(_state.budget.checkTime())) return false;
        if (ready < 0) return true; // let recv report the problem
    }
}

ChildOutcome Session::run(const fi_options& options, const RowCheckRequest* check) {
    std::string out;
    FrameWriter w(out);
    auto pairs = [&](Frame type, const fi_options& items) {
        w.begin(type);
        w.u64(items.count);
        for (size_t i = 0; i < items.count; ++i) {
            w.text(items.items[i].name);
            w.text(items.items[i].value);
        }
        w.end();
    };
    pairs(Frame::Options, options);
    if (check) {
        w.begin(Frame::CheckKind);
        w.text(check->kind);
        w.end();
        pairs(Frame::CheckFields, check->fields);
    }
    if (!sendAll(out)) return finish(_state.halted() ? End::Halted : End::ChildGone);

    std::string in;
    size_t consumed = 0;
    char chunk[64 * 1024];
    while (true) {
        // Every complete frame in the buffer, in order.
        while (in.size() - consumed >= sandbox::kHeaderSize) {
            const auto type = static_cast<Frame>(in[consumed]);
            const uint32_t size = sandbox::readU32(in.data() + consumed + 1);
            if (size > frameLimit()) {
                if (_policy.maxOutputBytes > 0)
                    _state.exceeded(outputLimitMessage(_policy.maxOutputBytes));
                else
                    malformed();
                return finish(End::Halted);
            }
            if (in.size() - consumed < sandbox::kHeaderSize + size) break;
            FrameReader r(in.data() + consumed + sandbox::kHeaderSize, size);
            consumed += sandbox::kHeaderSize + size;
            const End end = handle(type, r);
            if (_state.halted()) return finish(End::Halted);
            if (end != End::Continue) return finish(end);
        }
        in.erase(0, consumed);
        consumed = 0;
        if (!waitReadable()) return finish(End::Halted);
        const ssize_t n = ::recv(_child.fd(), chunk, sizeof chunk, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return finish(End::ChildGone);
        in.append(chunk, static_cast<size_t>(n));
    }
}

// Replays one frame through the host's fi_io.
Session::End Session::handle(Frame type, FrameReader& r) {
    switch (type) {
    case Frame::Read: {
        const uint64_t capacity = r.u64();
        const bool hasBuffer = r.u8() != 0;
        if (r.failed()) return malformed(), End::Halted;
        std::string buffer(std::min<uint64_t>(capacity, sandbox::kMaxInputChunk), '\0');
        const int64_t n = hasBuffer ? fill(buffer) : _io.read(_io.host, nullptr, capacity);
        if (_state.halted()) return End::Halted;
        std::string reply;
        FrameWriter w(reply);
        w.begin(Frame::Input);
        w.u64(static_cast<uint64_t>(n));
        if (n > 0) w.bytes(buffer.data(), static_cast<size_t>(n));
        w.end();
        if (!sendAll(reply)) return _state.halted() ? End::Halted : End::ChildGone;
        return End::Continue;
    }
    case Frame::Calls:
        try {
            const std::string_view calls = r.rest();
            _replayer.replay(calls.data(), calls.size(), nullptr);
        } catch (const calls::MalformedCalls&) {
            return malformed(), End::Halted;
        }
        return End::Continue;
    case Frame::OutOfMemory:
        _outOfMemory = true;
        return End::Continue;
    case Frame::Done:
        _outcome.status = static_cast<int>(r.u32());
        return End::Done;
    case Frame::Threw:
        _outcome.thrown = r.text().value_or("an unknown exception");
        return End::Done;
    case Frame::StartFailed:
        _startFailure = r.text().value_or("unknown reason");
        return End::Done;
    default:
        return malformed(), End::Halted;
    }
}

ChildOutcome Session::finish(End end) {
    if (end != End::ChildGone) _child.kill(); // done, or stopped by the host: nothing to wait for
    const int status = _child.reap(end == End::ChildGone ? 2000 : 0);
    if (end == End::Halted) return {FI_RUN_STOPPED, std::nullopt};
    if (_startFailure) {
        _state.sandboxFailure = startMessage(*_startFailure);
        return _outcome;
    }
    if (end == End::Done) {
        if (_outOfMemory && (_outcome.status != FI_RUN_OK || _outcome.thrown))
            _state.exceeded(memoryLimitMessage(_policy.memoryLimitMb));
        return _outcome;
    }
    // The child went away without finishing its run.
    if (_outOfMemory) {
        _state.exceeded(memoryLimitMessage(_policy.memoryLimitMb));
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) {
        _state.exceeded(timeLimitMessage(_policy.timeoutSeconds));
    } else if (WIFSIGNALED(status)) {
        _state.sandboxFailure = crashMessage(WTERMSIG(status));
    } else {
        _state.sandboxFailure = exitMessage(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return _outcome;
}

} // namespace

std::string runnerPathFor(const RunPolicy& policy) {
    if (!policy.runnerPath.empty()) return policy.runnerPath;
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto exe = fs::read_symlink("/proc/self/exe", ec);
    const auto dir = ec ? fs::current_path(ec) : exe.parent_path();
    // The build tree has it next to the executables; an install in <prefix>/lib/finimport/.
    const auto sibling = dir / "finimport-plugin-run";
    const auto installed = dir.parent_path() / "lib" / "finimport" / "finimport-plugin-run";
    if (!fs::exists(sibling, ec) && fs::exists(installed, ec)) return installed.string();
    return sibling.string();
}

ChildOutcome runInChild(const ImporterHandle& importer, const fi_options& options, const fi_io& io,
                        RunState& state, const RowCheckRequest* check) {
    const RunPolicy& policy = importer.policy;
    ChildProcess child;
    // CPU time a little above the wall deadline: the deadline normally fires first.
    const uint32_t cpu = policy.timeoutSeconds > 0 ? policy.timeoutSeconds + 1 : 0;
    std::vector<std::string> args = {importer.file, importer.id,
                                     std::to_string(policy.memoryLimitMb), std::to_string(cpu)};
    if (check) args.push_back(sandbox::kCheckRowMode);
    if (auto error = child.spawn(runnerPathFor(policy), args)) {
        state.sandboxFailure = startMessage(*error);
        return {};
    }
    return Session(child, io, state).run(options, check);
}

} // namespace finimport::plugin
