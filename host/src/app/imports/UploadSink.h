#pragma once
// The sink an upload's plugin writes into: it bounds what a file may produce (rows, columns,
// bytes per row, messages per row) and hands each finished row on at once, so memory holds
// one row, never the file's rows. Row errors arrive after their row (sdk/docs/records.md), so
// a row is finished when the next one starts or the run ends.

#include "app/imports/ImportRequest.h"
#include "app/imports/RowCollector.h"
#include "plugin/ImporterRunner.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace finimport::app {

struct UploadLimits {
    int64_t maxRows = 1000000;          // limits.upload_rows
    std::size_t maxColumns = 1000;      // cells of a header or record
    std::size_t maxRowBytes = 65536;    // the values of one record together
    std::size_t maxMessagesPerRow = 10; // docs/decisions.md D65: the 10th counts the rest
};

// Thrown out of the sink (and so out of runImporter) when a bound is crossed: the upload is
// refused with this error and nothing is stored.
struct UploadRefused : std::runtime_error {
    explicit UploadRefused(Error e) : std::runtime_error(e.message), error(std::move(e)) {}
    Error error;
};

class UploadSink : public plugin::RecordSink {
public:
    UploadSink(UploadLimits limits, std::function<void(CollectedRow&&)> onRow)
        : _limits(limits), _onRow(std::move(onRow)) {}

    bool begin(const std::string& kind, const std::vector<std::string>& fields) override;
    bool row(const std::vector<std::optional<std::string>>& values,
             const plugin::Location& location) override;
    bool rowError(const std::string& code, const plugin::Location& location,
                  const std::optional<std::string>& field, const std::string& message,
                  const std::optional<std::string>& raw) override;

    // Hands on the last row; call once after a successful run.
    void finish();

    const std::vector<std::string>& header() const { return _header; }
    // Rows of kind "meta" (plugin facts such as the detected date format), kept aside.
    const std::vector<CollectedRow>& metaRows() const { return _meta; }
    int64_t rowCount() const { return _rows; }

private:
    void flush();
    void addMessage(CollectedRow& row, RowMessage m);
    [[noreturn]] void refuse(const std::string& code, const std::string& message);

    UploadLimits _limits;
    std::function<void(CollectedRow&&)> _onRow;
    std::string _kind;
    std::shared_ptr<const rows::Header> _fields; // the current kind's, shared by its rows
    std::vector<std::string> _header;
    std::vector<CollectedRow> _meta;
    std::optional<CollectedRow> _pending;
    std::map<uint64_t, std::vector<RowMessage>> _early; // errors sent before their row (bounded)
    int64_t _rows = 0;
};

} // namespace finimport::app
