// QIF text → sections and records (docs/imports.md §6.10 with §12.7 and docs/decisions.md D16:
// every section is read, each with the account named by the `!Account` block before it).
#include "QifModel.h"

#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

namespace finimport::qif {

namespace {

bool startsWithIgnoreCase(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() &&
           sdk::equalsIgnoreCase(text.substr(0, prefix.size()), prefix);
}

SectionKind kindOf(std::string_view type) {
    auto is = [&](std::string_view name) { return sdk::equalsIgnoreCase(type, name); };
    if (is("Bank") || is("Cash") || is("CCard") || is("Oth A") || is("Oth L"))
        return SectionKind::Bank;
    if (is("Invst")) return SectionKind::Investment;
    if (is("Cat")) return SectionKind::Category;
    if (is("Tag")) return SectionKind::Tag;
    if (is("Security")) return SectionKind::Security;
    return SectionKind::Other;
}

// Calls `onLine` for each line of text, split on \r\n, \r or \n. No list of the lines is
// built: a 10 MB file of blank lines was 10M views, 160 MB (docs/decisions.md D82).
template <typename OnLine> void forEachLine(const std::string& text, OnLine&& onLine) {
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\n' && text[i] != '\r') continue;
        onLine(std::string_view(text.data() + start, i - start));
        if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
        start = i + 1;
    }
    if (start < text.size()) onLine(std::string_view(text.data() + start, text.size() - start));
}

void addLine(Record& record, char code, std::string value) {
    switch (code) {
    case 'S':
        record.splits.push_back(Split{std::move(value), {}, {}, {}, false, false});
        return;
    case 'E':
    case '$':
    case '%':
        if (record.splits.empty()) record.splits.emplace_back();
        if (code == 'E')
            record.splits.back().memo = std::move(value);
        else if (code == '$') {
            record.splits.back().amount = std::move(value);
            record.splits.back().hasAmount = true;
        } else {
            record.splits.back().percent = std::move(value);
            record.splits.back().hasPercent = true;
        }
        return;
    case 'D':
        // docs/decisions.md D47: a split's own date (quiffen writes one) never moves its
        // transaction.
        if (!record.splits.empty()) return;
        record.fields[code] = std::move(value);
        return;
    default:
        record.fields[code] = std::move(value);
    }
}

} // namespace

QifFile parseQif(const std::string& text) {
    QifFile file;
    std::string currentAccount;
    bool inAccountBlock = false, sawType = false;
    Record account; // the record being read inside an !Account block
    Section* section = nullptr;
    Record record;
    bool recordOpen = false;
    auto closeRecord = [&] {
        if (recordOpen && section) section->records.push_back(std::move(record));
        record = Record{};
        recordOpen = false;
    };
    std::uint64_t lineNumber = 0;
    forEachLine(text, [&](std::string_view raw) {
        ++lineNumber;
        std::string_view line = sdk::trim(raw);
        if (line.empty()) return;
        if (line.front() == '!') {
            closeRecord();
            if (startsWithIgnoreCase(line, "!Type:")) {
                sawType = true;
                inAccountBlock = false;
                Section s;
                s.typeName = std::string(sdk::trim(line.substr(6)));
                s.kind = kindOf(s.typeName);
                s.accountName = currentAccount;
                s.line = lineNumber;
                file.sections.push_back(std::move(s));
                section = &file.sections.back();
            } else if (startsWithIgnoreCase(line, "!Account")) {
                inAccountBlock = true;
                section = nullptr;
            } else {
                // !Option:AutoSwitch, !Clear:AutoSwitch and unknown headers: no records follow
                // that belong to a transaction section until the next !Type:.
                inAccountBlock = false;
                section = nullptr;
            }
            return;
        }
        if (inAccountBlock) {
            // An account list entry: N name, T type, D description…; `^` ends it. The last
            // entry read names the account of the following sections.
            if (line.front() == '^') {
                if (auto n = account.get('N'); n && !n->empty()) currentAccount = *n;
                account = Record{};
            } else {
                account.fields[line.front()] = std::string(sdk::trim(line.substr(1)));
            }
            return;
        }
        if (!section) return; // text outside any section is ignored
        // docs/decisions.md D47: any line starting with `^` ends the record (GnuCash writes `^^`).
        if (line.front() == '^') {
            closeRecord();
            return;
        }
        if (!recordOpen) {
            record.line = lineNumber;
            recordOpen = true;
        }
        addLine(record, line.front(), std::string(sdk::trim(line.substr(1))));
    });
    closeRecord(); // a last record without its `^`
    if (!sawType) throw Fatal("The QIF could not be parsed: no !Type: header was found");
    for (const Section& s : file.sections) {
        if (s.kind != SectionKind::Security) continue;
        for (const Record& r : s.records) {
            auto name = r.get('N'), symbol = r.get('S');
            if (name && !name->empty())
                file.tickers[*name] = symbol && !symbol->empty() ? *symbol : *name;
        }
    }
    return file;
}

std::string normalizeQifDate(std::string_view raw, int currentYear) {
    std::string s(sdk::trim(raw));
    if (s.find('\'') != std::string::npos) {
        char separator = '/';
        for (char c : s)
            if (c == '/' || c == '.' || c == '-') {
                separator = c;
                break;
            }
        for (char& c : s)
            if (c == '\'') c = separator;
    }
    bool letters = false;
    for (char c : s)
        letters = letters || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    std::string out;
    for (char c : s) {
        const bool space = sdk::isAsciiSpace(c);
        if (!space)
            out.push_back(c);
        else if (letters && !out.empty() && out.back() != ' ')
            out.push_back(' ');
    }
    // A two-digit year at the end (no four-digit run anywhere) becomes 20yy, or 19yy when
    // that would lie after the current year.
    bool fourDigits = false;
    for (std::size_t i = 0, run = 0; i < out.size(); ++i) {
        run = sdk::isDigit(out[i]) ? run + 1 : 0;
        fourDigits = fourDigits || run >= 4;
    }
    const std::size_t n = out.size();
    if (!fourDigits && n >= 3 && sdk::isDigit(out[n - 1]) && sdk::isDigit(out[n - 2]) &&
        (out[n - 3] == '/' || out[n - 3] == '.' || out[n - 3] == '-' || out[n - 3] == ' ')) {
        int year = 2000 + (out[n - 2] - '0') * 10 + (out[n - 1] - '0');
        if (year > currentYear) year -= 100;
        out.replace(n - 2, 2, std::to_string(year));
    }
    return out;
}

} // namespace finimport::qif
