#include "FieldValues.h"

#include "finimport/date.hpp"

#include <cstring>

namespace finimport::csv {

void RowIssues::add(std::string code, std::string field, std::string message,
                    std::optional<std::string> raw) {
    issues_.push_back({std::move(code), std::move(field), std::move(message), std::move(raw)});
}

void RowIssues::required(std::string_view field, std::string_view label) {
    add("required", std::string(field), std::string(label) + " is required");
}

void RowIssues::rewrite(std::string_view code, const std::string& message) {
    for (FieldIssue& issue : issues_)
        if (issue.code == code) issue.message = message;
}

bool RowIssues::send(Records& out, const Location& where) const {
    for (const FieldIssue& issue : issues_)
        if (!out.rowError(issue.code.c_str(), where, issue.field.c_str(), issue.message,
                          issue.raw ? issue.raw->c_str() : nullptr))
            return false;
    return true;
}

std::string dateValue(std::string_view cell, const std::string& format, bool required,
                      RowIssues& issues) {
    if (cell.empty()) {
        if (required) issues.required("date", "Date");
        return {};
    }
    if (auto date = sdk::parseDate(cell, format)) return sdk::formatIsoDate(*date);
    issues.add("invalid_date", "date", "Date must exactly match the format: " + format,
               std::string(cell));
    return std::string(cell);
}

void setDate(RowBuffer& row, std::size_t field, std::string_view cell, const std::string& format,
             bool required, RowIssues& issues) {
    if (cell.empty()) {
        if (required) issues.required("date", "Date");
        row.borrow(field, cell);
        return;
    }
    if (auto date = sdk::parseDate(cell, format)) {
        // Under the ISO format a date that parsed from 10 bytes is written exactly as read (a
        // fixed-size compare: this runs for every row).
        if (cell.size() == 10 && format.size() == 8 &&
            std::memcmp(format.data(), "%Y-%m-%d", 8) == 0)
            row.borrow(field, cell);
        else
            row.set(field, sdk::formatIsoDate(*date));
        return;
    }
    issues.add("invalid_date", "date", "Date must exactly match the format: " + format,
               std::string(cell));
    row.borrow(field, cell);
}

std::optional<sdk::Decimal> numberValue(std::string_view cell, sdk::NumberFormat format,
                                        std::string_view field, std::string_view label,
                                        bool required, RowIssues& issues, std::string& text) {
    auto result = sdk::parseDecimal(cell, format);
    if (result.value) {
        text.assign(result.value->text);
        return std::move(result.value);
    }
    if (result.error == sdk::DecimalError::Blank) {
        text.clear();
        if (required) issues.required(field, label);
        return std::nullopt;
    }
    text = std::string(cell);
    issues.add("invalid_number", std::string(field),
               sdk::decimalErrorMessage(result.error, label, cell, format), text);
    return std::nullopt;
}

std::string negated(const sdk::Decimal& value) {
    return sdk::formatScaled(-value.scaled, value.fractionDigits);
}

} // namespace finimport::csv

namespace finimport::csv {

void setNegated(RowBuffer& row, std::size_t field, const sdk::Decimal& value) {
    const std::string& text = value.text; // canonical: what formatScaled writes for the value
    if (value.scaled == 0 || text.empty() || text.size() >= sdk::kFormatScaledMaxSize)
        return setScaled(row, field, -value.scaled, value.fractionDigits);
    if (text[0] == '-') return row.set(field, std::string_view(text).substr(1));
    char buffer[sdk::kFormatScaledMaxSize];
    buffer[0] = '-';
    std::memcpy(buffer + 1, text.data(), text.size());
    row.set(field, std::string_view(buffer, text.size() + 1));
}

void setNegatedCell(RowBuffer& row, std::size_t field, std::string_view cell, std::int64_t scaled) {
    if (scaled == 0) return row.borrow(field, cell);
    if (cell[0] == '-') return row.borrow(field, cell.substr(1));
    char buffer[sdk::kFormatScaledMaxSize];
    buffer[0] = '-';
    std::memcpy(buffer + 1, cell.data(), cell.size()); // at most 20 bytes: canonical
    row.set(field, std::string_view(buffer, cell.size() + 1));
}

void setScaled(RowBuffer& row, std::size_t field, std::int64_t scaled, int fractionDigits) {
    char buffer[sdk::kFormatScaledMaxSize];
    row.set(field, sdk::formatScaledTo(buffer, scaled, fractionDigits));
}

} // namespace finimport::csv
