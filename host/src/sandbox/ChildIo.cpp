#include "sandbox/ChildIo.h"

#include "plugin/SandboxProtocol.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace finimport::sandbox {

using plugin::sandbox::Frame;
using plugin::sandbox::FrameWriter;

namespace {
constexpr size_t kReadAhead = 256 * 1024;
} // namespace

void Channel::writeAll(const char* data, size_t size) {
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::write(_fd, data + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(4); // the server is gone or killed us: nothing left to do
        done += static_cast<size_t>(n);
    }
}

void Channel::flush() {
    writeAll(_out.data(), _out.size());
    _out.clear();
}

void Channel::readExactly(char* into, size_t size) {
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::read(_fd, into + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(4);
        done += static_cast<size_t>(n);
    }
}

void Channel::handOver(plugin::calls::CallBatch& batch) {
    if (batch.size() == 0) return;
    // A batch too long for the length field passes the server's frame bound either way.
    const uint32_t size = batch.size() > 0xFFFFFFFEu ? 0xFFFFFFFEu : uint32_t(batch.size());
    char header[plugin::sandbox::kHeaderSize] = {static_cast<char>(Frame::Calls)};
    for (int i = 0; i < 4; ++i)
        header[1 + i] = static_cast<char>((size >> (8 * i)) & 0xFF);
    writeAll(header, sizeof header);
    writeAll(batch.data(), batch.size());
    batch.clear();
}

int64_t Channel::requestInput(uint64_t capacity, bool hasBuffer, char* into) {
    FrameWriter w(_out);
    w.begin(Frame::Read);
    w.u64(capacity);
    w.u8(hasBuffer ? 1 : 0); // a NULL buffer is the server's violation to report
    w.end();
    flush();
    char header[plugin::sandbox::kHeaderSize];
    readExactly(header, sizeof header);
    char count[8];
    readExactly(count, sizeof count);
    const auto n = static_cast<int64_t>(plugin::sandbox::FrameReader(count, sizeof count).u64());
    if (n <= 0) return n;
    if (static_cast<uint64_t>(n) > capacity) _exit(5); // never sent by the server
    readExactly(into, static_cast<size_t>(n));
    return n;
}

int64_t Channel::read(plugin::calls::CallRecorder& recorder, char* buffer, std::size_t capacity) {
    if (!buffer && capacity > 0) {
        handOver(recorder.batch()); // the calls before the read first, in order
        return requestInput(capacity, false, nullptr);
    }
    if (capacity == 0) return 0;
    if (_inputPos == _input.size()) {
        handOver(recorder.batch());
        _input.resize(kReadAhead);
        const int64_t n = requestInput(kReadAhead, true, _input.data());
        _input.resize(n > 0 ? static_cast<size_t>(n) : 0);
        _inputPos = 0;
        if (n <= 0) return n;
    }
    const size_t n = std::min(capacity, _input.size() - _inputPos);
    std::memcpy(buffer, _input.data() + _inputPos, n);
    _inputPos += n;
    return static_cast<int64_t>(n);
}

} // namespace finimport::sandbox
