// The link between a plugin running in the finimport-plugin-run child and the server: the
// plugin calls the recorder every run beside the host gets (plugin/CallRecorder.h), whose
// batches go to the server as Calls frames (plugin/SandboxProtocol.h). The server applies the
// contract checks and budgets (it replays the calls through its own fi_io), so this side only
// forwards faithfully what the plugin passed.
#pragma once

#include "plugin/CallRecorder.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace finimport::sandbox {

class Channel : public plugin::calls::CallLink {
public:
    explicit Channel(int fd) : _fd(fd) {}
    // The runner's own frames (start failures, the run's end), written by flush().
    std::string& buffer() { return _out; }
    void flush();
    // Reads exactly `size` bytes; exits the process when the server went away.
    void readExactly(char* into, size_t size);

    // plugin::calls::CallLink: a batch is one Calls frame.
    void handOver(plugin::calls::CallBatch& batch) override;
    // The server cannot answer: the plugin goes on, and a stop ends this process.
    void awaitAnswer(plugin::calls::CallBatch&) override {}
    int64_t read(plugin::calls::CallRecorder& recorder, char* buffer,
                 std::size_t capacity) override;

private:
    void writeAll(const char* data, size_t size);
    // Asks the server for up to `capacity` bytes; the answer is read into `into`.
    int64_t requestInput(uint64_t capacity, bool hasBuffer, char* into);

    int _fd;
    std::string _out;
    // Input read ahead in large chunks: a plugin reading 64 bytes at a time must not cost a
    // round trip to the server per read.
    std::string _input;
    size_t _inputPos = 0;
};

} // namespace finimport::sandbox
