#include "app/imports/ColumnSuggestions.h"

#include "app/imports/NameFallback.h"
#include "domain/Currency.h"
#include "domain/Text.h"
#include "domain/TextFormats.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

namespace finimport::app {

namespace {

using Words = std::vector<std::string_view>;

// A header as a key: trimmed, a trailing `(EUR)` dropped, lower-cased (ASCII and Latin-1 capitals
// in UTF-8: `DÉBIT`), runs of spaces, `-`, `_`, `*` as one `_`.
std::string key(std::string_view header) {
    if (const auto open = header.rfind('('); open != std::string_view::npos && open > 0 &&
                                             header.find(')', open) != std::string_view::npos)
        header = header.substr(0, open);
    std::string out;
    bool gap = false;
    for (std::size_t i = 0; i < header.size(); ++i) {
        char c = header[i];
        if (c == ' ' || c == '\t' || c == '-' || c == '_' || c == '*' || c == '\r' || c == '\n') {
            gap = !out.empty();
            continue;
        }
        if (gap) out.push_back('_');
        gap = false;
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        out.push_back(c);
        const auto next = i + 1 < header.size() ? static_cast<unsigned char>(header[i + 1]) : 0;
        if (static_cast<unsigned char>(c) == 0xC3 && next >= 0x80 && next <= 0x9E && next != 0x97) {
            out.push_back(static_cast<char>(next + 0x20));
            ++i;
        }
    }
    return out;
}

// Known synonyms (as keys) in English, German, French, Dutch, Spanish, Italian, Portuguese,
// Polish, Czech and Swedish; names come from NameFallback's list (docs/decisions.md D91).
const std::map<std::string_view, Words>& synonyms() {
    static const std::map<std::string_view, Words> table = {
        {"date",
         {"transaction_date",
          "booking_date",
          "posting_date",
          "posted_date",
          "trans_date",
          "started_date",
          "datum",
          "buchungstag",
          "buchungsdatum",
          "transaktionsdatum",
          "date_operation",
          "date_op\xC3\xA9ration",
          "date_de_l'op\xC3\xA9ration",
          "boekingsdatum",
          "transactiedatum",
          "fecha",
          "fecha_operaci\xC3\xB3n",
          "fecha_operacion",
          "data",
          "data_operazione",
          "data_contabile",
          "data_transakcji",
          "data_operacji",
          "data_ksi\xC4\x99gowania",
          "datum_za\xC3\xBA\xC4\x8Dtov\xC3\xA1n\xC3\xAD",
          "datum_transakce",
          "bokf\xC3\xB6ringsdag",
          "bokf\xC3\xB6ringsdatum",
          "transaktionsdag"}},
        {"amount",
         {"transaction_amount", "betrag", "umsatz", "montant", "bedrag", "importe", "importo",
          "valor", "montante", "kwota", "\xC4\x8D\xC3\xA1stka", "castka", "belopp", "value"}},
        {"currency",
         {"devise", "w\xC3\xA4hrung", "waehrung", "moneda", "divisa", "moeda", "waluta",
          "m\xC4\x9Bna", "mena", "currency_code", "ccy", "valuta_code", "munt", "valuta"}},
        {"category",
         {"kategorie", "cat\xC3\xA9gorie", "categorie",
          "categor\xC3\xAD"
          "a",
          "categoria", "kategoria", "kategori"}},
        {"notes",
         {"note", "notiz", "bemerkung", "remarque", "opmerking", "notas", "nota", "uwagi",
          "pozn\xC3\xA1mka", "anteckning", "comment", "comments"}},
    };
    return table;
}

bool isSynonym(const std::string& field, const std::string& header) {
    if (field == "name") return nameLikeHeader({header}).has_value();
    const auto it = synonyms().find(field);
    return it != synonyms().end() &&
           std::find(it->second.begin(), it->second.end(), key(header)) != it->second.end();
}

// What the cells of one column look like over the sampled rows.
struct ColumnShape {
    ColumnShape()
        : dates(domain::rowDateWindow().first, domain::rowDateWindow().second), anyValue(false) {}
    domain::DateFormatDecider dates;
    domain::NumberFormatDecider numbers;
    bool anyValue;
    bool allNumbers = true, anyFraction = false, allCodes = true;

    void add(std::string_view cell) {
        if (domain::isBlank(cell)) return;
        anyValue = true;
        dates.add(cell);
        numbers.add(cell);
        bool number = false;
        for (auto format : {domain::NumberFormat::CommaDot, domain::NumberFormat::DotComma,
                            domain::NumberFormat::SpaceComma})
            if (auto r = domain::parseDecimal(cell, format); r.value) {
                number = true;
                anyFraction = anyFraction || r.value->fractionDigits > 0;
            }
        allNumbers = allNumbers && number;
        const std::string code = domain::trim(cell);
        allCodes =
            allCodes && code.size() == 3 && domain::findCurrency(code) != nullptr &&
            std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    }
    bool isDate() const { return anyValue && dates.result().has_value(); }
    bool isAmount() const { return anyValue && allNumbers && anyFraction && !isDate(); }
    bool isCurrency() const { return anyValue && allCodes; }
};

// The fields a type's columns are suggested for: its required columns, then each option the
// manifest marks `column_of` a field this file knows synonyms for, unless the type fixes it
// (Mint, YNAB, Actual).
std::vector<ColumnSuggestion> fieldsOf(const ImportTypeTraits& traits) {
    std::vector<ColumnSuggestion> out;
    auto add = [&](const std::string& field, const std::string& option, bool required) {
        if (option.empty() || !traits.manifest || !traits.manifest->findOption(option)) return;
        for (const auto& [name, value] : traits.details.fixedOptions)
            if (name == option) return;
        for (const auto& s : out)
            if (s.field == field) return;
        out.push_back(ColumnSuggestion{field, option, required, std::nullopt, "none", {}});
    };
    for (const auto& [field, option] : traits.details.requiredColumns)
        add(field, option, true);
    if (traits.details.hasRecordKind("transaction") || traits.details.hasRecordKind("trade"))
        for (const auto& option : traits.manifest->options)
            if (option.columnOf &&
                (*option.columnOf == "name" || synonyms().count(*option.columnOf) > 0))
                add(*option.columnOf, option.name, false);
    return out;
}

// The one header of `candidates`, or the ambiguity.
void decide(ColumnSuggestion& s, const std::vector<std::string>& candidates, const char* reason) {
    if (candidates.empty() || s.label || s.reason == "ambiguous") return;
    if (candidates.size() == 1) {
        s.label = candidates.front();
        s.reason = reason;
    } else {
        s.reason = "ambiguous";
        s.candidates = candidates;
    }
}

// The first records of `text` under `separator`; stops at a CSV error (create reports it).
std::vector<domain::CsvRecord> records(std::string_view text, char separator, std::size_t limit) {
    std::size_t offset = 0;
    domain::CsvReader reader(
        [&](char* buffer, std::size_t capacity) -> std::int64_t {
            const std::size_t n = std::min(capacity, text.size() - offset);
            std::memcpy(buffer, text.data() + offset, n);
            offset += n;
            return static_cast<std::int64_t>(n);
        },
        separator);
    std::vector<domain::CsvRecord> out;
    domain::CsvRecord record;
    while (out.size() < limit && reader.next(record))
        out.push_back(record);
    return out;
}

std::string_view afterLines(std::string_view text, int64_t lines) {
    for (; lines > 0 && !text.empty(); --lines) {
        const std::size_t lf = text.find('\n');
        if (lf == std::string_view::npos) return {};
        text.remove_prefix(lf + 1);
    }
    return text;
}

// The header row: the first record with the most frequent field count (above 1) of the first
// 50, so a bank's preamble lines (`Account;12345`) are skipped.
int64_t sniffRowsToSkip(std::string_view text, char separator) {
    const auto head = records(text.substr(0, domain::kSeparatorSampleBytes), separator, 50);
    std::map<std::size_t, int> counts;
    for (const auto& r : head)
        if (r.fields.size() > 1) ++counts[r.fields.size()];
    if (counts.empty()) return 0;
    const auto modal = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) {
                           return a.second < b.second;
                       })->first;
    for (const auto& r : head)
        if (r.fields.size() == modal) return static_cast<int64_t>(r.line) - 1;
    return 0;
}

} // namespace

ColumnReading readColumns(std::string_view text, const ImportTypeTraits& traits,
                          const std::optional<std::string>& sentColSep,
                          const std::optional<int64_t>& sentRowsToSkip) {
    ColumnReading reading;
    if (!traits.manifest || !traits.manifest->optionSniffing("separator")) return reading;
    reading.suggestions = fieldsOf(traits);
    reading.applies = true;
    SniffedFormats& sniffed = reading.sniffed;
    auto optionFor = [&](std::string_view role) {
        const auto* option = traits.manifest->optionSniffing(role);
        return option ? option->name : std::string();
    };
    sniffed.separatorOption = optionFor("separator");
    sniffed.rowsToSkipOption = optionFor("skipped_lines");
    sniffed.hasHeaderOption = optionFor("header");
    sniffed.dateFormatOption = optionFor("dates");
    sniffed.numberFormatOption = optionFor("numbers");
    const char detected = domain::detectSeparator(
        afterLines(text, sentRowsToSkip.value_or(0)).substr(0, domain::kSeparatorSampleBytes));
    sniffed.colSep = std::string(1, detected);
    const char separator = sentColSep && sentColSep->size() == 1 ? sentColSep->front() : detected;
    sniffed.rowsToSkip = sniffRowsToSkip(text, separator);
    const auto rows = records(afterLines(text, sentRowsToSkip.value_or(sniffed.rowsToSkip)),
                              separator, kSuggestionRows + 1);
    if (rows.empty()) return reading;
    const std::vector<std::string>& header = rows.front().fields;
    std::vector<ColumnShape> shapes(header.size());
    for (std::size_t r = 1; r < rows.size(); ++r)
        for (std::size_t c = 0; c < header.size() && c < rows[r].fields.size(); ++c)
            shapes[c].add(rows[r].fields[c]);
    // A header row holds names: a cell that reads as a date or an amount says there is none.
    for (const std::string& cell : header) {
        ColumnShape one;
        one.add(cell);
        if (one.isDate() || (one.anyValue && one.allNumbers)) sniffed.hasHeader = false;
    }
    std::vector<bool> taken(header.size(), false);
    auto pick = [&](ColumnSuggestion& s, auto fits, const char* reason) {
        std::vector<std::string> hits;
        for (std::size_t c = 0; c < header.size(); ++c)
            if (!taken[c] && !domain::isBlank(header[c]) && fits(c))
                hits.push_back(domain::trim(header[c]));
        decide(s, hits, reason);
    };
    // Names first, then synonyms, then shapes: a column named for a field is never taken by
    // another field's shape.
    for (auto& s : reading.suggestions)
        pick(
            s, [&](std::size_t c) { return key(header[c]) == s.field; }, "exact");
    for (auto& s : reading.suggestions)
        pick(
            s,
            [&](std::size_t c) {
                // German `Valuta` is a value date: a currency only with code cells
                // (docs/decisions.md D91).
                return isSynonym(s.field, header[c]) &&
                       (s.field != "currency" || !shapes[c].anyValue || shapes[c].isCurrency());
            },
            "synonym");
    auto mark = [&](const ColumnSuggestion& s) {
        if (!s.label) return;
        for (std::size_t c = 0; c < header.size(); ++c)
            if (domain::trim(header[c]) == *s.label) taken[c] = true;
    };
    for (const auto& s : reading.suggestions)
        mark(s);
    for (auto& s : reading.suggestions) {
        if (s.field == "date")
            pick(
                s, [&](std::size_t c) { return shapes[c].isDate(); }, "values");
        else if (s.field == "amount")
            pick(
                s, [&](std::size_t c) { return shapes[c].isAmount(); }, "values");
        else if (s.field == "currency")
            pick(
                s, [&](std::size_t c) { return shapes[c].isCurrency(); }, "values");
        mark(s);
    }
    // The formats of the date and amount columns picked.
    auto columnOf = [&](const std::string& field) -> const ColumnShape* {
        for (const auto& s : reading.suggestions)
            if (s.field == field && s.label)
                for (std::size_t c = 0; c < header.size(); ++c)
                    if (domain::trim(header[c]) == *s.label) return &shapes[c];
        return nullptr;
    };
    if (const ColumnShape* dates = columnOf("date"); dates && dates->anyValue)
        if (auto format = dates->dates.result()) sniffed.dateFormat = std::string(*format);
    if (const ColumnShape* amounts = columnOf("amount"); amounts && amounts->anyValue)
        if (auto format = amounts->numbers.result())
            sniffed.numberFormat = std::string(domain::numberFormatName(*format));
    return reading;
}

void applyColumnMapping(const ColumnReading& reading, const CreateImportRequest& req,
                        ImportOptions& options, std::vector<std::string>& errors) {
    if (!reading.applies) return;
    auto sent = [&](const std::string& name) {
        const auto v = req.text(name);
        return v && v->find_first_not_of(" \t\r\n") != std::string::npos;
    };
    for (const auto& s : reading.suggestions) {
        if (sent(s.option)) continue;
        if (s.label) {
            options.set(s.option, *s.label);
        } else if (s.required && s.reason == "ambiguous") {
            std::string list;
            for (const auto& c : s.candidates)
                list += (list.empty() ? "\"" : ", \"") + c + "\"";
            errors.push_back("column_mapping=auto could not decide the " + s.field + " column (" +
                             list + " fit); send " + s.option);
        } else if (s.required) {
            errors.push_back("column_mapping=auto found no " + s.field + " column; send " +
                             s.option);
        }
    }
    const SniffedFormats& f = reading.sniffed;
    auto fill = [&](const std::string& option, const std::optional<std::string>& value) {
        if (!option.empty() && value && !sent(option)) options.set(option, *value);
    };
    fill(f.separatorOption, f.colSep);
    if (f.rowsToSkip > 0) fill(f.rowsToSkipOption, std::to_string(f.rowsToSkip));
    fill(f.dateFormatOption, f.dateFormat);
    fill(f.numberFormatOption, f.numberFormat);
}

} // namespace finimport::app
