// One MT940/MT942 statement's fields → the shared statement records (docs/decisions.md D50, D58,
// D59, D61, D62).
#ifndef FINIMPORT_MT940_STATEMENT_H
#define FINIMPORT_MT940_STATEMENT_H

#include "Mt940Reader.h"
#include "StatementRecords.hpp"

#include <string>
#include <vector>

namespace mt940 {

struct Interpreted {
    finimport::statement::StatementHeader header;
    std::vector<finimport::statement::Transaction> transactions;
    std::vector<std::string> warnings;
};

// `ids` keeps statement ids distinct within one file.
Interpreted interpret(const RawStatement& raw, finimport::statement::StatementIds& ids);

} // namespace mt940

#endif // FINIMPORT_MT940_STATEMENT_H
