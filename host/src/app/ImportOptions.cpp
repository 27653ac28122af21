#include "app/ImportOptions.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/String.h>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace finimport::app {

const std::vector<std::string>& labelOptions() {
    static const std::vector<std::string> labels = {"date_col_label",
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
                                                    "outflow_col_label"};
    return labels;
}

std::optional<std::string> ImportOptions::get(const std::string& name) const {
    for (const auto& [k, v] : values)
        if (k == name) return v;
    return std::nullopt;
}

void ImportOptions::set(const std::string& name, std::optional<std::string> value) {
    for (auto& [k, v] : values)
        if (k == name) {
            v = std::move(value);
            return;
        }
    values.emplace_back(name, std::move(value));
}

int64_t ImportOptions::rowsToSkip() const {
    auto v = get("rows_to_skip");
    if (!v || v->empty()) return 0;
    try {
        return std::stoll(*v);
    } catch (const std::exception&) {
        return 0;
    }
}

std::string ImportOptions::toJson() const {
    Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [k, v] : values)
        if (v)
            obj.set(k, *v);
        else
            obj.set(k, Poco::Dynamic::Var());
    std::ostringstream out;
    obj.stringify(out);
    return out.str();
}

ImportOptions ImportOptions::fromJson(const std::string& json) {
    ImportOptions options;
    Poco::JSON::Parser parser;
    auto obj = parser.parse(json).extract<Poco::JSON::Object::Ptr>();
    std::vector<std::string> names;
    obj->getNames(names);
    for (const auto& name : names) {
        auto v = obj->get(name);
        if (v.isEmpty())
            options.values.emplace_back(name, std::nullopt);
        else
            options.values.emplace_back(name, v.convert<std::string>());
    }
    return options;
}

namespace {

bool isOneOf(const std::string& v, std::initializer_list<const char*> allowed) {
    return std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return v == a; });
}

void checkRowsToSkipValue(const std::string& v, std::vector<std::string>& errors,
                          const std::string& label = "Rows to skip") {
    // Rails numericality: a number, then an integer, then >= 0.
    std::string t = v;
    bool number = !t.empty();
    size_t i = (t[0] == '-' || t[0] == '+') ? 1 : 0;
    bool digits = false, dot = false, fraction = false;
    for (; number && i < t.size(); ++i) {
        if (std::isdigit(static_cast<unsigned char>(t[i]))) {
            digits = true;
            if (dot && t[i] != '0') fraction = true;
        } else if (t[i] == '.' && !dot) {
            dot = true;
        } else {
            number = false;
        }
    }
    if (!number || !digits) {
        errors.push_back(label + " is not a number");
        return;
    }
    if (fraction) {
        errors.push_back(label + " must be an integer");
        return;
    }
    if (t[0] == '-' && t.find_first_not_of("-0.") != std::string::npos)
        errors.push_back(label + " must be greater than or equal to 0");
}

// D42/D53: an exact, non-zero decimal with at most 12 places and 18 significant digits.
bool isExactFactor(const std::string& v) {
    size_t i = (!v.empty() && (v[0] == '-' || v[0] == '+')) ? 1 : 0;
    bool dot = false, nonZero = false;
    int places = 0, significant = 0, digits = 0;
    for (; i < v.size(); ++i) {
        if (v[i] == '.' && !dot) {
            dot = true;
            continue;
        }
        if (!std::isdigit(static_cast<unsigned char>(v[i]))) return false;
        ++digits;
        if (dot) ++places;
        if (nonZero || v[i] != '0') ++significant;
        nonZero = nonZero || v[i] != '0';
    }
    return digits > 0 && nonZero && places <= 12 && significant <= 18;
}

} // namespace

ImportOptions readImportOptions(const CreateImportRequest& req, const ImportTypeTraits& traits,
                                std::vector<std::string>& errors) {
    ImportOptions o;
    for (const auto& label : labelOptions())
        o.set(label, req.text(label));
    auto given = [&](const char* name) { return req.text(name); };

    auto strategy = given("amount_type_strategy");
    if (strategy && !isOneOf(*strategy, {"signed_amount", "custom_column", "split_columns"}))
        errors.push_back("Amount type strategy is not included in the list");
    auto colSep = given("col_sep");
    // D37/D54: TAB may be sent as the character, the two characters `\t` or the word `tab`;
    // it is stored and echoed as the TAB character (JSON "\t").
    if (colSep && (*colSep == "\\t" || Poco::icompare(*colSep, "tab") == 0)) colSep = "\t";
    if (colSep && !isOneOf(*colSep, {",", ";", "\t", "|", "auto"})) // D37: auto sniffs
        errors.push_back("Column separator is not included in the list");
    auto signage = given("signage_convention");
    if (signage && !isOneOf(*signage, {"inflows_positive", "inflows_negative"}))
        errors.push_back("Signage convention is not included in the list");
    auto numberFormat = given("number_format");
    if (numberFormat && numberFormat->empty()) errors.push_back("Number Format can't be blank");
    if (numberFormat &&
        !isOneOf(*numberFormat, {"1,234.56", "1.234,56", "1 234,56", "1,234", "auto"})) // D45
        errors.push_back("Number Format is not included in the list");
    auto inflowValue = given("amount_type_inflow_value");
    if (strategy && *strategy == "custom_column" &&
        (!inflowValue || inflowValue->find_first_not_of(" \t\r\n") == std::string::npos))
        errors.push_back("Custom column imports require an inflow column to be selected");
    // D53: both split labels are required.
    auto blankText = [](const std::optional<std::string>& v) {
        return !v || v->find_first_not_of(" \t\r\n") == std::string::npos;
    };
    if (strategy && *strategy == "split_columns" &&
        (blankText(given("inflow_col_label")) || blankText(given("outflow_col_label"))))
        errors.push_back("Split columns imports require inflow and outflow columns");
    auto rowsToSkip = given("rows_to_skip");
    if (rowsToSkip && !rowsToSkip->empty()) checkRowsToSkipValue(*rowsToSkip, errors);
    // D38/D54: booleans are true/false in any case.
    auto hasHeader = given("has_header");
    if (hasHeader && Poco::icompare(*hasHeader, "true") != 0 &&
        Poco::icompare(*hasHeader, "false") != 0)
        errors.push_back("Has header is not included in the list");
    // D38: Actual and YNAB columns vary by version, so only their header names them.
    else if (hasHeader && Poco::icompare(*hasHeader, "false") == 0 &&
             (traits.type == "ActualImport" || traits.type == "YnabImport"))
        errors.push_back("This import type needs its header row");
    auto footer = given("footer_rows_to_skip");
    if (footer && !footer->empty()) checkRowsToSkipValue(*footer, errors, "Footer rows to skip");
    auto multiplier = given("amount_multiplier");
    if (multiplier && !multiplier->empty() && !isExactFactor(*multiplier))
        errors.push_back("Amount multiplier must be a non-zero decimal with at most 12 places");
    auto divisor = given("amount_divisor");
    if (divisor && !divisor->empty() && !isExactFactor(*divisor))
        errors.push_back("Amount divisor must be a non-zero decimal with at most 12 places");

    auto dateFormat = given("date_format");
    // Bounded lengths (issue 11): a label names a column, a format is a short pattern.
    auto tooLong = [&](const std::string& name, std::size_t max) {
        auto v = req.text(name);
        if (!v || v->size() <= max) return;
        std::string human = name;
        std::replace(human.begin(), human.end(), '_', ' ');
        human[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(human[0])));
        errors.push_back(human + " is too long (maximum is " + std::to_string(max) +
                         " characters)");
    };
    for (const auto& label : labelOptions())
        tooLong(label, kMaxLabelLength);
    tooLong("amount_type_inflow_value", kMaxLabelLength);
    tooLong("date_format", kMaxFormatLength);
    o.set("date_format",
          dateFormat && !dateFormat->empty() ? *dateFormat : traits.defaultDateFormat);
    o.set("number_format", numberFormat ? *numberFormat : "1,234.56");
    o.set("signage_convention", signage ? *signage : "inflows_positive");
    o.set("col_sep", colSep ? *colSep : ",");
    o.set("amount_type_strategy", strategy ? *strategy : "signed_amount");
    o.set("amount_type_inflow_value", inflowValue);
    std::string skip = "0";
    if (rowsToSkip && !rowsToSkip->empty()) {
        try {
            skip = std::to_string(std::max<long long>(0, std::stoll(*rowsToSkip)));
        } catch (const std::exception&) {
        }
    }
    o.set("rows_to_skip", skip);
    o.set("has_header", hasHeader && Poco::icompare(*hasHeader, "false") == 0 ? "false" : "true");
    std::string footerSkip = "0";
    if (footer && !footer->empty()) {
        try {
            footerSkip = std::to_string(std::max<long long>(0, std::stoll(*footer)));
        } catch (const std::exception&) {
        }
    }
    o.set("footer_rows_to_skip", footerSkip);
    o.set("amount_multiplier", multiplier && !multiplier->empty() ? multiplier : std::nullopt);
    o.set("amount_divisor", divisor && !divisor->empty() ? divisor : std::nullopt);
    o.set("encoding", std::nullopt);
    for (const auto& [k, v] : traits.forced)
        o.set(k, v);
    return o;
}

std::optional<std::string> checkRowsToSkip(const ImportOptions& options, const std::string& text) {
    int64_t skip = options.rowsToSkip();
    if (skip <= 0) return std::nullopt;
    // Lines as the reference counts them: split on \n, a trailing newline adds no line.
    int64_t lines = static_cast<int64_t>(std::count(text.begin(), text.end(), '\n'));
    if (!text.empty() && text.back() != '\n') ++lines;
    if (skip >= lines)
        return "Rows to skip must be less than the number of lines in the file (" +
               std::to_string(lines) + ")";
    return std::nullopt;
}

} // namespace finimport::app
