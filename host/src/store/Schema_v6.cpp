// Schema version 6 (issue 15): the external id a statement file gave an entry (D52, D63: OFX
// FITID, camt references, MT940 `//` references), indexed per account for re-import matching,
// and the import's `warnings` (D45, D57), a JSON array of strings.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV6() {
    Migration m{6, "external ids and import warnings", {}, {}};
    m.statements.push_back("ALTER TABLE entries ADD COLUMN external_id TEXT");
    m.statements.push_back("CREATE INDEX entries_external_id ON entries (account_id, external_id)");
    m.statements.push_back("ALTER TABLE imports ADD COLUMN warnings TEXT");
    return {m};
}

} // namespace finimport::store
