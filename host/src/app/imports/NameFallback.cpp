#include "app/imports/NameFallback.h"

#include "app/rows/RecordKinds.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace finimport::app {

namespace {

constexpr std::string_view kDefaultName = "Imported item";

// Lower-cased (ASCII), trimmed, runs of spaces, `-` and `_` as one `_`.
std::string key(std::string_view header) {
    std::string out;
    bool gap = false;
    for (char c : header) {
        if (c == ' ' || c == '\t' || c == '-' || c == '_' || c == '*') {
            gap = !out.empty();
            continue;
        }
        if (gap) out.push_back('_');
        gap = false;
        out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
    return out;
}

// English, French, Dutch, German, Spanish, Italian, Portuguese, Polish, Czech, Swedish.
constexpr std::array<std::string_view, 27> kNameHeaders = {"description",
                                                           "payee",
                                                           "details",
                                                           "merchant",
                                                           "counterparty",
                                                           "narrative",
                                                           "transaction_description",
                                                           "libell\xC3\xA9",
                                                           "libelle",
                                                           "omschrijving",
                                                           "naam",
                                                           "naam_tegenpartij",
                                                           "verwendungszweck",
                                                           "empf\xC3\xA4nger",
                                                           "auftraggeber",
                                                           "buchungstext",
                                                           "beschreibung",
                                                           "concepto",
                                                           "descripci\xC3\xB3n",
                                                           "descrizione",
                                                           "descri\xC3\xA7\xC3\xA3o",
                                                           "opis",
                                                           "popis",
                                                           "beskrivning",
                                                           "text",
                                                           "memo",
                                                           "nombre"};

} // namespace

std::optional<std::string> nameLikeHeader(const std::vector<std::string>& header) {
    for (const std::string& cell : header)
        if (std::find(kNameHeaders.begin(), kNameHeaders.end(), key(cell)) != kNameHeaders.end()) {
            const auto b = cell.find_first_not_of(" \t"), e = cell.find_last_not_of(" \t");
            return cell.substr(b, e - b + 1);
        }
    return std::nullopt;
}

void NameFallbackCount::row(const CollectedRow& row) {
    if (!rows::recordKind(row.kind).entry) return; // the rows that book an entry
    const auto* name = row.fields.get("name");
    if (!name) return;
    ++_rows;
    if (*name && **name == kDefaultName) ++_fallbacks;
}

std::optional<std::string>
NameFallbackCount::warning(const std::vector<std::string>& header) const {
    if (_rows == 0 || _fallbacks != _rows) return std::nullopt;
    if (auto candidate = nameLikeHeader(header))
        return "Every row is named \"Imported item\"; \"" + *candidate +
               "\" looks like a name column: send name_col_label";
    return std::string("Every row is named \"Imported item\": send name_col_label");
}

} // namespace finimport::app
