#pragma once
// What stops a revert (docs/decisions.md D64): records of another import, of the API, or another
// import's match that depend on what the revert would delete. Checked when the revert is
// requested (409 revert_blocked) and again inside the revert job's transaction.

#include "store/Tx.h"

#include <set>
#include <string>

namespace finimport::app {

struct RevertDependants {
    std::set<std::string> importIds; // other imports, sorted
    bool api = false;                // records no import owns (created through the API)

    bool empty() const { return importIds.empty() && !api; }
    // "Import cannot be reverted because other data depends on it: import <id>, …, records
    // created through the API."
    std::string message() const;
};

RevertDependants revertDependants(store::Tx& s, const std::string& importId);

} // namespace finimport::app
