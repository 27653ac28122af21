// The framing between the server and a finimport-plugin-run child (one socket, fd 3 in the
// child). A frame is a type byte, a little-endian u32 payload length and the payload; strings
// are a u32 length (0xFFFFFFFF: NULL) and their bytes. The plugin's own calls travel in Calls
// frames, in the encoding an inline run's thread uses too (plugin/CallEncoding.h). Shared by both
// sides, no dependencies beyond the standard library so the runner stays small and quick to
// exec.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::plugin::sandbox {

enum class Frame : uint8_t {
    // server -> child
    Options = 'O',     // u64 count, then count x (name, value)
    Input = 'I',       // i64 result of read (-1 error, 0 end), then that many bytes
    CheckKind = 'K',   // row check mode, after Options: the record's kind
    CheckFields = 'C', // row check mode, after CheckKind: u64 count, then count x (name, value)
    // child -> server
    Read = 'R',        // u64 capacity the plugin asked for, u8 buffer present
    Calls = 'A',       // the plugin's fi_io calls since the last frame (plugin/CallEncoding.h)
    Done = 'D',        // u32 status returned by run
    OutOfMemory = 'M', // an allocation failed under RLIMIT_AS (sent at once, no payload)
    Threw = 'T',       // run threw; message
    StartFailed = 'S', // the runner could not load the plugin; message
};

inline constexpr int kChildFd = 3;
// The runner's fifth argument: call the importer's row check (ABI 1.1) instead of its run.
inline constexpr const char* kCheckRowMode = "check_row";
inline constexpr size_t kHeaderSize = 5;
inline constexpr uint32_t kNullString = 0xFFFFFFFFu;
// Bound of one frame (a row with huge values is refused before the parent buffers it).
inline constexpr uint32_t kMaxFrameBytes = 64u << 20;
// Bound of one input chunk the server hands out per read request.
inline constexpr size_t kMaxInputChunk = 1u << 20;

// Appends one frame to a buffer: begin(), the fields, end() patches the length.
class FrameWriter {
public:
    explicit FrameWriter(std::string& out) : _out(out) {}
    void begin(Frame type);
    void u8(uint8_t v) { _out.push_back(static_cast<char>(v)); }
    void u32(uint32_t v);
    void u64(uint64_t v);
    void text(const char* s); // NULL allowed
    void text(std::string_view s);
    void bytes(const char* data, size_t size) { _out.append(data, size); }
    void end();

private:
    std::string& _out;
    size_t _start = 0;
};

// Reads the fields of one payload; any overrun sets failed() and yields zeros.
class FrameReader {
public:
    FrameReader(const char* data, size_t size) : _p(data), _left(size) {}
    uint8_t u8();
    uint32_t u32();
    uint64_t u64();
    std::optional<std::string> text();
    std::string_view rest() const { return {_p, _left}; }
    bool failed() const { return _failed; }

private:
    bool take(void* into, size_t n);
    const char* _p;
    size_t _left;
    bool _failed = false;
};

uint32_t readU32(const char* p);

} // namespace finimport::plugin::sandbox
