#include "app/publish/PublishRows.h"

#include "app/imports/RowValidation.h"
#include "app/rows/RowCodec.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <system_error>

namespace finimport::app {

namespace {

// A stored row as read, copied out of the database's buffers for the decoding threads.
struct RawRow {
    int64_t number = 0;
    std::string kind, fields, errors;
    bool noCandidate = false;
};

// Decodes rows [begin, end) into `out`, in order; counts the invalid ones.
PublishRows decodeRows(const std::vector<RawRow>& raw, size_t begin, size_t end, domain::Date today,
                       bool skipInvalid) {
    PublishRows out;
    out.rows.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) {
        const RawRow& row = raw[i];
        rows::Fields fields = rows::decodeFields(row.fields);
        if (!rowErrorsNow(fields, rows::messagesFromJson(row.errors), today).empty()) {
            ++out.invalid;
            if (skipInvalid) continue;
        }
        out.rows.push_back({row.number, row.kind, std::move(fields), row.noCandidate});
    }
    return out;
}

std::atomic<int64_t> maxRowsHeld{0};
std::atomic<int64_t> pageChunks{kPublishPageChunks};

void noteRowsHeld(size_t n) {
    auto held = static_cast<int64_t>(n);
    int64_t seen = maxRowsHeld.load();
    while (held > seen && !maxRowsHeld.compare_exchange_weak(seen, held)) {
    }
}

// Decodes `raw` on up to two threads, in order.
PublishRows decodeAll(const std::vector<RawRow>& raw, domain::Date today, bool skipInvalid) {
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
    noteRowsHeld(out.rows.size());
    return out;
}

} // namespace

int64_t publishPageChunks() {
    return pageChunks.load();
}

void setPublishPageChunks(int64_t chunks) {
    pageChunks.store(chunks > 0 ? chunks : kPublishPageChunks);
}

int64_t maxPublishRowsHeld() {
    return maxRowsHeld.load();
}

void resetMaxPublishRowsHeld() {
    maxRowsHeld.store(0);
}

int64_t streamPublishRows(store::ImportStore& imports, const std::string& importId,
                          domain::Date today, bool skipInvalid,
                          const std::function<void(std::vector<PublishRow>&)>& onBatch) {
    int64_t invalid = 0;
    std::vector<RawRow> raw;
    imports.forEachRowPage(
        importId, publishPageChunks(), [&](const std::vector<store::ImportRowView>& views) {
            raw.clear();
            for (const auto& row : views)
                if (!row.excluded)
                    raw.push_back({row.rowNumber, std::string(row.kind), std::string(row.fields),
                                   std::string(row.errors), row.noCandidate});
            PublishRows page = decodeAll(raw, today, skipInvalid);
            invalid += page.invalid;
            if (!page.rows.empty()) onBatch(page.rows);
        });
    return invalid;
}

bool storedRowsNeedSplitsOrTransfers(store::ImportStore& imports, const std::string& importId) {
    bool needs = false;
    imports.forEachRowView(importId, [&](const store::ImportRowView& row) {
        if (needs || row.excluded) return;
        if (row.kind == "split" || row.kind == "opening_balance")
            needs = true;
        else if (row.kind == "transaction")
            needs = !rows::storedFieldBlank(row.fields, "transfer_account");
    });
    return needs;
}

PublishRows loadPublishRows(store::ImportStore& imports, const std::string& importId,
                            domain::Date today, bool skipInvalid) {
    std::vector<RawRow> raw;
    imports.forEachRowView(importId, [&](const store::ImportRowView& row) {
        if (row.excluded) return;
        raw.push_back({row.rowNumber, std::string(row.kind), std::string(row.fields),
                       std::string(row.errors), row.noCandidate});
    });
    return decodeAll(raw, today, skipInvalid);
}

} // namespace finimport::app
