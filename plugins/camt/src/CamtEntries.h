// Turns one raw CAMT statement into the shared statement records (docs/decisions.md D49, D58, D59,
// D61–D63).
#ifndef FINIMPORT_CAMT_ENTRIES_H
#define FINIMPORT_CAMT_ENTRIES_H

#include "CamtModel.h"
#include "StatementRecords.hpp"

#include <string>
#include <vector>

namespace camt {

struct Interpreted {
    finimport::statement::StatementHeader header;
    std::vector<finimport::statement::Transaction> transactions;
    std::vector<std::string> warnings; // pending entries, detail sums (docs/decisions.md D61)
};

// `ids` keeps statement ids distinct within one file.
Interpreted interpret(const Statement& statement, finimport::statement::StatementIds& ids);

} // namespace camt

#endif // FINIMPORT_CAMT_ENTRIES_H
