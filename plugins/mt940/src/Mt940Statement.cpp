#include "Mt940Statement.h"

#include "Mt940Fields.h"

namespace mt940 {
namespace {

using finimport::statement::Transaction;
namespace sdk = finimport::sdk;

std::string trimmed(std::string_view s) {
    return std::string(sdk::trim(s));
}

bool isOpening(const std::string& tag) {
    return tag == "60F" || tag == "60M";
}
bool isClosing(const std::string& tag) {
    return tag == "62F" || tag == "62M";
}

// The currency of `:34F:EURD0,00` (MT942's floor limit), for statements without a balance.
std::optional<std::string> floorLimitCurrency(const std::string& text) {
    const std::string code = trimmed(text).substr(0, 3);
    if (code.size() != 3) return std::nullopt;
    for (char c : code)
        if (c < 'A' || c > 'Z') return std::nullopt;
    return code;
}

} // namespace

Interpreted interpret(const RawStatement& raw, finimport::statement::StatementIds& ids) {
    Interpreted result;
    auto& h = result.header;
    h.line = raw.line;
    h.kind = "depository";
    std::string reference, number;
    std::optional<std::string> currency, fallbackCurrency;
    std::vector<std::string> balanceProblems;
    Transaction* last = nullptr; // the :61: a following :86: belongs to
    for (const Field& f : raw.fields) {
        if (f.tag != "86") {
            if (f.tag != "61") last = nullptr;
        }
        if (f.tag == "20")
            reference = trimmed(f.text);
        else if (f.tag == "25") {
            if (auto a = trimmed(f.text); !a.empty()) h.account = a;
        } else if (f.tag == "28" || f.tag == "28C")
            number = trimmed(f.text);
        else if (f.tag == "34F") {
            if (!fallbackCurrency) fallbackCurrency = floorLimitCurrency(f.text);
        } else if (isOpening(f.tag) || isClosing(f.tag)) {
            const auto b = parseBalance(f.text);
            if (!b) {
                balanceProblems.push_back(":" + f.tag + ": could not be read: " +
                                          trimmed(f.text.substr(0, f.text.find('\n'))));
                continue;
            }
            // docs/decisions.md D62: the first opening and the last closing level frame the
            // statement.
            if (isOpening(f.tag) && !h.opening) {
                h.opening = b->level;
                h.openingDate = b->date;
                if (!currency) currency = b->currency;
            } else if (isClosing(f.tag)) {
                h.closing = b->level;
                h.closingDate = b->date;
                if (!fallbackCurrency) fallbackCurrency = b->currency;
            }
        } else if (f.tag == "61") {
            EntryLine e = parseEntry(f.text);
            Transaction& t = result.transactions.emplace_back();
            t.line = f.line;
            t.date = e.date ? e.date : e.rawDate;
            t.amount = e.amount;
            t.amountRaw = e.rawAmount;
            t.externalId = e.bankReference;
            t.name = e.supplementary;
            t.issues = std::move(e.issues);
            last = &t;
        } else if (f.tag == "86" && last != nullptr) {
            const Details d = parseDetails(f.text);
            if (!d.name.empty()) last->name = d.name;
            last->notes = d.notes;
            last = nullptr;
        }
    }
    h.currency = currency ? currency : fallbackCurrency;
    h.id = ids.unique(!number.empty()      ? number
                      : !reference.empty() ? reference
                                           : "#" + std::to_string(raw.ordinal));
    for (const std::string& p : balanceProblems)
        result.warnings.push_back("Statement " + h.id + ": the balance " + p);
    return result;
}

} // namespace mt940
