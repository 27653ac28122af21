#include "app/imports/ImportSummary.h"

#include <charconv>

namespace finimport::app {

ImportSummary ImportSummary::of(const std::optional<std::string>& stored) {
    ImportSummary summary;
    if (stored && !stored->empty())
        if (auto parsed = json::parse(*stored); parsed.value && parsed.value->isObject())
            summary._root = std::move(*parsed.value);
    return summary;
}

int64_t ImportSummary::count(std::string_view key) const {
    int64_t n = 0;
    if (const json::Value* v = _root.find(key, json::Value::Kind::Number))
        std::from_chars(v->text().data(), v->text().data() + v->text().size(), n);
    return n;
}

void ImportSummary::setCount(std::string_view key, int64_t value) {
    _root.set(std::string(key), json::Value::makeNumber(std::to_string(value)));
}

std::optional<RowStats> ImportSummary::rows() const {
    const json::Value* rows = _root.find("rows", json::Value::Kind::Object);
    if (!rows) return std::nullopt;
    return RowStats::fromValue(*rows);
}

void ImportSummary::setRows(const RowStats& stats) {
    _root.set("rows", stats.toValue());
}

} // namespace finimport::app
