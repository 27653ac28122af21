#pragma once
// The rows a publish works on: every stored row that is not excluded, decoded from its stored
// form, with the rows that are invalid now counted (docs/decisions.md D43/D44: with
// skip_invalid_rows they are left out, else the publish fails naming how many).

#include "app/publish/PublishContext.h"
#include "domain/Date.h"
#include "store/ImportStore.h"

#include <cstdint>
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

} // namespace finimport::app
