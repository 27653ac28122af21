// A layout-tolerant bank-statement table parser over text lines (docs/imports.md §6.11, §12 item
// 11): header detection by words, multi-line descriptions, running-balance cross-check.
#ifndef FINIMPORT_PDF_STATEMENT_H
#define FINIMPORT_PDF_STATEMENT_H

#include "finimport/date.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::pdf {

struct StatementRow {
    std::string date; // ISO, or the raw token when it did not parse
    bool dateValid = false;
    std::string description; // wrapped lines joined with a space
    std::string reference;   // text before the date (receipt / reference number)
    std::int64_t amount = 0; // scaled 10^8, positive = money in
    std::optional<std::int64_t> balance;
    std::uint64_t line = 0; // 1-based line in the extracted text
    std::optional<std::string> balanceError;
};

struct Statement {
    bool tableFound = false;
    std::vector<StatementRow> rows;
    bool newestFirst = false;
    std::string title, holder, period, accountNumber;
    std::optional<std::int64_t> openingBalance, closingBalance;
};

Statement parseStatement(const std::vector<std::string>& lines, sdk::CivilDate today);

// "1,234.50" → 123450000000 (10^8 scale); nullopt when the token is not a money amount.
std::optional<std::int64_t> parseMoneyToken(std::string_view token);

} // namespace finimport::pdf

#endif // FINIMPORT_PDF_STATEMENT_H
