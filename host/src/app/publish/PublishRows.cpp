#include "app/publish/PublishRows.h"

#include "app/imports/RowCodec.h"
#include "app/imports/RowValidation.h"

#include <algorithm>
#include <future>
#include <system_error>

namespace finimport::app {

namespace {

// A stored row as read, copied out of the database's buffers for the decoding threads.
struct RawRow {
    int64_t number = 0;
    std::string kind, fields, errors;
};

// Decodes rows [begin, end) into `out`, in order; counts the invalid ones.
PublishRows decodeRows(const std::vector<RawRow>& raw, size_t begin, size_t end, domain::Date today,
                       bool skipInvalid) {
    PublishRows out;
    out.rows.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) {
        const RawRow& row = raw[i];
        RowFields fields = decodeRowFields(row.fields);
        if (!rowErrorsNow(fields, rowMessagesFromJson(row.errors), today).empty()) {
            ++out.invalid;
            if (skipInvalid) continue;
        }
        out.rows.push_back({row.number, row.kind, std::move(fields)});
    }
    return out;
}

} // namespace

PublishRows loadPublishRows(store::ImportStore& imports, const std::string& importId,
                            domain::Date today, bool skipInvalid) {
    std::vector<RawRow> raw;
    imports.forEachRowView(importId, [&](const store::ImportRowView& row) {
        if (row.excluded) return;
        raw.push_back({row.rowNumber, std::string(row.kind), std::string(row.fields),
                       std::string(row.errors)});
    });
    // A second thread only pays off for a large import.
    constexpr size_t kParallelFrom = 4096;
    const size_t half = raw.size() >= kParallelFrom ? raw.size() / 2 : raw.size();
    std::future<PublishRows> second;
    size_t first = raw.size();
    if (half < raw.size()) {
        try {
            second = std::async(std::launch::async, decodeRows, std::cref(raw), half, raw.size(),
                                today, skipInvalid);
            first = half;
        } catch (const std::system_error&) { // no thread to be had: all on this one
        }
    }
    PublishRows out = decodeRows(raw, 0, first, today, skipInvalid);
    if (second.valid()) {
        PublishRows rest = second.get();
        out.invalid += rest.invalid;
        out.rows.insert(out.rows.end(), std::make_move_iterator(rest.rows.begin()),
                        std::make_move_iterator(rest.rows.end()));
    }
    return out;
}

} // namespace finimport::app
