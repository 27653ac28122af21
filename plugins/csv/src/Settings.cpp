#include "Settings.h"

#include "finimport/text.hpp"

namespace finimport::csv {

namespace {

constexpr const char* kLabelOptions[] = {"date_col_label",
                                         "amount_col_label",
                                         "name_col_label",
                                         "category_col_label",
                                         "tags_col_label",
                                         "notes_col_label",
                                         "account_col_label",
                                         "qty_col_label",
                                         "ticker_col_label",
                                         "price_col_label",
                                         "entity_type_col_label",
                                         "currency_col_label",
                                         "exchange_operating_mic_col_label",
                                         "inflow_col_label",
                                         "outflow_col_label",
                                         "external_id_col_label",
                                         "balance_col_label"};
static_assert(std::size(kLabelOptions) == std::size_t(Field::Count));

Fatal invalid(const char* option, std::string_view value) {
    return Fatal("Option " + std::string(option) +
                 " has an unsupported value: " + std::string(value));
}

// docs/decisions.md D54: JSON true/false or the strings in any case.
bool readBoolean(const Options& options, const char* name, bool fallback) {
    auto value = options.get(name);
    if (!value || value->empty()) return fallback;
    if (sdk::equalsIgnoreCase(*value, "true")) return true;
    if (sdk::equalsIgnoreCase(*value, "false")) return false;
    throw invalid(name, *value);
}

// docs/decisions.md D53: an exact non-zero decimal with at most 12 places ("-1", "0.0726728",
// "13.760300331").
std::optional<ExactFactor> readFactor(const Options& options, const char* name) {
    auto value = options.get(name);
    if (!value || sdk::isBlank(*value)) return std::nullopt;
    std::string_view text = sdk::trim(*value);
    const bool negative = !text.empty() && text.front() == '-';
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
    ExactFactor f{0, 0};
    bool dot = false, digits = false;
    int significant = 0;
    for (char c : text) {
        if (c == '.' && !dot) {
            dot = true;
            continue;
        }
        if (!sdk::isDigit(c)) throw invalid(name, *value);
        digits = true;
        if (dot && ++f.scale > 12) throw invalid(name, *value);
        if (f.digits > 0 || c != '0') ++significant;
        if (significant > 18) throw invalid(name, *value);
        f.digits = f.digits * 10 + (c - '0');
    }
    if (!digits || f.digits == 0) throw invalid(name, *value);
    if (negative) f.digits = -f.digits;
    return f;
}

} // namespace

Settings readSettings(const Options& options) {
    Settings s;
    if (auto currency = options.get("default_currency")) s.defaultCurrency = std::string(*currency);
    if (auto currency = options.get("currency"); currency && !sdk::isBlank(*currency))
        s.fileCurrency = sdk::toUpperAscii(sdk::trim(*currency));
    if (auto format = options.get("date_format"); format && !format->empty()) {
        s.dateFormat = std::string(*format);
        s.autoDateFormat = *format == "auto";
    }
    if (auto format = options.get("number_format"); format && *format == "auto") {
        s.autoNumberFormat = true;
    } else if (format) {
        auto parsed = sdk::parseNumberFormat(*format);
        if (!parsed) throw invalid("number_format", *format);
        s.numberFormat = *parsed;
    }
    if (auto signage = options.get("signage_convention")) {
        if (*signage != "inflows_positive" && *signage != "inflows_negative")
            throw invalid("signage_convention", *signage);
        s.inflowsPositive = *signage == "inflows_positive";
    }
    if (auto sep = options.get("col_sep")) {
        // D37/D54: TAB is a TAB character, the two characters `\t`, or the word `tab`.
        if (*sep == "\t" || *sep == "\\t" || sdk::equalsIgnoreCase(*sep, "tab"))
            s.separator = '\t';
        else if (*sep == "auto")
            s.autoSeparator = true;
        else if (*sep == "," || *sep == ";" || *sep == "|")
            s.separator = sep->front();
        else
            throw invalid("col_sep", *sep);
    }
    if (auto strategy = options.get("amount_type_strategy")) {
        if (*strategy != "signed_amount" && *strategy != "custom_column" &&
            *strategy != "split_columns")
            throw invalid("amount_type_strategy", *strategy);
        s.customColumn = *strategy == "custom_column";
        s.splitColumns = *strategy == "split_columns";
    }
    s.inflowValue = options.string("amount_type_inflow_value");
    const std::int64_t skip = options.integer("rows_to_skip", 0);
    if (skip < 0) throw invalid("rows_to_skip", options.string("rows_to_skip"));
    s.rowsToSkip = std::uint64_t(skip);
    s.hasHeader = readBoolean(options, "has_header", true);
    const std::int64_t footer = options.integer("footer_rows_to_skip", 0);
    if (footer < 0) throw invalid("footer_rows_to_skip", options.string("footer_rows_to_skip"));
    s.footerRowsToSkip = std::uint64_t(footer);
    s.multiplier = readFactor(options, "amount_multiplier");
    s.divisor = readFactor(options, "amount_divisor");
    for (std::size_t i = 0; i < std::size_t(Field::Count); ++i)
        if (auto label = options.get(kLabelOptions[i])) s.labels[i] = std::string(*label);
    return s;
}

} // namespace finimport::csv
