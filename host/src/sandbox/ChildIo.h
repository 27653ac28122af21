// The fi_io of a plugin running in the finimport-plugin-run child: every callback becomes a
// frame to the server. The server applies the contract checks and budgets (it replays the
// frames through its own fi_io), so this side only forwards faithfully what the plugin passed.
#pragma once

#include <finimport/plugin.h>

#include <string>

namespace finimport::sandbox {

class Channel {
public:
    explicit Channel(int fd) : _fd(fd) { _out.reserve(kFlushAt * 2); }
    std::string& buffer() { return _out; }
    void flushIfFull() {
        if (_out.size() >= kFlushAt) flush();
    }
    void flush();
    // Reads exactly `size` bytes; exits the process when the server went away.
    void readExactly(char* into, size_t size);
    int fd() const { return _fd; }

    size_t fieldCount = 0; // of the last begin() that the server will accept
    // Input read ahead in large chunks: a plugin reading 64 bytes at a time must not cost a
    // round trip to the server per read.
    std::string input;
    size_t inputPos = 0;

private:
    static constexpr size_t kFlushAt = 64 * 1024;
    int _fd;
    std::string _out;
};

fi_io makeChildIo(Channel& channel);

} // namespace finimport::sandbox
