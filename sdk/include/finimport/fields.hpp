// Named field ids: a record kind's field list declared once, its fields then named in the code
// instead of counted. A name the list lacks does not compile.
//
//   constexpr finimport::FieldList kFields{"name", "amount", "currency", "signed_amount"};
//   out.begin("transaction", kFields);          // the list, in this order
//   finimport::Row row(kFields.size());
//   row.set(kFields["amount"], "12.50");        // position 1, found at compile time
//
// The list must be a constant with static storage (namespace scope or `static constexpr`): its
// ids are computed while compiling. The names are the record fields of records.md.
#ifndef FINIMPORT_FIELDS_HPP
#define FINIMPORT_FIELDS_HPP

#include <cstddef>
#include <span>
#include <string_view>

namespace finimport {

template <std::size_t N> class FieldList {
public:
    template <typename... Names>
    consteval FieldList(const Names&... names) noexcept
        : names_{static_cast<const char*>(names)...} {}

    // The position of `name` in the list, for Row::set, RowBuffer::set and borrow.
    consteval std::size_t operator[](std::string_view name) const {
        for (std::size_t i = 0; i < N; ++i)
            if (name == names_[i]) return i;
        throw "finimport::FieldList: the list has no field of this name"; // a compile error
    }

    // The names in order: what Records::begin takes.
    constexpr std::span<const char* const> names() const noexcept { return names_; }
    constexpr operator std::span<const char* const>() const noexcept { return names_; }
    static constexpr std::size_t size() noexcept { return N; }

private:
    const char* names_[N];
};

template <typename... Names> FieldList(const Names&...) -> FieldList<sizeof...(Names)>;

} // namespace finimport

#endif // FINIMPORT_FIELDS_HPP
