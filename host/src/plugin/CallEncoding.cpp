#include "plugin/CallEncoding.h"

#include <algorithm>
#include <cstring>

namespace finimport::plugin::calls {

using namespace wire;

void CallBatch::expand(std::size_t needed) {
    const std::size_t capacity = std::max({needed, 2 * _capacity, std::size_t(4096)});
    auto bytes = std::make_unique_for_overwrite<char[]>(capacity);
    if (_used > 0) std::memcpy(bytes.get(), _bytes.get(), _used);
    _bytes = std::move(bytes);
    _capacity = capacity;
}

namespace {

template <typename T> void put(CallBatch& batch, T value) {
    std::memcpy(batch.grow(sizeof value), &value, sizeof value);
}

// A C string with its size and its NUL (replayed as a pointer into the batch), or kAbsent.
void putText(CallBatch& batch, const char* text) {
    if (!text) return put(batch, kAbsent);
    const uint64_t size = std::strlen(text);
    put(batch, size);
    std::memcpy(batch.grow(size + 1), text, size + 1);
}

// Present flag, struct_size, and the fields only when the struct is big enough to hold them
// (the host refuses a smaller one by its size alone).
void putLocation(CallBatch& batch, const fi_location* location) {
    if (!location) return put(batch, uint8_t{0});
    if (location->struct_size < kLocationSize) {
        put(batch, uint8_t{1});
        return put(batch, uint64_t(location->struct_size));
    }
    const uint64_t fields[] = {location->struct_size, location->record, location->line};
    // The common location in one piece: present, its three numbers, no section.
    char* at = batch.grow(1 + sizeof fields + sizeof kAbsent);
    *at = 1;
    std::memcpy(at + 1, fields, sizeof fields);
    if (!location->section)
        return std::memcpy(at + 1 + sizeof fields, &kAbsent, sizeof kAbsent), void();
    batch.shrink(sizeof kAbsent);
    putText(batch, location->section);
}

// Copies `size` bytes of `from`: 4 to 32 bytes as two overlapping words (within both ends),
// 1 to 3 as their first, middle and last byte, longer values by memcpy.
inline void copyValue(char* to, const char* from, uint64_t size) {
    if (size <= 16) [[likely]] {
        if (size >= 8) {
            uint64_t head, tail;
            std::memcpy(&head, from, 8);
            std::memcpy(&tail, from + size - 8, 8);
            std::memcpy(to, &head, 8);
            std::memcpy(to + size - 8, &tail, 8);
        } else if (size >= 4) {
            uint32_t head, tail;
            std::memcpy(&head, from, 4);
            std::memcpy(&tail, from + size - 4, 4);
            std::memcpy(to, &head, 4);
            std::memcpy(to + size - 4, &tail, 4);
        } else if (size > 0) { // 1 to 3 bytes: first, middle, last
            to[0] = from[0];
            to[size / 2] = from[size / 2];
            to[size - 1] = from[size - 1];
        }
    } else if (size <= 32) {
        char head[16], tail[16];
        std::memcpy(head, from, 16);
        std::memcpy(tail, from + size - 16, 16);
        std::memcpy(to, head, 16);
        std::memcpy(to + size - 16, tail, 16);
    } else {
        std::memcpy(to, from, size);
    }
}

uint64_t textBytes(const char* text) {
    return text ? std::strlen(text) : 0;
}

// Appends each value's size, then its bytes, through local pointers (stores through the batch's
// members would make the compiler reload them after every byte written); the batch grows only
// when a value does not fit in what is left of it. False, with nothing appended, past `budget`
// (the sum of the sizes). Two instances, so that the loop tests no `sized`.
template <bool Sized>
bool appendValues(CallBatch& batch, const char* const* values, const std::size_t* sizes,
                  std::size_t count, uint64_t budget) {
    const std::size_t start = batch.size();
    char* out = batch.grow(0);
    char* end = batch.spareEnd();
    uint64_t total = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const char* value = values[i];
        const uint64_t size = !value ? kAbsent : Sized ? sizes[i] : std::strlen(value);
        const uint64_t bytes = value ? size : 0;
        if (bytes > budget - total) { // total <= budget: the difference cannot wrap
            batch.shrink(batch.size() - start);
            return false;
        }
        total += bytes;
        if (uint64_t(end - out) < sizeof size + bytes) [[unlikely]] {
            batch.extendTo(out);
            out = batch.grow(sizeof size + bytes);
            batch.shrink(sizeof size + bytes);
            end = batch.spareEnd();
        }
        std::memcpy(out, &size, sizeof size);
        out += sizeof size;
        copyValue(out, value, bytes);
        out += bytes;
    }
    batch.extendTo(out);
    return true;
}

} // namespace

void CallEncoder::begin(CallBatch& batch, const char* kind, const char* const* names,
                        std::size_t count) {
    put(batch, char(kBegin));
    putText(batch, kind);
    put(batch, uint64_t(count));
    put(batch, uint8_t(names != nullptr));
    // The host reads the names only after the kind and the count passed, up to a NULL one.
    if (!kind || count == 0 || !names) return put(batch, uint64_t{0});
    std::size_t read = 0;
    while (read < count && names[read])
        ++read;
    const bool wellFormed = read == count;
    if (!wellFormed) ++read; // the NULL name, which the host reports
    put(batch, uint64_t(read));
    for (std::size_t i = 0; i < read; ++i)
        putText(batch, names[i]);
    if (wellFormed) _fieldCount = count;
}

// The hot call.
bool CallEncoder::row(CallBatch& batch, const char* const* values, const std::size_t* sizes,
                      std::size_t count, const fi_location* location, bool sized) {
    const bool copied = values && count > 0 && count == _fieldCount && (!sized || sizes);
    const uint8_t flags = (sized ? kSized : 0) | (values ? kHasValues : 0) |
                          (sizes ? kHasSizes : 0) | (copied ? kCopied : 0);
    const std::size_t start = batch.size();
    char* out = batch.grow(2 + sizeof(uint64_t));
    out[0] = kRow;
    out[1] = char(flags);
    const uint64_t count64 = count;
    std::memcpy(out + 2, &count64, sizeof count64);
    const uint64_t budget = _maxOutputBytes > 0 ? _maxOutputBytes : UINT64_MAX;
    if (copied && !(sized ? appendValues<true>(batch, values, sizes, count, budget)
                          : appendValues<false>(batch, values, nullptr, count, budget))) {
        batch.shrink(batch.size() - start);
        return false;
    }
    putLocation(batch, location);
    return true;
}

bool CallEncoder::rowError(CallBatch& batch, const char* code, const fi_location* location,
                           const char* field, const char* message, const char* raw) {
    if (overBudget(textBytes(code) + textBytes(field) + textBytes(message) + textBytes(raw)))
        return false;
    put(batch, char(kRowError));
    putText(batch, code);
    putLocation(batch, location);
    putText(batch, field);
    putText(batch, message);
    putText(batch, raw);
    return true;
}

bool CallEncoder::log(CallBatch& batch, int32_t level, const char* message) {
    if (overBudget(textBytes(message))) return false;
    put(batch, char(kLog));
    put(batch, level);
    putText(batch, message);
    return true;
}

void CallEncoder::setError(CallBatch& batch, const char* message) {
    put(batch, char(kSetError));
    putText(batch, message);
}

void CallEncoder::fail(CallBatch& batch, const char* code, const char* message) {
    put(batch, char(kFail));
    putText(batch, code);
    putText(batch, message);
}

void CallEncoder::halt(CallBatch& batch, Halt how, const std::string& message) {
    put(batch, char(kHalt));
    put(batch, uint8_t(how));
    putText(batch, message.c_str()); // a host sentence: no NUL inside
}

} // namespace finimport::plugin::calls
