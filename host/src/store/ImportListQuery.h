#pragma once
// The statement of ImportStore::list(), for the test that checks its plan (docs/decisions.md
// D216): the family's imports newest first, from imports_family_created without a sort.

#include "store/ImportStore.h"
#include "store/SqlRow.h"

#include <string>
#include <vector>

namespace finimport::store {

// Its parameters go to `params`; LIMIT ? OFFSET ? come last, for the caller to bind.
std::string importListQuery(const ImportListFilter& filter, std::vector<SqlValue>& params);

} // namespace finimport::store
