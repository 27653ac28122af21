#pragma once
// The family's data in the service's NDJSON format (docs/imports.md §6.12 "What produces NDJSON"):
// every record kind, in dependency order, each kind in a stable content order, so that an
// export imported into an empty family exports the same again (ids and timestamps aside).

#include "store/Tx.h"

#include <ostream>
#include <string>

namespace finimport::app {

// Lines separated by '\n', no trailing newline (as the reference's exporter).
void exportFamilyNdjson(store::Tx& session, const std::string& familyId, std::ostream& out);

} // namespace finimport::app
