#include "app/imports/rowedit/SignedValues.h"

#include "domain/TextFormats.h"

#include <algorithm>

namespace finimport::app {

namespace {

std::optional<domain::ParsedDecimal> canonical(const rows::Fields& fields, const char* name) {
    return domain::parseDecimal(fields.text(name), domain::NumberFormat::CommaDot).value;
}

std::string times(const domain::ParsedDecimal& d, int sign) {
    return sign < 0 ? domain::formatScaled(-d.scaled, d.fractionDigits) : d.text;
}

// price × quantity as the upload writes it (digits of both, at most the stored scale).
std::optional<domain::ParsedDecimal> product(const domain::ParsedDecimal& price,
                                             const domain::ParsedDecimal& qty) {
    auto scaled = domain::multiplyScaled(price.scaled, qty.scaled);
    if (!scaled) return std::nullopt;
    const int digits =
        std::min(domain::kDecimalScaleDigits, price.fractionDigits + qty.fractionDigits);
    const std::string text = domain::formatScaled(*scaled, digits);
    return domain::parseDecimal(text, domain::NumberFormat::CommaDot).value;
}

} // namespace

std::optional<std::string> keptSignedValue(const rows::Fields& before, const rows::Fields& after,
                                           const char* plainField, const char* signedField,
                                           int defaultSign, std::vector<RowMessage>& errors) {
    auto value = canonical(after, plainField);
    if (!value) return std::nullopt; // the plain value's own error says why
    auto plain = canonical(before, plainField), twin = canonical(before, signedField);
    int sign = defaultSign;
    if (twin && plain && plain->scaled != 0 && twin->scaled == plain->scaled)
        sign = 1;
    else if (twin && plain && plain->scaled != 0 && twin->scaled == -plain->scaled)
        sign = -1;
    else if (twin && !(plain && plain->scaled == 0 && twin->scaled == 0)) {
        errors.push_back(RowMessage{"not_recomputed", std::string(signedField),
                                    "Amount cannot be recomputed after an edit for this import "
                                    "type: exclude the row or upload the file again"});
        return std::nullopt;
    }
    return times(*value, sign);
}

std::optional<std::string> keptTradeCash(const rows::Fields& before, const rows::Fields& after,
                                         std::vector<RowMessage>& errors) {
    const auto* stated = before.get("signed_amount");
    auto cashBefore = canonical(before, "signed_amount");
    auto priceBefore = canonical(before, "price"), qtyBefore = canonical(before, "signed_qty");
    std::optional<domain::ParsedDecimal> was;
    if (priceBefore && qtyBefore) was = product(*priceBefore, *qtyBefore);
    const bool derived = !cashBefore || (was && was->scaled == cashBefore->scaled);
    if (!derived) return stated ? *stated : std::nullopt;
    auto price = canonical(after, "price"), qty = canonical(after, "signed_qty");
    if (!price || !qty) return std::nullopt;
    auto cash = product(*price, *qty);
    if (!cash) {
        errors.push_back(RowMessage{"invalid_number", std::string("signed_amount"),
                                    "Price times quantity is out of range"});
        return std::nullopt;
    }
    return cash->text;
}

} // namespace finimport::app
