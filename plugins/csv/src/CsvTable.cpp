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
template <typename Fields> bool CsvTable::isBlankLine(const Fields& fields) const {
    if (!separatorsOnlyIsBlank_ && fields.size() != 1) return false;
    for (const auto& field : fields)
        if (!sdk::isBlank(field)) return false;
    return true;
}

void CsvTable::throwReadError() const {
    sdk::CsvError shifted = *reader_.error();
    shifted.line += skippedLines_;
    throw Fatal(shifted.message());
}

bool CsvTable::nextRaw(sdk::CsvRecord& record) {
    if (reader_.next(record)) {
        record.line += skippedLines_;
        return true;
    }
    if (reader_.error()) throwReadError();
    return false;
}

bool CsvTable::nextRaw(sdk::CsvRecordView& record) {
    if (reader_.nextViews(record)) {
        record.line += skippedLines_;
        return true;
    }
    if (reader_.error()) throwReadError();
    return false;
}

bool CsvTable::readHeader() {
    sdk::CsvRecord record;
    bool found = false;
    while (hasHeader_ && nextRaw(record)) {
        if (!isBlankLine(record.fields)) {
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
template <typename Record> bool CsvTable::nextNonBlank(Record& record) {
    do {
        if (!nextRaw(record)) return false;
    } while (isBlankLine(record.fields)); // docs/decisions.md D39: a blank line is never a row
    return true;
}

bool CsvTable::next(DataRecord& record) {
    if (footerRowsToSkip_ == 0) {
        // The common case: views into the reader's buffer, no copy (sdk::CsvReader::nextViews).
        sdk::CsvRecordView raw;
        raw.fields.swap(record.fields); // the vector's capacity is reused from row to row
        if (ended_ || !nextNonBlank(raw)) {
            ended_ = true;
            record.fields.clear();
            return false;
        }
        record.fields.swap(raw.fields);
        trim(record.fields);
        record.line = raw.line;
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
    emit(std::move(held_.front()), record);
    held_.pop_front();
    return true;
}

void CsvTable::trim(std::vector<std::string_view>& fields) {
    // Every ASCII space is at most ' ': one compare per end lets the common cell through.
    const auto mayBeSpace = [](char c) { return static_cast<unsigned char>(c) <= ' '; };
    for (std::string_view& field : fields)
        if (!field.empty() && (mayBeSpace(field.front()) || mayBeSpace(field.back())))
            field = sdk::trim(field);
}

// A held record becomes the current one; the record views its trimmed fields.
void CsvTable::emit(sdk::CsvRecord&& raw, DataRecord& record) {
    current_ = std::move(raw);
    record.fields.assign(current_.fields.begin(), current_.fields.end());
    trim(record.fields);
    record.line = current_.line;
    record.number = ++count_;
}

} // namespace finimport::csv
