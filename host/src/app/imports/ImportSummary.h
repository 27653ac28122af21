#pragma once
// An import's stored summary (`imports.summary`, a JSON object): counts by key — the upload's
// `duplicate_rows_count`, a backup's `valid_rows_count` and `importable_lines`, what a publish
// adds — and the row stats under `rows` (RowStats.h). The one place that reads and writes it: a
// change sets its keys and keeps the others as they are.

#include "app/imports/RowStats.h"
#include "domain/Json.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::app {

class ImportSummary {
public:
    // The stored text; none, blank or not a JSON object reads as an empty summary.
    static ImportSummary of(const std::optional<std::string>& stored);

    bool has(std::string_view key) const { return _root.find(key) != nullptr; }
    // The count under `key`; 0 when it is absent or not a number.
    int64_t count(std::string_view key) const;
    void setCount(std::string_view key, int64_t value);
    // The row stats; nullopt for an import stored before they were kept (schema v11).
    std::optional<RowStats> rows() const;
    void setRows(const RowStats& stats);
    // The text to store.
    std::string text() const { return json::write(_root); }

private:
    json::Value _root = json::Value::makeObject();
};

} // namespace finimport::app
