// The fi_io callbacks of one run: contract checks, UTF-8 repair, and the bridge to the sink.
#include "plugin/IoTable.h"
#include "plugin/PluginDescriptor.h"
#include "plugin/RunState.h"
#include "plugin/Utf8.h"

#include <cstring>
#include <stdexcept>

namespace finimport::plugin {
namespace {

constexpr size_t kMaxErrorCodeLength = 64;

RunState& stateOf(void* host) {
    return *static_cast<RunState*>(host);
}

std::optional<std::string> optionalText(const char* value) {
    if (!value) return std::nullopt;
    return toValidUtf8(value);
}

bool isErrorCode(const char* code) {
    if (!code) return false;
    const size_t size = std::strlen(code);
    if (size == 0 || size > kMaxErrorCodeLength) return false;
    for (size_t i = 0; i < size; ++i) {
        const char c = code[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

// Records the first contract violation and returns the "stop" answer.
int violate(RunState& state, std::string message) {
    if (!state.violation) state.violation = std::move(message);
    return 1;
}

// Copies a plugin location into `into` (the run's one Location, reused: no string per row
// without a section); false (after recording a violation) when it is unusable.
bool readLocation(RunState& state, const char* callback, const fi_location* location,
                  Location& into) {
    if (!location) {
        violate(state, std::string(callback) + "() passed a NULL location");
        return false;
    }
    if (location->struct_size < kLocationSizeV1_0) {
        violate(state, std::string(callback) + "() passed a location with struct_size " +
                           std::to_string(location->struct_size) +
                           ", smaller than the ABI 1.0 size " + std::to_string(kLocationSizeV1_0));
        return false;
    }
    into.record = location->record;
    into.line = location->line;
    if (location->section)
        into.section = toValidUtf8(location->section);
    else
        into.section.reset();
    return true;
}

// A sink answering false halts the run (exceptions are recorded by guarded()).
int sinkAnswer(RunState& state, bool proceed) {
    if (proceed) return 0;
    state.stopRequested = true;
    return 1;
}

int64_t readInputUnguarded(void* host, char* buffer, size_t capacity) {
    RunState& state = stateOf(host);
    if (state.halted()) return -1;
    if (!buffer && capacity > 0) return violate(state, "read() passed a NULL buffer"), -1;
    if (state.exceeded(state.budget.checkTime())) return -1;
    if (!state.read || capacity == 0) return 0;
    const int64_t count = state.read(buffer, capacity);
    if (count < 0) return -1;
    if (static_cast<uint64_t>(count) > capacity) {
        throw std::logic_error("the input reader returned more bytes than asked for");
    }
    return count;
}

int beginRecordsUnguarded(void* host, const char* kind, const char* const* fieldNames,
                          size_t fieldCount) {
    RunState& state = stateOf(host);
    if (state.halted()) return 1;
    if (!kind) return violate(state, "begin() passed a NULL record kind");
    if (fieldCount == 0) return violate(state, "begin() declared no fields");
    if (!fieldNames) return violate(state, "begin() passed NULL field names");
    std::vector<std::string> fields;
    uint64_t bytes = std::strlen(kind);
    for (size_t i = 0; i < fieldCount; ++i) {
        if (!fieldNames[i]) {
            return violate(state, "begin() passed a NULL name for field " + std::to_string(i + 1));
        }
        fields.push_back(toValidUtf8(fieldNames[i]));
        bytes += fields.back().size();
    }
    if (state.exceeded(state.budget.chargeOutput(bytes))) return 1;
    state.begun = true;
    state.fieldCount = fieldCount;
    return sinkAnswer(state, state.sink.begin(toValidUtf8(kind), fields));
}

// The values of a row that are not plain ASCII: a sized one ends at a NUL byte, as the same
// text passed to row() would (`bytes` is corrected); true when one is not valid UTF-8.
bool checkValues(std::vector<std::optional<std::string_view>>& views, bool sized, uint64_t& bytes) {
    bool invalid = false;
    for (auto& view : views) {
        if (!view || isPlainText(*view)) continue;
        if (sized) {
            const std::string_view whole = *view;
            view = whole.substr(0, whole.find('\0'));
            bytes -= whole.size() - view->size();
        }
        invalid = invalid || !isValidUtf8(*view);
    }
    return invalid;
}

// The values of a row as views (`Sized`: their lengths are in `sizes`, else they end at a NUL)
// and their total size; true when every value is plain text. Two instances, so that the
// per-value loop tests no `sizes`.
template <bool Sized>
bool readViews(const char* const* values, const size_t* sizes,
               std::vector<std::optional<std::string_view>>& views, uint64_t& bytes) {
    bool plain = true;
    const size_t count = views.size();
    for (size_t i = 0; i < count; ++i) {
        if (!values[i]) {
            views[i].reset();
            continue;
        }
        const std::string_view value =
            Sized ? std::string_view(values[i], sizes[i]) : std::string_view(values[i]);
        plain = plain & isPlainText(value);
        bytes += value.size();
        views[i].emplace(value); // no read of the old engaged flag, as `=` would do
    }
    return plain;
}

// row() and row_sized(): `sizes` is null for NUL-terminated values.
int emitRowUnguarded(void* host, const char* const* values, const size_t* sizes, size_t valueCount,
                     const fi_location* location) {
    RunState& state = stateOf(host);
    if (state.halted()) return 1;
    if (!state.begun) return violate(state, "row() was called before begin()");
    if (valueCount != state.fieldCount) {
        return violate(state, "row() passed " + std::to_string(valueCount) +
                                  " values, but begin() declared " +
                                  std::to_string(state.fieldCount) + " fields");
    }
    if (!values) return violate(state, "row() passed NULL values");
    Location& where = state.location;
    if (!readLocation(state, "row", location, where)) return 1;
    // A view sink gets views into the plugin's strings (borrowed for this call, as its are):
    // only a value with invalid UTF-8 is copied, to be repaired.
    std::vector<std::optional<std::string_view>>& views = state.rowViews;
    views.resize(valueCount);
    uint64_t bytes = 0;
    // Every value 0x01-0x7F: nothing to cut or to check further.
    const bool plain = sizes ? readViews<true>(values, sizes, views, bytes)
                             : readViews<false>(values, nullptr, views, bytes);
    const bool invalid = !plain && checkValues(views, sizes != nullptr, bytes);
    // Counted before copying: a row over budget costs the host nothing.
    if (state.exceeded(state.budget.chargeRow(bytes))) return 1;
    if (state.viewSink && !invalid) return sinkAnswer(state, state.viewSink->rowView(views, where));
    std::vector<std::optional<std::string>>& copied = state.rowValues;
    copied.resize(valueCount);
    if (!state.viewSink) {
        for (size_t i = 0; i < valueCount; ++i) {
            if (!views[i]) {
                copied[i].reset();
                continue;
            }
            if (!copied[i]) copied[i].emplace();
            if (invalid)
                assignValidUtf8(*copied[i], *views[i]);
            else
                copied[i]->assign(*views[i]);
        }
        return sinkAnswer(state, state.sink.row(copied, where));
    }
    for (size_t i = 0; i < valueCount; ++i) {
        if (!views[i] || isValidUtf8(*views[i])) continue;
        if (!copied[i]) copied[i].emplace();
        assignValidUtf8(*copied[i], *views[i]);
        views[i] = *copied[i];
    }
    return sinkAnswer(state, state.viewSink->rowView(views, where));
}

int reportRowErrorUnguarded(void* host, const char* code, const fi_location* location,
                            const char* field, const char* message, const char* raw) {
    RunState& state = stateOf(host);
    if (state.halted()) return 1;
    if (!code) return violate(state, "row_error() passed a NULL code");
    if (!message) return violate(state, "row_error() passed a NULL message");
    Location& where = state.location;
    if (!readLocation(state, "row_error", location, where)) return 1;
    const uint64_t bytes = std::strlen(code) + std::strlen(message) +
                           (field ? std::strlen(field) : 0) + (raw ? std::strlen(raw) : 0);
    if (state.exceeded(state.budget.chargeOutput(bytes))) return 1;
    return sinkAnswer(state, state.sink.rowError(toValidUtf8(code), where, optionalText(field),
                                                 toValidUtf8(message), optionalText(raw)));
}

void setErrorUnguarded(void* host, const char* message) {
    RunState& state = stateOf(host);
    // After a stop request, errors are consequences of the stop (e.g. a refused read).
    if (state.pluginError || state.halted()) return;
    state.pluginError = message ? toValidUtf8(message) : std::string();
    if (state.pluginError->empty()) {
        state.pluginError = state.importer.displayName() + " failed with an empty message";
    }
}

// fail(): set_error with a stable code. A malformed code is the plugin's bug, not the input's.
void failUnguarded(void* host, const char* code, const char* message) {
    RunState& state = stateOf(host);
    if (state.pluginError || state.halted()) return;
    if (!isErrorCode(code)) {
        violate(state, "fail() passed an invalid error code" +
                           (code ? " \"" + toValidUtf8(code).substr(0, 80) + "\"" : " NULL") +
                           " (expected 1-64 characters of a-z, 0-9 and _)");
        return;
    }
    setErrorUnguarded(host, message);
    state.pluginErrorCode = code;
}

void logLineUnguarded(void* host, int level, const char* message) {
    RunState& state = stateOf(host);
    if (!message) return;
    if (state.exceeded(state.budget.chargeOutput(std::strlen(message)))) return;
    const std::string text = toValidUtf8(message);
    if (state.importer.logger) {
        state.importer.logger(logLevelFromAbi(level), state.importer.displayName() + ": " + text);
    }
    state.sink.log(level, text);
}

// Every entry point is noexcept and catches everything (bad_alloc included) so that nothing
// unwinds through the plugin's C frames; what was caught is rethrown by runImporter.
template <typename Result, typename Body>
Result guarded(void* host, Result failure, Body&& body) noexcept {
    try {
        return body();
    } catch (...) {
        RunState& state = stateOf(host);
        if (!state.hostException) state.hostException = std::current_exception();
        return failure;
    }
}

int64_t readInput(void* host, char* buffer, size_t capacity) noexcept {
    return guarded(host, int64_t{-1}, [&] { return readInputUnguarded(host, buffer, capacity); });
}

int beginRecords(void* host, const char* kind, const char* const* fieldNames,
                 size_t fieldCount) noexcept {
    return guarded(host, 1,
                   [&] { return beginRecordsUnguarded(host, kind, fieldNames, fieldCount); });
}

int emitRow(void* host, const char* const* values, size_t valueCount,
            const fi_location* location) noexcept {
    return guarded(host, 1,
                   [&] { return emitRowUnguarded(host, values, nullptr, valueCount, location); });
}

int emitRowSized(void* host, const char* const* values, const size_t* sizes, size_t valueCount,
                 const fi_location* location) noexcept {
    return guarded(host, 1, [&] {
        if (!sizes && values) return violate(stateOf(host), "row_sized() passed NULL sizes");
        return emitRowUnguarded(host, values, sizes, valueCount, location);
    });
}

int reportRowError(void* host, const char* code, const fi_location* location, const char* field,
                   const char* message, const char* raw) noexcept {
    return guarded(host, 1, [&] {
        return reportRowErrorUnguarded(host, code, location, field, message, raw);
    });
}

void setError(void* host, const char* message) noexcept {
    guarded(host, 0, [&] { return setErrorUnguarded(host, message), 0; });
}

void logLine(void* host, int32_t level, const char* message) noexcept {
    guarded(host, 0, [&] { return logLineUnguarded(host, level, message), 0; });
}

void failRun(void* host, const char* code, const char* message) noexcept {
    guarded(host, 0, [&] { return failUnguarded(host, code, message), 0; });
}

// The table's callbacks (plugin/IoTable.h).
struct HostChecks {
    static int64_t read(void* host, char* buffer, size_t capacity) noexcept {
        return readInput(host, buffer, capacity);
    }
    static int32_t begin(void* host, const char* kind, const char* const* names,
                         size_t count) noexcept {
        return beginRecords(host, kind, names, count);
    }
    static int32_t row(void* host, const char* const* values, size_t count,
                       const fi_location* location) noexcept {
        return emitRow(host, values, count, location);
    }
    static int32_t row_sized(void* host, const char* const* values, const size_t* sizes,
                             size_t count, const fi_location* location) noexcept {
        return emitRowSized(host, values, sizes, count, location);
    }
    static int32_t row_error(void* host, const char* code, const fi_location* location,
                             const char* field, const char* message, const char* raw) noexcept {
        return reportRowError(host, code, location, field, message, raw);
    }
    static void set_error(void* host, const char* message) noexcept { setError(host, message); }
    static void log(void* host, int32_t level, const char* message) noexcept {
        logLine(host, level, message);
    }
    static void fail(void* host, const char* code, const char* message) noexcept {
        failRun(host, code, message);
    }
};

} // namespace

fi_io makeIo(RunState& state) {
    return ioTable<HostChecks>(&state);
}

} // namespace finimport::plugin
