#pragma once
// Reads of an import's rows for row edits (docs/decisions.md D44) and the rows endpoint beyond
// ImportStore's pages: text pre-filtered candidates, the first invalid rows, their count.

#include "store/Tx.h"
#include <cstdint>
#include <string>
#include <vector>

namespace finimport::store {

// The stored `fields` of up to `limit` rows of the import other than `exceptRow` whose stored
// text contains `text` verbatim (case and all); excluded rows never, invalid rows only when
// `includeInvalid`. A pre-filter: callers check each candidate exactly.
std::vector<std::string> rowFieldsContaining(Tx& s, const std::string& importId, int64_t exceptRow,
                                             bool includeInvalid, const std::string& text,
                                             int64_t limit);
// The numbers of the first `limit` invalid, not excluded rows, ascending.
std::vector<int64_t> firstInvalidRowNumbers(Tx& s, const std::string& importId, int64_t limit);
// How many rows are invalid and not excluded.
int64_t invalidRowCount(Tx& s, const std::string& importId);

} // namespace finimport::store
