// Schema version 6: the external id a statement file gave an entry (docs/decisions.md
// D52, D63: OFX FITID, camt references, MT940 `//` references), indexed per account for re-import
// matching, the import's `warnings` (D45, D57), a JSON array of strings, and a security's key
// within its family (D60: CUSIP or ISIN), so files with and without a ticker list find the same
// security.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV6() {
    Migration m{6, "external ids and import warnings", {}, {}};
    m.statements.push_back("ALTER TABLE entries ADD COLUMN external_id TEXT");
    m.statements.push_back("CREATE INDEX entries_external_id ON entries (account_id, external_id)");
    m.statements.push_back("ALTER TABLE imports ADD COLUMN warnings TEXT");
    m.statements.push_back("ALTER TABLE securities ADD COLUMN security_key TEXT");
    m.statements.push_back("CREATE INDEX securities_key ON securities (family_id, security_key)");
    return {m};
}

} // namespace finimport::store
