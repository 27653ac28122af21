#include "app/rows/Fields.h"

#include "domain/Text.h"

namespace finimport::app::rows {

namespace {
// Extensions a header keeps: the host adds a handful of fields (account, account_key,
// account_kind, currency, the signed twins); past this many, rows build their own.
constexpr std::size_t kMaxExtended = 16;
} // namespace

Header::Header(std::vector<std::string> names, bool shared)
    : _names(std::move(names)), _shared(shared) {
    _index.reserve(_names.size());
    for (std::size_t i = 0; i < _names.size(); ++i)
        _index.try_emplace(std::string_view(_names[i]), static_cast<uint32_t>(i));
}

std::shared_ptr<const Header> Header::of(std::vector<std::string> names, bool shared) {
    return std::make_shared<const Header>(std::move(names), shared);
}

const std::shared_ptr<const Header>& Header::empty() {
    static const std::shared_ptr<const Header> none = of({}, false);
    return none;
}

std::shared_ptr<const Header> Header::with(std::string_view name) const {
    if (!_shared) {
        std::vector<std::string> names = _names;
        names.emplace_back(name);
        return of(std::move(names), false);
    }
    std::lock_guard<std::mutex> lock(_extendedMutex);
    for (const auto& h : _extended)
        if (h->_names.back() == name) return h;
    std::vector<std::string> names = _names;
    names.emplace_back(name);
    auto h = of(std::move(names));
    if (_extended.size() < kMaxExtended) _extended.push_back(h);
    return h;
}

Fields::Fields() : _header(Header::empty()) {}

Fields::Fields(std::shared_ptr<const Header> header, std::vector<Value> values)
    : _header(std::move(header)), _values(std::move(values)) {
    _values.resize(_header->size());
}

Fields::Fields(std::initializer_list<std::pair<std::string, Value>> fields) {
    std::vector<std::string> names;
    names.reserve(fields.size());
    _values.reserve(fields.size());
    for (const auto& [name, value] : fields) {
        names.push_back(name);
        _values.push_back(value);
    }
    _header = Header::of(std::move(names), false);
}

Fields Fields::fromNamedValues(const NamedValues& fields) {
    std::vector<std::string> names;
    std::vector<Value> values;
    names.reserve(fields.size());
    values.reserve(fields.size());
    for (const auto& [name, value] : fields) {
        names.push_back(name);
        values.push_back(value);
    }
    return Fields(Header::of(std::move(names), false), std::move(values));
}

bool Fields::blank(std::string_view name) const {
    return domain::isBlank(view(name));
}

std::optional<std::string> Fields::nonBlank(std::string_view name) const {
    const std::string_view t = domain::trimView(view(name));
    if (t.empty()) return std::nullopt;
    return std::string(t);
}

void Fields::set(std::string_view name, Value value) {
    const std::size_t at = _header->find(name);
    if (at != Header::npos) {
        _values[at] = std::move(value);
        return;
    }
    _header = _header->with(name);
    _values.push_back(std::move(value));
}

NamedValues Fields::namedValues() const {
    NamedValues out;
    out.reserve(_values.size());
    for (std::size_t i = 0; i < _values.size(); ++i)
        out.emplace_back(name(i), _values[i]);
    return out;
}

bool Fields::operator==(const Fields& o) const {
    if (_values != o._values) return false;
    return _header == o._header || _header->names() == o._header->names();
}

} // namespace finimport::app::rows
