// finimport-plugin-run: runs one importer of one plugin in a process of its own, so that a crash,
// a loop or unbounded allocation ends this process and not the server. Started by the server
// (posix_spawn) with the socket to it on fd 3:
//   finimport-plugin-run PLUGIN_FILE IMPORTER_ID MEMORY_LIMIT_MB CPU_SECONDS [check_row]
// With check_row it calls the importer's row check (ABI 1.1) on one record instead of its run.
// It drops every other inherited descriptor and sets its rlimits before the plugin is loaded.
#include "plugin/SandboxProtocol.h"
#include "sandbox/AllocWatch.h"
#include "sandbox/ChildIo.h"

#include <finimport/plugin.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <exception>
#include <linux/close_range.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

using namespace finimport;
using plugin::sandbox::Frame;
using plugin::sandbox::FrameReader;
using plugin::sandbox::FrameWriter;

namespace {

[[noreturn]] void startFailed(sandbox::Channel& channel, const std::string& message) {
    FrameWriter w(channel.buffer());
    w.begin(Frame::StartFailed);
    w.text(message);
    w.end();
    channel.flush();
    _exit(3);
}

// Fails closed: a plugin never runs without the limits it was promised (a seccomp filter or a
// container that forbids setrlimit stops the run with a reason instead).
void limit(sandbox::Channel& channel, int resource, rlim_t soft, rlim_t hard) {
    const rlimit value{soft, hard};
    if (setrlimit(resource, &value) != 0)
        startFailed(channel, std::string("finimport-plugin-run could not set its limits: ") +
                                 std::strerror(errno));
}

uint64_t number(const char* text) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(text, &end, 10);
    return (end && *end == '\0') ? v : 0;
}

struct Options {
    std::vector<std::string> storage; // name, value pairs
    std::vector<bool> present;
    std::vector<fi_option> items;
};

// The payload of the next frame, which must be of `type`.
std::string readFrame(sandbox::Channel& channel, Frame type, const char* what) {
    char header[plugin::sandbox::kHeaderSize];
    channel.readExactly(header, sizeof header);
    const uint32_t size = plugin::sandbox::readU32(header + 1);
    if (header[0] != static_cast<char>(type) || size > plugin::sandbox::kMaxFrameBytes)
        startFailed(channel, std::string("the server sent no ") + what);
    std::string payload(size, '\0');
    channel.readExactly(payload.data(), size);
    return payload;
}

Options readOptions(sandbox::Channel& channel, Frame type = Frame::Options) {
    const std::string payload = readFrame(channel, type, "options");
    FrameReader r(payload.data(), payload.size());
    Options o;
    const uint64_t count = r.u64();
    for (uint64_t i = 0; i < count && !r.failed(); ++i) {
        auto name = r.text();
        auto value = r.text();
        o.storage.push_back(name.value_or(""));
        o.storage.push_back(value.value_or(""));
        o.present.push_back(value.has_value());
    }
    if (r.failed()) startFailed(channel, "the server sent malformed options");
    for (size_t i = 0; i < o.present.size(); ++i)
        o.items.push_back(
            {o.storage[2 * i].c_str(), o.present[i] ? o.storage[2 * i + 1].c_str() : nullptr});
    return o;
}

} // namespace

#ifdef FINIMPORT_SANITIZED
// A crash must end the child by its signal (as in a normal build), not by the sanitizer's report
// and exit code (ASan 1, TSan 66): the server names the signal. Only the linked runtime reads
// its hook.
#define FI_CRASH_BY_SIGNAL "handle_segv=0:handle_sigbus=0:handle_abort=0"
extern "C" const char* __asan_default_options() {
    return FI_CRASH_BY_SIGNAL ":detect_leaks=0";
}
extern "C" const char* __tsan_default_options() {
    return FI_CRASH_BY_SIGNAL;
}
#endif

int main(int argc, char** argv) {
    const int fd = plugin::sandbox::kChildFd;
    // Nothing of the server (listening socket, database files) stays reachable by the plugin.
    syscall(SYS_close_range, fd + 1, ~0u, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL); // the server died: so do we
    const bool noNewPrivs = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0;
    sandbox::Channel channel(fd);
    if (!noNewPrivs)
        startFailed(channel, std::string("finimport-plugin-run could not drop privileges: ") +
                                 std::strerror(errno));
    const bool checkRow = argc == 6 && std::strcmp(argv[5], plugin::sandbox::kCheckRowMode) == 0;
    if (argc != 5 && !checkRow) startFailed(channel, "finimport-plugin-run needs 4 arguments");
    if (getppid() == 1) _exit(4);

    [[maybe_unused]] const uint64_t memoryMb = number(argv[3]); // unused under ASan
    const uint64_t cpuSeconds = number(argv[4]);
    limit(channel, RLIMIT_CORE, 0, 0);
    if (cpuSeconds > 0) limit(channel, RLIMIT_CPU, cpuSeconds, cpuSeconds + 1);
#ifndef FINIMPORT_SANITIZED // ASan reserves terabytes of shadow address space
    if (memoryMb > 0) limit(channel, RLIMIT_AS, memoryMb << 20, memoryMb << 20);
#endif
    const Options options = readOptions(channel);
    std::string checkKind;
    Options fields;
    if (checkRow) {
        const std::string payload = readFrame(channel, Frame::CheckKind, "record kind");
        FrameReader r(payload.data(), payload.size());
        checkKind = r.text().value_or("");
        fields = readOptions(channel, Frame::CheckFields);
    }
    sandbox::watchAllocations(fd);

    void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char* why = dlerror();
        startFailed(channel, why ? why : "dlopen failed");
    }
    auto entry = reinterpret_cast<fi_plugin_entry_fn>(dlsym(library, FINIMPORT_ENTRY_SYMBOL));
    const fi_plugin* descriptor = entry ? entry() : nullptr;
    const fi_importer* importer = nullptr;
    for (size_t i = 0; descriptor && i < descriptor->importer_count; ++i)
        if (descriptor->importers[i] && std::strcmp(descriptor->importers[i]->id, argv[2]) == 0)
            importer = descriptor->importers[i];
    if (!importer) startFailed(channel, std::string("no importer ") + argv[2] + " in " + argv[1]);
    fi_check_row_fn check = nullptr;
    if (checkRow) {
        // The server loaded the same file and validated its table (PluginDescriptor.cpp).
        auto table =
            reinterpret_cast<fi_row_checks_fn>(dlsym(library, FINIMPORT_ROW_CHECKS_SYMBOL));
        const fi_row_checks* checks = table ? table() : nullptr;
        for (size_t i = 0; checks && i < checks->count; ++i)
            if (checks->items[i] && std::strcmp(checks->items[i]->importer_id, argv[2]) == 0)
                check = checks->items[i]->check_row;
        if (!check) startFailed(channel, std::string("no row check for ") + argv[2]);
    }

    const fi_options runOptions{sizeof(fi_options), options.items.size(), options.items.data()};
    const fi_options record{sizeof(fi_options), fields.items.size(), fields.items.data()};
    plugin::calls::CallRecorder recorder(channel, 0); // the server's replay bounds the output
    const fi_io io = recorder.io();
    int status = FI_RUN_FAILED;
    std::string thrown;
    try {
        status = check ? check(checkKind.c_str(), &runOptions, &record, &io)
                       : importer->run(&runOptions, &io);
    } catch (const std::exception& e) {
        thrown = e.what();
    } catch (...) {
        thrown = "an unknown exception";
    }
    // A call the recorder could not copy (no memory left) leaves the run without its calls.
    if (thrown.empty() && recorder.failure()) thrown = "the plugin's calls could not be copied";
    channel.handOver(recorder.batch());
    FrameWriter w(channel.buffer());
    if (thrown.empty()) {
        w.begin(Frame::Done);
        w.u32(static_cast<uint32_t>(status));
    } else {
        w.begin(Frame::Threw);
        w.text(thrown);
    }
    w.end();
    channel.flush();
    // No destructors or atexit handlers of the plugin: the answer is out, the process is done.
    _exit(0);
}
