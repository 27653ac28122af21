#pragma once
// Collects what an import plugin emits (header, records, row errors) in memory, so that an
// upload is validated completely before anything is stored.

#include "app/rows/Fields.h"
#include "app/rows/RowMessage.h"
#include "plugin/ImporterRunner.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

using rows::RowMessage;

struct CollectedRow {
    int64_t number = 0; // 1-based record number
    int64_t line = 0;
    std::string kind;
    std::optional<std::string> section;
    rows::Fields fields;
    std::vector<RowMessage> errors;
};

class RowCollector : public plugin::RecordSink {
public:
    bool begin(const std::string& kind, const std::vector<std::string>& fields) override;
    bool row(const std::vector<std::optional<std::string>>& values,
             const plugin::Location& location) override;
    bool rowError(const std::string& code, const plugin::Location& location,
                  const std::optional<std::string>& field, const std::string& message,
                  const std::optional<std::string>& raw) override;

    const std::vector<std::string>& header() const { return _header; }
    std::vector<CollectedRow>& rows() { return _rows; }
    // Errors that name no emitted record (record 0 or an unknown number), at most 1,000; the
    // rest are only counted.
    const std::vector<RowMessage>& fileErrors() const { return _fileErrors; }
    int64_t fileErrorsNotListed() const { return _fileErrorsNotListed; }

private:
    CollectedRow* rowNumbered(uint64_t record);

    std::string _kind;
    std::shared_ptr<const rows::Header> _fields; // the current kind's
    std::vector<std::string> _header;
    std::vector<CollectedRow> _rows;
    std::map<uint64_t, size_t> _index;                        // record → position in _rows
    std::map<uint64_t, std::vector<RowMessage>> _earlyErrors; // errors sent before their row
    std::vector<RowMessage> _fileErrors;
    int64_t _fileErrorsNotListed = 0;
};

} // namespace finimport::app
