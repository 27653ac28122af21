#include "CsvTable.h"

#include "finimport/text.hpp"

#include <algorithm>
#include <cstring>

namespace finimport::csv {

CsvTable::CsvTable(Records& out, char separator, std::uint64_t rowsToSkip,
                   bool separatorsOnlyIsBlank)
    : out_(out), rowsToSkip_(rowsToSkip), separatorsOnlyIsBlank_(separatorsOnlyIsBlank),
      reader_(
          // Drops the first `rows_to_skip` LF-terminated lines before the CSV parser sees them.
          [this](char* buffer, std::size_t capacity) -> std::int64_t {
              for (;;) {
                  const std::int64_t n = readInput(buffer, capacity);
                  if (n <= 0 || skippedLines_ >= rowsToSkip_) return n;
                  std::size_t start = 0;
                  while (start < std::size_t(n) && skippedLines_ < rowsToSkip_) {
                      const void* lf = std::memchr(buffer + start, '\n', std::size_t(n) - start);
                      if (lf == nullptr) {
                          start = std::size_t(n);
                          break;
                      }
                      start = std::size_t(static_cast<const char*>(lf) - buffer) + 1;
                      ++skippedLines_;
                  }
                  if (start < std::size_t(n)) {
                      std::memmove(buffer, buffer + start, std::size_t(n) - start);
                      return n - std::int64_t(start);
                  }
              }
          },
          separator, 1) {}

std::int64_t CsvTable::readInput(char* buffer, std::size_t capacity) {
    if (!fromInput_) return out_.read(buffer, capacity);
    const std::size_t n = std::min(capacity, input_.size());
    std::memcpy(buffer, input_.data(), n);
    input_.remove_prefix(n);
    return std::int64_t(n);
}

// docs/decisions.md D39: only separators, whitespace or stray `\r` (from `\r\r\n` endings) make a
// blank line.
bool CsvTable::isBlankLine(const sdk::CsvRecord& record) const {
    if (!separatorsOnlyIsBlank_ && record.fields.size() != 1) return false;
    for (const std::string& field : record.fields)
        if (!sdk::isBlank(field)) return false;
    return true;
}

bool CsvTable::nextRaw(sdk::CsvRecord& record) {
    if (reader_.next(record)) {
        record.line += skippedLines_;
        return true;
    }
    if (const auto& error = reader_.error()) {
        sdk::CsvError shifted = *error;
        shifted.line += skippedLines_;
        throw Fatal(shifted.message());
    }
    return false;
}

bool CsvTable::readHeader() {
    sdk::CsvRecord record;
    bool found = false;
    while (hasHeader_ && nextRaw(record)) {
        if (!isBlankLine(record)) {
            found = true;
            break;
        }
    }
    if (found) {
        header_ = std::move(record.fields);
        headerLine_ = record.line;
        // The reference strips the whole text, so the first header cell loses leading space.
        std::string& first = header_[0];
        std::size_t leading = 0;
        while (leading < first.size() && sdk::isAsciiSpace(first[leading]))
            ++leading;
        first.erase(0, leading);
    }
    if (!hasHeader_ || quiet_)
        return true; // docs/decisions.md D38: no header record (a begin() needs fields)
    std::vector<const char*> cells;
    Row row(header_.size());
    for (std::size_t i = 0; i < header_.size(); ++i) {
        cells.push_back(header_[i].c_str());
        row.set(i, header_[i]);
    }
    return out_.begin("header", cells) && out_.row(row, Location{0, headerLine_});
}

// The next non-blank raw record, false at the end.
bool CsvTable::nextNonBlank(sdk::CsvRecord& record) {
    do {
        if (!nextRaw(record)) return false;
    } while (isBlankLine(record)); // docs/decisions.md D39: a blank line is never a row
    return true;
}

bool CsvTable::next(DataRecord& record) {
    if (footerRowsToSkip_ == 0) {
        // The common case reads into one kept record: no allocation per row.
        if (ended_ || !nextNonBlank(scratch_)) {
            ended_ = true;
            return false;
        }
        // The fields move into the record and its previous strings come back for the next read.
        record.fields.swap(scratch_.fields);
        trimInPlace(record.fields);
        record.line = scratch_.line;
        record.number = ++count_;
        return true;
    }
    // Holds `footerRowsToSkip_` records back: the last ones read are the footer.
    while (!ended_ && held_.size() <= footerRowsToSkip_) {
        sdk::CsvRecord next;
        if (!nextNonBlank(next)) {
            ended_ = true;
            break;
        }
        held_.push_back(std::move(next));
    }
    if (ended_ && count_ == 0 && held_.size() <= footerRowsToSkip_)
        throw Fatal("Footer rows to skip must be less than the number of data rows");
    if (held_.size() <= footerRowsToSkip_) return false;
    emit(held_.front(), record);
    held_.pop_front();
    return true;
}

void CsvTable::trimInPlace(std::vector<std::string>& fields) {
    for (std::string& field : fields) {
        if (field.empty() ||
            (!sdk::isAsciiSpace(field.front()) && !sdk::isAsciiSpace(field.back())))
            continue; // the common cell: nothing to trim
        const std::string_view trimmed = sdk::trim(field);
        if (trimmed.size() == field.size()) continue;
        const std::size_t leading = std::size_t(trimmed.data() - field.data());
        field.erase(0, leading);
        field.resize(trimmed.size());
    }
}

// Trimmed copies of the fields, into the strings `record` already holds.
void CsvTable::emit(const sdk::CsvRecord& raw, DataRecord& record) {
    record.fields.resize(raw.fields.size());
    for (std::size_t i = 0; i < raw.fields.size(); ++i)
        record.fields[i].assign(sdk::trim(raw.fields[i]));
    record.line = raw.line;
    record.number = ++count_;
}

} // namespace finimport::csv
