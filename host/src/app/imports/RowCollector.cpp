#include "app/imports/RowCollector.h"

#include "app/imports/MessageCap.h"

namespace finimport::app {

bool RowCollector::begin(const std::string& kind, const std::vector<std::string>& fields) {
    _kind = kind;
    _fields = rows::Header::of(fields);
    return true;
}

bool RowCollector::row(const std::vector<std::optional<std::string>>& values,
                       const plugin::Location& location) {
    if (_kind == "header") {
        _header.clear();
        for (const auto& v : values)
            _header.push_back(v.value_or(""));
        return true;
    }
    CollectedRow r;
    r.number = static_cast<int64_t>(location.record ? location.record : _rows.size() + 1);
    r.line = static_cast<int64_t>(location.line);
    r.kind = _kind;
    r.section = location.section;
    if (_fields) r.fields = rows::Fields(_fields, values);
    if (auto it = _earlyErrors.find(static_cast<uint64_t>(r.number)); it != _earlyErrors.end()) {
        r.errors = std::move(it->second);
        _earlyErrors.erase(it);
    }
    _index[static_cast<uint64_t>(r.number)] = _rows.size();
    _rows.push_back(std::move(r));
    return true;
}

bool RowCollector::rowError(const std::string& code, const plugin::Location& location,
                            const std::optional<std::string>& field, const std::string& message,
                            const std::optional<std::string>& raw) {
    // Bounded (docs/decisions.md D65): a plugin reporting millions of errors costs no more than the
    // caps. A row keeps its first 10 messages; errors for rows not yet sent wait for at most 1,000
    // rows.
    RowMessage m{code, field, message, raw, static_cast<int64_t>(location.line), location.section};
    if (location.record == 0) {
        pushCapped(_fileErrors, _fileErrorsNotListed, std::move(m));
        return true;
    }
    int64_t dropped = 0;
    if (CollectedRow* r = rowNumbered(location.record)) {
        pushCapped(r->errors, dropped, std::move(m), kRowMessagesMax);
    } else if (auto it = _earlyErrors.find(location.record); it != _earlyErrors.end()) {
        pushCapped(it->second, dropped, std::move(m), kRowMessagesMax);
    } else if (_earlyErrors.size() < kListedMessagesMax) {
        _earlyErrors[location.record].push_back(std::move(m));
    } else {
        pushCapped(_fileErrors, _fileErrorsNotListed, std::move(m));
    }
    return true;
}

CollectedRow* RowCollector::rowNumbered(uint64_t record) {
    auto it = _index.find(record);
    return it == _index.end() ? nullptr : &_rows[it->second];
}

} // namespace finimport::app
