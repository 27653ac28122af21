#include "plugin/CallReplayer.h"

#include <cstring>
#include <string>

namespace finimport::plugin::calls {
namespace {

using namespace wire;

// Stand-ins for arrays the plugin passed but the host will not read (it refuses the call first).
const char* const kUnreadValues[1] = {nullptr};
const std::size_t kUnreadSizes[1] = {0};

// Reads fields within [at, end); an overrun throws MalformedCalls.
class Reader {
public:
    Reader(const char* at, const char* end) : _at(at), _end(end) {}
    template <typename T> T get() {
        T value;
        std::memcpy(&value, take(sizeof value), sizeof value);
        return value;
    }
    // A text with its size and its NUL, replayed as a pointer into the batch.
    const char* text() {
        const auto size = get<uint64_t>();
        if (size == kAbsent) return nullptr;
        if (size >= left()) throw MalformedCalls();
        const char* text = _at;
        if (text[size] != '\0') throw MalformedCalls();
        _at += size + 1;
        return text;
    }
    const char* take(std::size_t size) {
        if (size > left()) [[unlikely]]
            throw MalformedCalls();
        const char* at = _at;
        _at += size;
        return at;
    }
    bool done() const { return _at == _end; }

private:
    std::size_t left() const { return std::size_t(_end - _at); }
    const char* _at;
    const char* _end;
};

struct DecodedLocation {
    bool present = false;
    fi_location value{};
    const fi_location* get() const { return present ? &value : nullptr; }
};

DecodedLocation readLocation(Reader& r) {
    DecodedLocation l;
    l.present = r.get<uint8_t>() != 0;
    if (!l.present) return l;
    l.value.struct_size = r.get<uint64_t>();
    if (l.value.struct_size < kLocationSize) return l;
    l.value.record = r.get<uint64_t>();
    l.value.line = r.get<uint64_t>();
    l.value.section = r.text();
    return l;
}

} // namespace

void CallReplayer::replay(const char* data, std::size_t size, const std::exception_ptr& exception) {
    Reader r(data, data + size);
    while (!r.done()) {
        switch (r.get<char>()) {
        case kBegin: {
            const char* kind = r.text();
            const auto count = r.get<uint64_t>();
            const bool hasNames = r.get<uint8_t>() != 0;
            const auto read = r.get<uint64_t>();
            // A name takes at least its size: a count beyond the bytes left is no batch's.
            if (read > size) throw MalformedCalls();
            if (_values.size() < read) _values.resize(read);
            for (uint64_t i = 0; i < read; ++i)
                _values[i] = r.text();
            const char* const* names = !hasNames ? nullptr : read ? _values.data() : kUnreadValues;
            _io.begin(_io.host, kind, names, count);
            break;
        }
        case kRow: {
            const auto flags = r.get<uint8_t>();
            const auto count = r.get<uint64_t>();
            const char* const* values = flags & kHasValues ? kUnreadValues : nullptr;
            const std::size_t* sizes = flags & kHasSizes ? kUnreadSizes : nullptr;
            if (flags & kCopied) {
                if (count > size) throw MalformedCalls();
                if (_values.size() < count) _values.resize(count);
                if (_sizes.size() < count) _sizes.resize(count);
                for (uint64_t i = 0; i < count; ++i) {
                    const auto bytes = r.get<uint64_t>();
                    const bool absent = bytes == kAbsent;
                    _values[i] = absent ? nullptr : r.take(bytes);
                    _sizes[i] = absent ? 0 : bytes;
                }
                values = _values.data();
                sizes = _sizes.data();
            }
            const DecodedLocation location = readLocation(r);
            if (flags & (kSized | kCopied))
                _io.row_sized(_io.host, values, sizes, count, location.get());
            else
                _io.row(_io.host, values, count, location.get());
            break;
        }
        case kRowError: {
            const char* code = r.text();
            const DecodedLocation location = readLocation(r);
            const char* field = r.text();
            const char* message = r.text();
            const char* raw = r.text();
            _io.row_error(_io.host, code, location.get(), field, message, raw);
            break;
        }
        case kSetError:
            _io.set_error(_io.host, r.text());
            break;
        case kFail: {
            const char* code = r.text();
            _io.fail(_io.host, code, r.text());
            break;
        }
        case kLog: {
            const auto level = r.get<int32_t>();
            _io.log(_io.host, level, r.text());
            break;
        }
        case kHalt: {
            if (!_halts) throw MalformedCalls();
            const auto how = Halt(r.get<uint8_t>());
            const char* text = r.text();
            const std::string message = text ? text : "";
            // A halted run reads no more: on one thread this read would not have happened.
            if (_state.halted()) break;
            if (how == Halt::Violation)
                _state.violation = message;
            else if (how == Halt::Limit)
                _state.exceeded(message);
            else
                _state.hostException = exception;
            break;
        }
        default:
            throw MalformedCalls();
        }
    }
}

} // namespace finimport::plugin::calls
