#include "sandbox/ChildIo.h"

#include "plugin/SandboxProtocol.h"

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <unistd.h>

namespace finimport::sandbox {

using plugin::sandbox::Frame;
using plugin::sandbox::FrameWriter;

void Channel::flush() {
    size_t done = 0;
    while (done < _out.size()) {
        const ssize_t n = ::write(_fd, _out.data() + done, _out.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(4); // the server is gone or killed us: nothing left to do
        done += static_cast<size_t>(n);
    }
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

namespace {

// The ABI 1.0 size of fi_location (as the server's PluginDescriptor.h defines it).
constexpr size_t kLocationSizeV1_0 = offsetof(fi_location, section) + sizeof(void*);
constexpr size_t kReadAhead = 256 * 1024;

Channel& channelOf(void* host) {
    return *static_cast<Channel*>(host);
}

void writeLocation(FrameWriter& w, const fi_location* location) {
    if (!location) return w.u8(0);
    w.u8(1);
    w.u64(location->struct_size);
    // Fields beyond a too-small struct_size are not the plugin's to have set: not read.
    if (location->struct_size < kLocationSizeV1_0) return;
    w.u64(location->record);
    w.u64(location->line);
    w.text(location->section);
}

// Asks the server for up to `capacity` bytes; the answer is read into `into`.
int64_t requestInput(Channel& c, uint64_t capacity, bool hasBuffer, char* into) {
    FrameWriter w(c.buffer());
    w.begin(Frame::Read);
    w.u64(capacity);
    w.u8(hasBuffer ? 1 : 0); // a NULL buffer is the server's violation to report
    w.end();
    c.flush();
    char header[plugin::sandbox::kHeaderSize];
    c.readExactly(header, sizeof header);
    char count[8];
    c.readExactly(count, sizeof count);
    const auto n = static_cast<int64_t>(plugin::sandbox::FrameReader(count, sizeof count).u64());
    if (n <= 0) return n;
    if (static_cast<uint64_t>(n) > capacity) _exit(5); // never sent by the server
    c.readExactly(into, static_cast<size_t>(n));
    return n;
}

int64_t readInput(void* host, char* buffer, size_t capacity) noexcept {
    Channel& c = channelOf(host);
    if (!buffer && capacity > 0) return requestInput(c, capacity, false, nullptr);
    if (capacity == 0) return 0;
    if (c.inputPos == c.input.size()) {
        c.input.resize(kReadAhead);
        const int64_t n = requestInput(c, kReadAhead, true, c.input.data());
        c.input.resize(n > 0 ? static_cast<size_t>(n) : 0);
        c.inputPos = 0;
        if (n <= 0) return n;
    }
    const size_t n = std::min(capacity, c.input.size() - c.inputPos);
    std::memcpy(buffer, c.input.data() + c.inputPos, n);
    c.inputPos += n;
    return static_cast<int64_t>(n);
}

int beginRecords(void* host, const char* kind, const char* const* names, size_t count) noexcept {
    Channel& c = channelOf(host);
    FrameWriter w(c.buffer());
    w.begin(Frame::Begin);
    w.text(kind);
    w.u64(count);
    w.u8(names ? 1 : 0);
    bool allNamed = names != nullptr;
    if (names)
        for (size_t i = 0; i < count; ++i) {
            w.text(names[i]);
            if (!names[i]) {
                allNamed = false;
                break; // the server stops at the first NULL name too
            }
        }
    w.end();
    if (kind && count > 0 && allNamed) c.fieldCount = count;
    c.flushIfFull();
    return 0;
}

// row() and row_sized() (`sizes` null for NUL-terminated values). A sized value goes whole: the
// server passes it on as a C string, so a NUL byte ends it there, as the ABI says.
int emitRowFrame(void* host, const char* const* values, const size_t* sizes, size_t count,
                 const fi_location* location) noexcept {
    Channel& c = channelOf(host);
    FrameWriter w(c.buffer());
    w.begin(Frame::Row);
    w.u64(count);
    // Values are only read when the count is the declared one (the server checks it first).
    const bool send = values && count == c.fieldCount;
    w.u8(send ? 1 : 0);
    if (send)
        for (size_t i = 0; i < count; ++i) {
            if (values[i] && sizes)
                w.text(std::string_view(values[i], sizes[i]));
            else
                w.text(values[i]);
        }
    writeLocation(w, location);
    w.end();
    c.flushIfFull();
    return 0;
}

int emitRow(void* host, const char* const* values, size_t count,
            const fi_location* location) noexcept {
    return emitRowFrame(host, values, nullptr, count, location);
}

int emitRowSized(void* host, const char* const* values, const size_t* sizes, size_t count,
                 const fi_location* location) noexcept {
    return emitRowFrame(host, values, sizes, count, location);
}

int reportRowError(void* host, const char* code, const fi_location* location, const char* field,
                   const char* message, const char* raw) noexcept {
    Channel& c = channelOf(host);
    FrameWriter w(c.buffer());
    w.begin(Frame::RowError);
    w.text(code);
    writeLocation(w, location);
    w.text(field);
    w.text(message);
    w.text(raw);
    w.end();
    c.flushIfFull();
    return 0;
}

void setError(void* host, const char* message) noexcept {
    Channel& c = channelOf(host);
    FrameWriter w(c.buffer());
    w.begin(Frame::SetError);
    w.text(message);
    w.end();
}

void fail(void* host, const char* code, const char* message) noexcept {
    Channel& c = channelOf(host);
    FrameWriter w(c.buffer());
    w.begin(Frame::Fail);
    w.text(code);
    w.text(message);
    w.end();
}

void logLine(void* host, int32_t level, const char* message) noexcept {
    Channel& c = channelOf(host);
    FrameWriter w(c.buffer());
    w.begin(Frame::Log);
    w.u32(static_cast<uint32_t>(level));
    w.text(message);
    w.end();
    c.flushIfFull();
}

} // namespace

fi_io makeChildIo(Channel& channel) {
    fi_io io{};
    io.struct_size = sizeof(fi_io);
    io.host = &channel;
    io.read = readInput;
    io.begin = beginRecords;
    io.row = emitRow;
    io.row_sized = emitRowSized;
    io.row_error = reportRowError;
    io.set_error = setError;
    io.log = logLine;
    io.fail = fail;
    return io;
}

} // namespace finimport::sandbox
