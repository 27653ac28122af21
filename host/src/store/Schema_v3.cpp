// Schema version 3 (reads that do not sort): the trades listing walks Trade entries
// newest first through an index that matches its ORDER BY, and stops after a page.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV3() {
    Migration m{3, "read indexes", {}};
    m.statements.push_back(
        "CREATE INDEX entries_type_date ON entries (entryable_type, date, created_at, id)");
    return {m};
}

} // namespace finimport::store
