// A CSV input as the CSV-family imports see it (IMPORTS.md §5.2): leading lines dropped, the
// header record, then data records with trimmed fields. Leading and trailing blank lines
// vanish (the reference trims the whole text); a blank line between data records is a
// record of empty fields. Parse errors throw finimport::Fatal with the D14 message.
#ifndef FINIMPORT_CSV_CSVTABLE_H
#define FINIMPORT_CSV_CSVTABLE_H

#include "finimport/csv.hpp"
#include "finimport/plugin.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace finimport::csv {

struct DataRecord {
    std::vector<std::string> fields; // trimmed
    std::uint64_t number = 0;        // 1-based data row number
    std::uint64_t line = 0;          // physical line of its start
};

class CsvTable {
public:
    CsvTable(Records& out, char separator, std::uint64_t rowsToSkip);

    // Reads the header (empty when the input has no records) and reports it to the host as a
    // "header" record. Returns false when the host asked to stop.
    bool readHeader();
    const std::vector<std::string>& header() const { return header_; }

    // The next data record, false at the end.
    bool next(DataRecord& record);

private:
    bool nextRaw(sdk::CsvRecord& record);
    static bool isBlankLine(const sdk::CsvRecord& record);

    Records& out_;
    std::uint64_t skippedLines_ = 0;
    std::uint64_t rowsToSkip_;
    sdk::CsvReader reader_;
    std::vector<std::string> header_;
    std::uint64_t headerLine_ = 0;
    std::uint64_t pendingBlankLines_ = 0; // blank records not yet known to be inside the data
    std::uint64_t pendingLine_ = 0;
    std::uint64_t count_ = 0;
    sdk::CsvRecord lookahead_;
    bool haveLookahead_ = false;
};

} // namespace finimport::csv

#endif // FINIMPORT_CSV_CSVTABLE_H
