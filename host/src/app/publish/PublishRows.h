#pragma once
// The rows a publish works on: every stored row that is not excluded, decoded from its stored
// form, with the rows that are invalid now counted (docs/decisions.md D43/D44: with
// skip_invalid_rows they are left out, else the publish fails naming how many).

#include "app/publish/PublishContext.h"
#include "domain/Date.h"
#include "store/ImportStore.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace finimport::app {

struct PublishRows {
    std::vector<PublishRow> rows; // in row order
    int64_t invalid = 0;          // not excluded, invalid now (left out when skipping)
};

// Reads the import's rows in one query, then decodes them on up to two threads: decoding is
// most of the cost of loading (0.4 s of a 100k-row publish on one thread, bench/RESULTS.md)
// and the job would otherwise use one of the machine's cores.
PublishRows loadPublishRows(store::ImportStore& imports, const std::string& importId,
                            domain::Date today, bool skipInvalid);

// The streamed publish (docs/decisions.md D125): the import's rows in file order, a page of
// publishPageChunks() stored chunks at a time (RowInserter::kChunkRows rows each), decoded,
// handed to `onBatch` (rows of every kind; the invalid ones left out when skipping, else kept)
// after the page's statement is done, so `onBatch` may write. Returns the number of invalid rows.
// An import of more rows than a page holds is published this way (Publisher.cpp).
constexpr int64_t kPublishPageChunks = 32; // 8,192 rows
int64_t publishPageChunks();
// Tests: a smaller page, so that a small import streams (0: back to kPublishPageChunks).
void setPublishPageChunks(int64_t chunks);
int64_t streamPublishRows(store::ImportStore& imports, const std::string& importId,
                          domain::Date today, bool skipInvalid,
                          const std::function<void(std::vector<PublishRow>&)>& onBatch);

// Whether any stored row needs publishSplitsAndTransfers (a split, an opening balance, a transfer),
// read from the stored rows without decoding them (needsSplitsOrTransfers on the decoded rows says
// the same).
bool storedRowsNeedSplitsOrTransfers(store::ImportStore& imports, const std::string& importId);

// Tests (ledger_scale): the most decoded rows one publish held at once, over the process.
int64_t maxPublishRowsHeld();
void resetMaxPublishRowsHeld();

} // namespace finimport::app
