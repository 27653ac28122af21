// Builds the Document from the reader's elements: statements (STMTRS, CCSTMTRS, INVSTMTRS),
// their entries (every BANKTRANLIST's STMTTRN; INVTRANLIST's trades and cash transactions),
// and SECLIST names. INVPOSLIST, INVOOLIST and INVBAL are not imported (docs/decisions.md D60).
#ifndef FINIMPORT_OFX_BUILDER_H
#define FINIMPORT_OFX_BUILDER_H

#include "OfxModel.h"
#include "OfxReader.h"

namespace finimport::ofx {

// Reads the whole input; throws ParseError for a malformed file.
Document parseDocument(const ReadFunction& read, const Limits& limits = {});

} // namespace finimport::ofx

#endif // FINIMPORT_OFX_BUILDER_H
