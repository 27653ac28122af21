// The one encoding of a plugin's fi_io calls, for both runs beside the host: an inline run's
// plugin thread (plugin/RelayedRun.h) and a sandboxed plugin's child process
// (sandbox/ChildIo.h, inside the protocol's Calls frames, plugin/SandboxProtocol.h). Each call
// is encoded as the plugin made it, NULL pointers and struct sizes included, so that the host's
// checks meet the same mistakes when plugin/CallReplayer.h replays it. Row values travel with
// their sizes and are replayed through row_sized (a row() value has no NUL inside, so both
// calls read it alike). Standard library only: the sandbox runner links it.
#pragma once

#include <finimport/plugin.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace finimport::plugin::calls {

// Encoded calls, back to back: a tag byte, then the call's fields in native byte order (both
// sides are the same build on the same machine).
class CallBatch {
public:
    // `n` more bytes at the end, to be written (not zeroed: every byte is written once).
    char* grow(std::size_t n) {
        if (_used + n > _capacity) expand(_used + n);
        char* at = _bytes.get() + _used;
        _used += n;
        return at;
    }
    const char* data() const { return _bytes.get(); }
    std::size_t size() const { return _used; }
    // Empties the batch, keeping its memory: a reused batch allocates nothing.
    void clear() { _used = 0; }
    // Drops the last `n` bytes written.
    void shrink(std::size_t n) { _used -= n; }
    // Writing past size() directly: spareEnd() ends the bytes allocated, extendTo(p) counts the
    // bytes up to p (written since size()) as used.
    char* spareEnd() const { return _bytes.get() + _capacity; }
    void extendTo(const char* p) { _used = std::size_t(p - _bytes.get()); }

private:
    void expand(std::size_t needed);

    std::unique_ptr<char[]> _bytes;
    std::size_t _capacity = 0; // bytes allocated
    std::size_t _used = 0;     // bytes written
};

// How the plugin's side ended the run itself (a read it could not serve), in call order. Only
// an inline run's own thread sends it: a replayer of a child's calls refuses it.
enum class Halt : uint8_t { Violation, Limit, Exception };

// The wire: tags, the NULL marker and a row's flags (read by plugin/CallReplayer.cpp).
namespace wire {
enum Tag : char {
    kBegin = 'B',
    kRow = 'W',
    kRowError = 'E',
    kSetError = 'X',
    kFail = 'F',
    kLog = 'L',
    kHalt = 'H',
};
inline constexpr uint64_t kAbsent = UINT64_MAX; // a NULL string or value
inline constexpr uint8_t kSized = 1;            // row_sized(), not row()
inline constexpr uint8_t kHasValues = 2;        // `values` was not NULL
inline constexpr uint8_t kHasSizes = 4;         // `sizes` was not NULL
inline constexpr uint8_t kCopied = 8;           // the values follow (the host will read them)
// The ABI 1.0 size of fi_location (plugin/PluginDescriptor.h defines the same for the host).
inline constexpr std::size_t kLocationSize = offsetof(fi_location, section) + sizeof(void*);
} // namespace wire

// The plugin's side: appends calls to a batch.
class CallEncoder {
public:
    explicit CallEncoder(uint64_t maxOutputBytes) : _maxOutputBytes(maxOutputBytes) {}

    // A begin() is copied whole, as the host copies its names before it charges them.
    void begin(CallBatch& batch, const char* kind, const char* const* names, std::size_t count);
    // Each returns false, appending nothing, when the call alone exceeds the output budget (the
    // caller then halts the run with Halt::Limit).
    bool row(CallBatch& batch, const char* const* values, const std::size_t* sizes,
             std::size_t count, const fi_location* location, bool sized);
    bool rowError(CallBatch& batch, const char* code, const fi_location* location,
                  const char* field, const char* message, const char* raw);
    bool log(CallBatch& batch, int32_t level, const char* message);
    void setError(CallBatch& batch, const char* message);
    void fail(CallBatch& batch, const char* code, const char* message);
    void halt(CallBatch& batch, Halt how, const std::string& message);

private:
    bool overBudget(uint64_t bytes) const { return _maxOutputBytes > 0 && bytes > _maxOutputBytes; }

    uint64_t _maxOutputBytes;    // of the run's policy (0: none)
    std::size_t _fieldCount = 0; // of the last well-formed begin(): rows of another count are
                                 // refused by the host before it reads a value, so are we
};

} // namespace finimport::plugin::calls
