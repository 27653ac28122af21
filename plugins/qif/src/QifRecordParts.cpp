#include "QifRecordParts.h"

#include "QifFields.h"

#include "finimport/text.hpp"

namespace finimport::qif::parts {

std::string negatedText(const sdk::Decimal& v) {
    return sdk::formatScaled(-v.scaled, v.fractionDigits);
}

// A number field; issues use the docs/decisions.md D5 messages with `label`.
std::optional<sdk::Decimal> number(Out& out, std::string_view raw, const QifSettings& s,
                                   const char* field, const char* label, bool required) {
    auto result = sdk::parseDecimal(raw, s.numberFormat);
    if (result.value) return result.value;
    if (result.error == sdk::DecimalError::Blank) {
        if (required) out.issue("required", field, std::string(label) + " is required");
    } else {
        out.issue("invalid_number", field,
                  sdk::decimalErrorMessage(result.error, label, raw, s.numberFormat),
                  std::string(raw));
    }
    return std::nullopt;
}

void setDate(Out& out, const Record& r, const std::string& format, int currentYear) {
    const std::string raw = r.get('D').value_or("");
    if (sdk::isBlank(raw)) {
        out.set("date", "");
        out.issue("required", "date", "Date is required");
        return;
    }
    const std::string normal = normalizeQifDate(raw, currentYear);
    if (auto d = sdk::parseDate(normal, format)) {
        out.set("date", sdk::formatIsoDate(*d));
        return;
    }
    out.set("date", raw);
    out.issue("invalid_date", "date", "Date must exactly match the format: " + format, raw);
}

std::optional<std::string> amountText(const Record& r) {
    if (auto t = r.get('T')) return t;
    return r.get('U');
}

bool named(std::string_view action, std::span<const std::string_view> names) {
    for (std::string_view n : names)
        if (sdk::equalsIgnoreCase(action, n)) return true;
    return false;
}

// `$` in an investment record is the amount an `…X` action transfers (docs/decisions.md D66); the
// reader files every `$` line as a split amount.
std::optional<std::string> transferAmountText(const Record& r) {
    for (const Split& sp : r.splits)
        if (sp.hasAmount) return sp.amount;
    return std::nullopt;
}

void setCurrency(Out& out, const QifSettings& s) {
    if (s.defaultCurrency) out.set("currency", *s.defaultCurrency);
}

} // namespace finimport::qif::parts

namespace finimport::qif {

fi_run_status emitUndecided(Records& out, const std::string& error) {
    static constexpr FieldList kErrorFields{"error"};
    Row row(kErrorFields.size());
    row.set(kErrorFields["error"], error);
    return out.begin("meta", kErrorFields) && out.row(row, Location{1, 0}) ? FI_RUN_OK
                                                                           : FI_RUN_STOPPED;
}

} // namespace finimport::qif
