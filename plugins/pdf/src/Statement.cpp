#include "Statement.h"

#include "finimport/decimal.hpp"
#include "finimport/text.hpp"

#include <algorithm>

namespace finimport::pdf {

namespace {

struct Token {
    std::string text;
    std::size_t column = 0; // character offset in the line
};

std::vector<Token> tokenize(const std::string& line) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && sdk::isAsciiSpace(line[i]))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !sdk::isAsciiSpace(line[i]))
            ++i;
        if (i > start) tokens.push_back({line.substr(start, i - start), start});
    }
    return tokens;
}

std::string lower(std::string_view s) {
    return sdk::toLowerAscii(s);
}

// Column roles found in a header line, with their character offsets.
struct Header {
    std::optional<std::size_t> in, out, amount, balance, status;
    bool valid() const { return balance && ((in && out) || amount); }
};

std::optional<std::size_t> findWord(const std::string& l,
                                    std::initializer_list<const char*> words) {
    for (const char* w : words)
        if (auto p = l.find(w); p != std::string::npos) return p;
    return std::nullopt;
}

std::optional<Header> headerOf(const std::string& line) {
    const std::string l = lower(line);
    if (!findWord(l, {"date", "time"})) return std::nullopt;
    if (!findWord(l, {"details", "description", "narrative", "particulars", "transaction", "payee",
                      "reference"}))
        return std::nullopt;
    Header h;
    h.in = findWord(l, {"paid in", "money in", "credit", "deposit"});
    h.out = findWord(l, {"withdraw", "paid out", "money out", "debit", "payment"});
    h.amount = findWord(l, {"amount"});
    h.balance = findWord(l, {"balance"});
    h.status = findWord(l, {"status"});
    if (!h.valid()) return std::nullopt;
    return h;
}

bool isTime(std::string_view t) {
    return t.size() >= 4 && t.size() <= 8 && t.find(':') != std::string_view::npos &&
           std::all_of(t.begin(), t.end(), [](char c) { return sdk::isDigit(c) || c == ':'; });
}

bool isMonthName(std::string_view t) {
    int month = 0;
    std::size_t pos = 0;
    return sdk::readMonthName(t, pos, month) && pos == t.size();
}

// A date-looking token (or three tokens "26 Jan 2026") starting at tokens[i]; returns the
// text and how many tokens it used.
std::optional<std::pair<std::string, std::size_t>> dateAt(const std::vector<Token>& tokens,
                                                          std::size_t i) {
    const std::string& t = tokens[i].text;
    if (i + 2 < tokens.size() && t.size() <= 2 && std::all_of(t.begin(), t.end(), sdk::isDigit) &&
        isMonthName(tokens[i + 1].text) && tokens[i + 2].text.size() == 4)
        return std::make_pair(t + " " + tokens[i + 1].text + " " + tokens[i + 2].text, 3);
    std::size_t digits = 0, separators = 0;
    for (char c : t) {
        if (sdk::isDigit(c))
            ++digits;
        else if (c == '/' || c == '-' || c == '.')
            ++separators;
        else
            return std::nullopt;
    }
    if (separators == 2 && digits >= 6 && digits <= 8) return std::make_pair(t, 1);
    return std::nullopt;
}

constexpr std::string_view kStatusWords[] = {"COMPLETED", "FAILED",    "PENDING",
                                             "REVERSED",  "CANCELLED", "DECLINED"};

bool isStatus(std::string_view t) {
    return std::find(std::begin(kStatusWords), std::end(kStatusWords), t) != std::end(kStatusWords);
}

std::string joinTokens(const std::vector<Token>& tokens, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to; ++i)
        out.append(out.empty() ? "" : " ").append(tokens[i].text);
    return out;
}

struct RawRow {
    StatementRow row;
    std::string dateText;
    bool completed = true;
};

// "Label:    value" lines above the table (holder, period, account number).
std::string labelled(const std::string& line, std::string_view label) {
    const std::string l = lower(line);
    const auto p = l.find(label);
    if (p == std::string::npos) return {};
    const auto colon = line.find(':', p + label.size());
    if (colon == std::string::npos) return {};
    return std::string(sdk::trim(std::string_view(line).substr(colon + 1)));
}

std::string moneyText(std::int64_t scaled) {
    return sdk::formatScaled(scaled, 2);
}

} // namespace

std::optional<std::int64_t> parseMoneyToken(std::string_view token) {
    std::string_view t = token;
    bool negative = false;
    if (t.size() > 2 && (t.substr(t.size() - 2) == "DR" || t.substr(t.size() - 2) == "Dr")) {
        negative = true;
        t.remove_suffix(2);
    } else if (t.size() > 2 && (t.substr(t.size() - 2) == "CR" || t.substr(t.size() - 2) == "Cr")) {
        t.remove_suffix(2);
    }
    // A money amount has exactly two decimals ("1,000.00"); bare integers are ids, not money.
    const auto dot = t.rfind('.');
    if (dot == std::string_view::npos || t.size() - dot != 3) return std::nullopt;
    auto parsed = sdk::parseDecimal(t, sdk::NumberFormat::CommaDot);
    if (!parsed.value) return std::nullopt;
    return negative ? -parsed.value->scaled : parsed.value->scaled;
}

Statement parseStatement(const std::vector<std::string>& lines, sdk::CivilDate today) {
    Statement st;
    std::optional<Header> header;
    std::vector<RawRow> raw;
    RawRow* open = nullptr; // the row that continuation lines extend
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const std::string& line = lines[n];
        if (sdk::isBlank(line)) {
            open = nullptr;
            continue;
        }
        if (st.title.empty() && lower(line).find("statement") != std::string::npos)
            st.title = joinTokens(tokenize(line), 0, tokenize(line).size());
        if (auto v = labelled(line, "customer name"); !v.empty() && st.holder.empty())
            st.holder = v;
        if (auto v = labelled(line, "account name"); !v.empty() && st.holder.empty()) st.holder = v;
        if (auto v = labelled(line, "statement period"); !v.empty()) st.period = v;
        for (const char* label : {"account number", "mobile number", "account no"})
            if (auto v = labelled(line, label); !v.empty() && st.accountNumber.empty())
                st.accountNumber = v;
        if (auto h = headerOf(line)) {
            header = h;
            st.tableFound = true;
            open = nullptr;
            continue;
        }
        if (!header) continue;
        const std::vector<Token> tokens = tokenize(line);
        std::optional<std::pair<std::string, std::size_t>> date;
        std::size_t dateIndex = 0;
        for (std::size_t i = 0; i < tokens.size() && i < 3 && !date; ++i)
            if ((date = dateAt(tokens, i))) dateIndex = i;
        // Trailing money tokens.
        std::vector<std::pair<std::int64_t, std::size_t>> money; // value, column
        std::size_t end = tokens.size();
        while (end > 0 && money.size() < 3) {
            auto v = parseMoneyToken(tokens[end - 1].text);
            if (!v) break;
            money.insert(money.begin(), {*v, tokens[end - 1].column});
            --end;
        }
        if (!date || money.empty()) {
            // A wrapped description line directly under a row.
            if (open && !date && money.empty())
                open->row.description += " " + joinTokens(tokens, 0, tokens.size());
            else
                open = nullptr;
            continue;
        }
        RawRow r;
        r.row.line = n + 1;
        r.row.reference = joinTokens(tokens, 0, dateIndex);
        r.dateText = date->first;
        std::size_t from = dateIndex + date->second;
        if (from < end && isTime(tokens[from].text)) ++from;
        if (header->status && end > from && isStatus(tokens[end - 1].text)) {
            r.completed = tokens[end - 1].text == "COMPLETED";
            --end;
        }
        r.row.description = joinTokens(tokens, from, end);
        const bool twoColumns = header->in && header->out;
        if (twoColumns && money.size() == 3) {
            const bool inFirst = *header->in < *header->out;
            const std::int64_t a = money[0].first, b = money[1].first;
            r.row.amount = inFirst ? a - b : b - a;
            r.row.balance = money[2].first;
        } else if (twoColumns && money.size() == 2) {
            // One of the two amount cells is empty: the nearer header column decides.
            const std::size_t c = money[0].second;
            auto distance = [&](std::size_t h) { return c > h ? c - h : h - c; };
            const bool isIn = distance(*header->in) < distance(*header->out);
            r.row.amount = isIn ? money[0].first : -money[0].first;
            r.row.balance = money[1].first;
        } else if (!twoColumns && money.size() >= 2) {
            r.row.amount = money[money.size() - 2].first;
            r.row.balance = money.back().first;
        } else {
            open = nullptr;
            continue; // not a transaction line (e.g. a totals line)
        }
        raw.push_back(std::move(r));
        open = &raw.back();
    }
    // Dates: the pattern that fits the table's date tokens best (docs/imports.md §5.9).
    std::vector<std::string> samples;
    for (const auto& r : raw)
        samples.push_back(r.dateText);
    const std::string format(sdk::detectDateFormat(samples, today).value_or("%Y-%m-%d"));
    for (auto& r : raw) {
        if (!r.completed) continue;
        if (auto d = sdk::parseDate(r.dateText, format)) {
            r.row.date = sdk::formatIsoDate(*d);
            r.row.dateValid = true;
        } else {
            r.row.date = r.dateText;
        }
        st.rows.push_back(std::move(r.row));
    }
    // Running balance: pick the document order (newest or oldest first) that explains more
    // rows, then flag every row whose balance does not follow from its predecessor.
    auto follows = [&](bool newestFirst, std::size_t i) { // row i vs the row before it in time
        const StatementRow& cur = st.rows[i];
        const StatementRow& prev = newestFirst ? st.rows[i + 1] : st.rows[i - 1];
        auto expected = sdk::addScaled(*prev.balance, cur.amount); // no wrap-around match
        return expected && *expected == *cur.balance;
    };
    std::size_t newest = 0, oldest = 0;
    for (std::size_t i = 0; i + 1 < st.rows.size(); ++i) {
        newest += follows(true, i);
        oldest += follows(false, i + 1);
    }
    st.newestFirst = newest > oldest;
    for (std::size_t i = 0; i < st.rows.size(); ++i) {
        const bool hasPrev = st.newestFirst ? i + 1 < st.rows.size() : i > 0;
        if (!hasPrev || follows(st.newestFirst, i)) continue;
        const StatementRow& prev = st.newestFirst ? st.rows[i + 1] : st.rows[i - 1];
        st.rows[i].balanceError = "Balance " + moneyText(*st.rows[i].balance) +
                                  " does not follow from the previous balance " +
                                  moneyText(*prev.balance) + " and the amount " +
                                  moneyText(st.rows[i].amount);
    }
    if (!st.rows.empty()) {
        const StatementRow& first = st.newestFirst ? st.rows.back() : st.rows.front();
        const StatementRow& last = st.newestFirst ? st.rows.front() : st.rows.back();
        st.openingBalance = *first.balance - first.amount;
        st.closingBalance = *last.balance;
    }
    return st;
}

} // namespace finimport::pdf
