#include "app/imports/UploadSink.h"

#include "app/imports/MessageCap.h"

namespace finimport::app {

namespace {
constexpr std::size_t kMaxEarly = 1000; // records with errors announced before their row
constexpr std::size_t kMaxMeta = 16;
} // namespace

void UploadSink::refuse(const std::string& code, const std::string& message) {
    throw UploadRefused(Error{ErrorKind::Invalid, code, message, std::nullopt, std::nullopt});
}

bool UploadSink::begin(const std::string& kind, const std::vector<std::string>& fields) {
    // The cell count is checked per row (with its line): a header announces its cells here.
    _kind = kind;
    _fields = rows::Header::of(fields);
    return true;
}

void UploadSink::addMessage(CollectedRow& row, RowMessage m) {
    const std::size_t cap = _limits.maxMessagesPerRow;
    if (row.errors.size() + 1 < cap) {
        row.errors.push_back(std::move(m));
        return;
    }
    // The last kept line counts the rest (docs/decisions.md D65): "3 more errors not listed.".
    if (row.errors.size() + 1 == cap) {
        row.errors.push_back(RowMessage{"more_errors", std::nullopt, notListedLine(1, "errors")});
        return;
    }
    RowMessage& tail = row.errors.back();
    const int64_t more = std::stoll(tail.message) + 1;
    tail.message = notListedLine(more, "errors");
}

bool UploadSink::row(const std::vector<std::optional<std::string>>& values,
                     const plugin::Location& location) {
    // Built only for a refusal: this runs once per row.
    const auto where = [&] { return "Line " + std::to_string(location.line ? location.line : 1); };
    if (values.size() > _limits.maxColumns)
        refuse("too_many_columns",
               where() + " has more than " + std::to_string(_limits.maxColumns) + " columns.");
    if (_kind == "header") {
        _header.clear();
        for (const auto& v : values)
            _header.push_back(v.value_or(""));
        return true;
    }
    std::size_t bytes = 0;
    for (const auto& v : values)
        if (v) bytes += v->size();
    if (bytes > _limits.maxRowBytes)
        refuse("row_too_large",
               where() + " is larger than " + std::to_string(_limits.maxRowBytes) + " bytes.");
    CollectedRow r;
    r.number = static_cast<int64_t>(location.record ? location.record : _rows + 1);
    r.line = static_cast<int64_t>(location.line);
    r.kind = _kind;
    r.section = location.section;
    if (_fields) r.fields = rows::Fields(_fields, values);
    if (_kind == "meta") {
        if (_meta.size() < kMaxMeta) _meta.push_back(std::move(r));
        return true;
    }
    if (++_rows > _limits.maxRows)
        refuse("too_many_rows",
               "The file has more than " + std::to_string(_limits.maxRows) + " rows.");
    flush();
    if (auto it = _early.find(static_cast<uint64_t>(r.number)); it != _early.end()) {
        for (auto& m : it->second)
            addMessage(r, std::move(m));
        _early.erase(it);
    }
    _pending = std::move(r);
    return true;
}

bool UploadSink::rowError(const std::string& code, const plugin::Location& location,
                          const std::optional<std::string>& field, const std::string& message,
                          const std::optional<std::string>& raw) {
    // Kept with where it was found (the rows endpoint's error_details).
    RowMessage m{code, field, message, raw, static_cast<int64_t>(location.line), location.section};
    if (location.record == 0) return true; // file-level notes are not row errors
    if (_pending && static_cast<uint64_t>(_pending->number) == location.record) {
        addMessage(*_pending, std::move(m));
        return true;
    }
    // Before its row (allowed by the ABI); errors naming a finished row are dropped.
    if (!_pending || location.record > static_cast<uint64_t>(_pending->number)) {
        auto it = _early.find(location.record);
        if (it == _early.end()) {
            if (_early.size() >= kMaxEarly) return true;
            it = _early.emplace(location.record, std::vector<RowMessage>{}).first;
        }
        if (it->second.size() < _limits.maxMessagesPerRow) it->second.push_back(std::move(m));
    }
    return true;
}

void UploadSink::flush() {
    if (!_pending) return;
    CollectedRow r = std::move(*_pending);
    _pending.reset();
    _onRow(std::move(r));
}

void UploadSink::finish() {
    flush();
}

} // namespace finimport::app
