#pragma once
// A row as the host handles it: ordered field names and their values (null, or text). The names
// are a Header shared by every row of one record kind of a run (the plugin declares them once,
// sdk/docs/records.md), indexed once, so a lookup by name is a hash probe, not a scan of the
// names, and a row carries only its values (docs/architecture.md, "app/ by feature").
// plugin/ (below app/) speaks the ABI's neutral forms: a header and value lists for emitted
// records, a name/value list for options and a checked record; Fields converts at that edge
// (docs/decisions.md D200).

#include "domain/NoCopy.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace finimport::app::rows {

using Value = std::optional<std::string>;
// The ABI's name/value list (plugin/ImporterRunner.h options and checked records).
using NamedValues = std::vector<std::pair<std::string, Value>>;

class Header : domain::NoCopy {
public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    // `shared`: rows of a run share this header, so it keeps the extensions they make (a header
    // of one row, e.g. a request's edits, keeps none: its names may be a client's).
    explicit Header(std::vector<std::string> names, bool shared = true);

    static std::shared_ptr<const Header> of(std::vector<std::string> names, bool shared = true);
    static const std::shared_ptr<const Header>& empty();

    const std::vector<std::string>& names() const { return _names; }
    std::size_t size() const { return _names.size(); }
    // The position of the first field called `name`, npos when there is none.
    std::size_t find(std::string_view name) const {
        const auto it = _index.find(name);
        return it == _index.end() ? npos : it->second;
    }
    // This header and `name` after it. The rows of a run that add the same field share the
    // result (a shared header keeps it, for a few names: what the host adds is a short list).
    std::shared_ptr<const Header> with(std::string_view name) const;

private:
    std::vector<std::string> _names;
    std::unordered_map<std::string_view, uint32_t> _index; // views of _names, first position
    bool _shared;
    mutable std::mutex _extendedMutex; // rows of one header are handled on several threads
    mutable std::vector<std::shared_ptr<const Header>> _extended;
};

class Fields {
public:
    struct Entry {
        const std::string& name;
        const Value& value;
    };
    class Iterator {
    public:
        Iterator(const Fields* fields, std::size_t at) : _f(fields), _at(at) {}
        Entry operator*() const { return {_f->name(_at), _f->value(_at)}; }
        Iterator& operator++() {
            ++_at;
            return *this;
        }
        bool operator==(const Iterator& o) const { return _at == o._at; }
        bool operator!=(const Iterator& o) const { return _at != o._at; }

    private:
        const Fields* _f;
        std::size_t _at;
    };

    Fields();
    // `values` in the order of `header` (extra values are dropped, missing ones are null).
    Fields(std::shared_ptr<const Header> header, std::vector<Value> values);
    // A literal row (tests, records the host builds): a header of its own.
    Fields(std::initializer_list<std::pair<std::string, Value>> fields);
    static Fields fromNamedValues(const NamedValues& fields);

    std::size_t size() const { return _values.size(); }
    bool empty() const { return _values.empty(); }
    const std::string& name(std::size_t i) const { return _header->names()[i]; }
    const Value& value(std::size_t i) const { return _values[i]; }
    Value& value(std::size_t i) { return _values[i]; }
    const std::shared_ptr<const Header>& header() const { return _header; }
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, _values.size()}; }

    // The value of the first field called `name`; nullptr when the row has no such field.
    // Inline, as the other reads: a row is a value handed along, not a stage of the path.
    const Value* get(std::string_view name) const {
        const std::size_t at = _header->find(name);
        return at == Header::npos ? nullptr : &_values[at];
    }
    bool has(std::string_view name) const { return get(name) != nullptr; }
    // The text, or "" when absent or null (a view into the row).
    std::string_view view(std::string_view name) const {
        const Value* v = get(name);
        return v && *v ? std::string_view(**v) : std::string_view();
    }
    std::string text(std::string_view name) const { return std::string(view(name)); }
    // Absent, null, or only spaces, tabs, CR and LF (domain/Text.h).
    bool blank(std::string_view name) const;
    // The trimmed text; nullopt when blank.
    std::optional<std::string> nonBlank(std::string_view name) const;
    // Replaces the value of field `name`, or appends the field when the row has none.
    void set(std::string_view name, Value value);

    NamedValues namedValues() const;
    // The same names and values in the same order.
    bool operator==(const Fields& o) const;
    bool operator!=(const Fields& o) const { return !(*this == o); }

private:
    std::shared_ptr<const Header> _header;
    std::vector<Value> _values;
};

} // namespace finimport::app::rows
