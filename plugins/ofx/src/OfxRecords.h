// Turns a parsed Document into records (docs/plugin-records.md, "Statement formats"): per
// statement a `statement` record, then its `transaction` and `trade` records, and `warning`
// records (empty currency docs/decisions.md D58, investment entries not imported).
#ifndef FINIMPORT_OFX_RECORDS_H
#define FINIMPORT_OFX_RECORDS_H

#include "OfxModel.h"

#include "finimport/plugin.hpp"

namespace finimport::ofx {

fi_run_status emitRecords(const Document& doc, Records& out);

} // namespace finimport::ofx

#endif // FINIMPORT_OFX_RECORDS_H
