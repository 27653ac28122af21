#include "FieldValues.h"

#include "finimport/date.hpp"

namespace finimport::csv {

void RowIssues::add(std::string code, std::string field, std::string message,
                    std::optional<std::string> raw) {
    issues_.push_back({std::move(code), std::move(field), std::move(message), std::move(raw)});
}

void RowIssues::required(std::string_view field, std::string_view label) {
    add("required", std::string(field), std::string(label) + " is required");
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

std::optional<sdk::Decimal> numberValue(std::string_view cell, sdk::NumberFormat format,
                                        std::string_view field, std::string_view label,
                                        bool required, RowIssues& issues, std::string& text) {
    auto result = sdk::parseDecimal(cell, format);
    if (result.value) {
        text = result.value->text;
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
