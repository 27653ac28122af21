#include "app/rowedit/SignedValues.h"

#include <finimport/decimal.hpp>

#include <limits>
#include <string_view>

namespace finimport::app {

namespace {

std::optional<sdk::Decimal> canonical(const RowFields& fields, const char* name) {
    auto r = sdk::parseDecimal(fieldText(fields, name), sdk::NumberFormat::CommaDot);
    return r.value;
}

// An exact factor of D42/D53 (validated at create: ≤ 12 places, ≤ 18 significant digits).
struct Factor {
    __int128 digits = 1;
    int scale = 0;
};

std::optional<Factor> factorOf(const std::optional<std::string>& text) {
    if (!text || text->empty()) return std::nullopt;
    Factor f;
    f.digits = 0;
    bool negative = false, dot = false;
    for (char c : *text) {
        if (c == '-')
            negative = true;
        else if (c == '.')
            dot = true;
        else if (c >= '0' && c <= '9') {
            f.digits = f.digits * 10 + (c - '0');
            if (dot) ++f.scale;
        }
    }
    if (negative) f.digits = -f.digits;
    return f;
}

__int128 pow10(int n) {
    __int128 p = 1;
    while (n-- > 0)
        p *= 10;
    return p;
}

// scaled × m ÷ d rounded half away from zero to `minor` places (the CSV plugin's D53 step).
std::optional<int64_t> applyFactors(int64_t scaled, Factor m, Factor d, int minor) {
    const __int128 limit = (__int128(1) << 125);
    __int128 num = __int128(scaled) * m.digits;
    if (num > limit / pow10(d.scale) || -num > limit / pow10(d.scale)) return std::nullopt;
    num *= pow10(d.scale);
    const __int128 den = pow10(m.scale) * d.digits * pow10(8 - minor);
    if (den == 0) return std::nullopt;
    const bool negative = (num < 0) != (den < 0);
    const __int128 a = num < 0 ? -num : num, b = den < 0 ? -den : den;
    const __int128 units = (a / b) + ((a % b) * 2 >= b ? 1 : 0);
    const __int128 result = units * pow10(8 - minor);
    if (result > __int128(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return negative ? -int64_t(result) : int64_t(result);
}

// −1 or +1 from the row as it was (signed / plain), when both were numbers of one magnitude.
std::optional<int> keptSign(const RowFields& before, const char* plain, const char* sign) {
    auto a = canonical(before, plain), s = canonical(before, sign);
    if (!a || !s || a->scaled == 0) return std::nullopt;
    if (a->scaled == s->scaled) return 1;
    if (a->scaled == -s->scaled) return -1;
    return std::nullopt;
}

std::string negated(const sdk::Decimal& d) {
    return sdk::formatScaled(-d.scaled, d.fractionDigits);
}

} // namespace

int currencyMinorUnits(const std::string& c) {
    // The ISO 4217 currencies whose minor unit is not 2 (the CSV plugin's table).
    for (std::string_view zero : {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG",
                                  "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"})
        if (c == zero) return 0;
    for (std::string_view three : {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"})
        if (c == three) return 3;
    for (std::string_view four : {"CLF", "UYW"})
        if (c == four) return 4;
    return 2;
}

std::optional<std::string> signedTransactionAmount(const std::string& type,
                                                   const ImportOptions& options,
                                                   const RowFields& before, const RowFields& after,
                                                   std::string& error) {
    auto amount = canonical(after, "amount");
    if (!amount) return std::nullopt;
    if (type != "TransactionImport") {
        // Sign rules of the other plugins (QIF, OFX, Mint, …) are theirs: keep the row's own
        // relation, else money in is positive in the file (negative in the engine).
        const int sign = keptSign(before, "amount", "signed_amount").value_or(-1);
        return sign < 0 ? negated(*amount) : amount->text;
    }
    // The CSV plugin's steps (LedgerImports.cpp, D53): signage or custom column or split
    // columns, then the exact multiplier and divisor.
    const std::string strategy = options.get("amount_type_strategy").value_or("signed_amount");
    const bool inflowsPositive =
        options.get("signage_convention").value_or("inflows_positive") != "inflows_negative";
    bool negate = inflowsPositive;
    if (strategy == "split_columns") {
        negate = true;
    } else if (strategy == "custom_column") {
        const std::string inflowValue = options.get("amount_type_inflow_value").value_or("");
        bool positiveTreatment = inflowsPositive;
        if (inflowValue == "inflows_positive" || inflowValue == "inflows_negative")
            positiveTreatment = inflowValue == "inflows_positive";
        negate = (fieldText(after, "entity_type") == inflowValue) == positiveTreatment;
    }
    const std::string engine = negate ? negated(*amount) : amount->text;
    auto multiplier = factorOf(options.get("amount_multiplier"));
    auto divisor = factorOf(options.get("amount_divisor"));
    if (!multiplier && !divisor) return engine;
    const int minor = currencyMinorUnits(fieldText(after, "currency"));
    const int64_t scaled = negate ? -amount->scaled : amount->scaled;
    auto result =
        applyFactors(scaled, multiplier.value_or(Factor{}), divisor.value_or(Factor{}), minor);
    if (!result) {
        error = "Amount \"" + amount->text + "\" is out of range";
        return std::nullopt;
    }
    return sdk::formatScaled(*result, minor);
}

std::optional<std::string> signedTradeQty(const std::string& type, const ImportOptions& options,
                                          const RowFields& before, const RowFields& after) {
    auto qty = canonical(after, "qty");
    if (!qty) return std::nullopt;
    int sign = 1;
    if (type == "TradeImport")
        sign = options.get("signage_convention").value_or("inflows_positive") == "inflows_negative"
                   ? -1
                   : 1;
    else
        sign = keptSign(before, "qty", "signed_qty").value_or(1);
    return sign < 0 ? negated(*qty) : qty->text;
}

} // namespace finimport::app
