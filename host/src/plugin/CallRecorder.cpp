#include "plugin/CallRecorder.h"

#include "plugin/IoTable.h"

namespace finimport::plugin::calls {

fi_io CallRecorder::io() {
    return ioTable<CallRecorder>(this);
}

void CallRecorder::halt(Halt how, const std::string& message) {
    _encoder.halt(_batch, how, message);
    _halted = true;
}

void CallRecorder::haltOverBudget() {
    halt(Halt::Limit, _overBudget);
}

template <typename Encode> bool CallRecorder::encode(Encode&& encodeCall) noexcept {
    try {
        encodeCall();
        if (_batch.size() >= kBatchBytes) _link.handOver(_batch);
        return true;
    } catch (...) {
        if (!_failure) _failure = std::current_exception();
        _halted = true;
        return false;
    }
}

int64_t CallRecorder::read(void* host, char* buffer, size_t capacity) noexcept {
    CallRecorder& r = of(host);
    if (r.refusing()) return -1;
    int64_t count = -1;
    if (!r.encode([&] { count = r._link.read(r, buffer, capacity); })) return -1;
    return count;
}

int32_t CallRecorder::begin(void* host, const char* kind, const char* const* names,
                            size_t count) noexcept {
    CallRecorder& r = of(host);
    if (r.refusing()) return 1;
    const bool sent = r.encode([&] {
        r._encoder.begin(r._batch, kind, names, count);
        r._link.awaitAnswer(r._batch);
        r._firstRowOfKind = true;
    });
    return r.answer(sent);
}

int32_t CallRecorder::anyRow(const char* const* values, const size_t* sizes, size_t count,
                             const fi_location* location, bool sized) noexcept {
    if (refusing()) return 1;
    const bool sent = encode([&] {
        if (!_encoder.row(_batch, values, sizes, count, location, sized)) haltOverBudget();
        // The first row of a kind waits for the host's answer too: a sink that refuses a
        // header row (too many columns) stops the plugin there, as on one thread.
        if (_firstRowOfKind) {
            _firstRowOfKind = false;
            _link.awaitAnswer(_batch);
        }
    });
    return answer(sent);
}

int32_t CallRecorder::row(void* host, const char* const* values, size_t count,
                          const fi_location* location) noexcept {
    return of(host).anyRow(values, nullptr, count, location, false);
}

int32_t CallRecorder::row_sized(void* host, const char* const* values, const size_t* sizes,
                                size_t count, const fi_location* location) noexcept {
    return of(host).anyRow(values, sizes, count, location, true);
}

int32_t CallRecorder::row_error(void* host, const char* code, const fi_location* location,
                                const char* field, const char* message, const char* raw) noexcept {
    CallRecorder& r = of(host);
    if (r.refusing()) return 1;
    const bool sent = r.encode([&] {
        if (!r._encoder.rowError(r._batch, code, location, field, message, raw)) r.haltOverBudget();
    });
    return r.answer(sent);
}

void CallRecorder::set_error(void* host, const char* message) noexcept {
    CallRecorder& r = of(host);
    if (r.refusing()) return; // ignored by a halted host
    r.encode([&] { r._encoder.setError(r._batch, message); });
}

void CallRecorder::fail(void* host, const char* code, const char* message) noexcept {
    CallRecorder& r = of(host);
    if (r.refusing()) return; // ignored by a halted host
    r.encode([&] { r._encoder.fail(r._batch, code, message); });
}

// Logs reach the host even after a stop, as on one thread.
void CallRecorder::log(void* host, int32_t level, const char* message) noexcept {
    CallRecorder& r = of(host);
    if (r._halted) return;
    r.encode([&] {
        if (!r._encoder.log(r._batch, level, message)) r.haltOverBudget();
    });
}

} // namespace finimport::plugin::calls
