// A CSV input as the CSV-family imports see it (docs/imports.md §5.2): leading lines dropped, the
// header record, then data records with trimmed fields. Blank lines (only separators,
// whitespace or stray CRs) are never records (docs/decisions.md D39). Parse errors throw
// finimport::Fatal with the D14 message.
#ifndef FINIMPORT_CSV_CSVTABLE_H
#define FINIMPORT_CSV_CSVTABLE_H

#include "finimport/csv.hpp"
#include "finimport/plugin.hpp"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::csv {

// A data record: views valid until the table's next read (a row borrows them until it is sent).
struct DataRecord {
    std::vector<std::string_view> fields; // trimmed
    std::uint64_t number = 0;             // 1-based data row number
    std::uint64_t line = 0;               // physical line of its start
};

class CsvTable {
public:
    // `separatorsOnlyIsBlank`: docs/decisions.md D39 for bank files (ledger imports); Sure's own
    // category, merchant and rule exports keep a `,,,` line as a row of empty fields.
    CsvTable(Records& out, char separator, std::uint64_t rowsToSkip,
             bool separatorsOnlyIsBlank = true);

    // Reads from `input` (the whole file, already read for `auto` detection) instead of the
    // host's stream; call before readHeader. The view must outlive the table.
    void setInput(std::string_view input) {
        input_ = input;
        fromInput_ = true;
    }

    // A scan that reports nothing to the host (the first pass of `auto` detection).
    void setQuiet(bool quiet) { quiet_ = quiet; }

    // docs/decisions.md D38: without a header every record is data (readHeader reports no header
    // record).
    void setHasHeader(bool hasHeader) { hasHeader_ = hasHeader; }
    // D39/D54: drop the last `n` non-blank records; n ≥ data rows is a Fatal.
    void setFooterRowsToSkip(std::uint64_t n) { footerRowsToSkip_ = n; }

    // Reads the header (empty when the input has no records) and reports it to the host as a
    // "header" record. Returns false when the host asked to stop.
    bool readHeader();
    const std::vector<std::string>& header() const { return header_; }

    // The next data record, false at the end.
    bool next(DataRecord& record);

private:
    std::int64_t readInput(char* buffer, std::size_t capacity);
    bool nextRaw(sdk::CsvRecord& record);
    bool nextRaw(sdk::CsvRecordView& record);
    template <typename Fields> bool isBlankLine(const Fields& fields) const;
    template <typename Record> bool nextNonBlank(Record& record);
    void emit(sdk::CsvRecord&& raw, DataRecord& record);
    static void trim(std::vector<std::string_view>& fields);
    void throwReadError() const;

    Records& out_;
    std::string_view input_;
    bool fromInput_ = false;
    bool quiet_ = false;
    std::uint64_t skippedLines_ = 0;
    std::uint64_t rowsToSkip_;
    bool separatorsOnlyIsBlank_;
    bool hasHeader_ = true;
    std::uint64_t footerRowsToSkip_ = 0;
    std::deque<sdk::CsvRecord> held_; // records that may still turn out to be footer
    sdk::CsvRecord current_;          // the held record whose views the last next() returned
    bool ended_ = false;
    sdk::CsvReader reader_;
    std::vector<std::string> header_;
    std::uint64_t headerLine_ = 0;
    std::uint64_t count_ = 0;
};

} // namespace finimport::csv

#endif // FINIMPORT_CSV_CSVTABLE_H
