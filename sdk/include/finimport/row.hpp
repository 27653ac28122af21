// The output record of the C++ plugin layer (finimport/plugin.hpp): Row, a value per field that
// owns its text, and RowBuffer, built in place for a per-row loop. Fields are positions in the
// list the plugin passed to Records::begin; finimport/fields.hpp names them.
#ifndef FINIMPORT_ROW_HPP
#define FINIMPORT_ROW_HPP

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace finimport {

// One output record: a value per field of the current kind, each text or null (absent).
class Row {
public:
    explicit Row(std::size_t fieldCount) : values_(fieldCount) {}
    void set(std::size_t field, std::string value) { values_.at(field) = std::move(value); }
    void setNull(std::size_t field) { values_.at(field).reset(); }
    // Every value back to null, the row's storage kept: one Row can serve every record.
    void clear() noexcept {
        for (auto& value : values_)
            value.reset();
    }
    const std::optional<std::string>& operator[](std::size_t field) const {
        return values_.at(field);
    }
    std::size_t size() const noexcept { return values_.size(); }

private:
    std::vector<std::optional<std::string>> values_;
};

// One output record built in place, for a plugin's per-row loop: each value is a pointer and a
// length that stay valid until the row is sent (Records::row passes them as they are). A value
// is either borrowed (a cell of the record being read, a string literal, an option's text) or
// copied into the field's own storage, whose capacity is kept from record to record: once it
// has grown, building and sending a row allocates nothing.
class RowBuffer {
public:
    explicit RowBuffer(std::size_t fieldCount)
        : count_(fieldCount), values_(fieldCount), sizes_(fieldCount), terminated_(fieldCount, 1),
          own_(fieldCount) {}

    // Every value back to null; the storage stays for the next record.
    void clear() noexcept {
        for (const char*& value : values_)
            value = nullptr;
    }
    void setNull(std::size_t field) { values_.at(field) = nullptr; }
    // Copies `value` into the field's own storage.
    void set(std::size_t field, std::string_view value) {
        std::string& own = own_.at(field);
        own.assign(value.data(), value.size());
        put(field, own.c_str(), own.size(), true);
    }
    // Points the field at `value` without copying: it must stay unchanged until the row is sent.
    void borrow(std::size_t field, const char* value) {
        put(field, value, value ? std::char_traits<char>::length(value) : 0, true);
    }
    void borrow(std::size_t field, const std::string& value) {
        put(field, value.c_str(), value.size(), true);
    }
    // A view needs no NUL terminator (a cell inside the line a plugin read): an ABI 1.2 host
    // takes its length; for an older one Records::row copies it to terminate it.
    void borrow(std::size_t field, std::string_view value) {
        put(field, value.data() ? value.data() : "", value.size(), false);
    }
    // The field's value (nullopt when null).
    std::optional<std::string_view> operator[](std::size_t field) const {
        const char* value = values_.at(field);
        return value ? std::optional<std::string_view>(std::string_view(value, sizes_[field]))
                     : std::nullopt;
    }
    std::size_t size() const noexcept { return values_.size(); }
    const char* const* data() const noexcept { return values_.data(); }
    const std::size_t* sizes() const noexcept { return sizes_.data(); }
    // Whether the field's value is followed by a NUL byte (set, or borrowed as a C string).
    bool terminated(std::size_t field) const { return terminated_.at(field) != 0; }

private:
    void put(std::size_t field, const char* value, std::size_t size, bool terminated) {
        if (field >= count_) [[unlikely]]
            outOfRange(); // kept out of line: put() is inlined into the per-row loop
        values_[field] = value;
        sizes_[field] = size;
        terminated_[field] = terminated;
    }

    [[noreturn, gnu::cold, gnu::noinline]] static void outOfRange() {
        throw std::out_of_range("RowBuffer field out of range");
    }

    std::size_t count_;                     // fields: one load for put()'s bounds check
    std::vector<const char*> values_;       // NULL = absent
    std::vector<std::size_t> sizes_;        // bytes of each value, parallel to values_
    std::vector<unsigned char> terminated_; // values_[i][sizes_[i]] is a NUL byte
    std::vector<std::string> own_;          // copied values, parallel to values_
};

} // namespace finimport

#endif // FINIMPORT_ROW_HPP
