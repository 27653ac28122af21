// Shared by the statement plugins (CAMT, MT940): the record vocabulary agreed for statement
// formats (kinds `statement`, `transaction`, `warning`), exact money, docs/decisions.md D62
// reconciliation and D63 usable external ids. Header-only, like common_budget: each plugin compiles
// its own copy.
#ifndef FINIMPORT_STATEMENT_RECORDS_HPP
#define FINIMPORT_STATEMENT_RECORDS_HPP

#include "finimport/decimal.hpp"
#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::statement {

// An exact amount: `scaled` = value × 10^8, `digits` = fraction digits as written.
struct Money {
    std::int64_t scaled = 0;
    int digits = 0;
    std::string text() const { return sdk::formatScaled(scaled, digits); }
};

// A level or an entry amount written as unsigned digits with an optional `.` fraction; the
// decimal mark is `mark` ('.' for XML, ',' for SWIFT). Anything else (signs, grouping,
// exponents, more than 8 fraction digits, overflow) is refused: these formats never use it.
inline std::optional<Money> parsePlainAmount(std::string_view raw, char mark) {
    const std::string_view s = sdk::trim(raw);
    std::size_t i = 0;
    while (i < s.size() && sdk::isDigit(s[i]))
        ++i;
    const std::size_t integerEnd = i;
    std::size_t fractionStart = i;
    if (i < s.size() && s[i] == mark) {
        fractionStart = ++i;
        while (i < s.size() && sdk::isDigit(s[i]))
            ++i;
    }
    if (integerEnd == 0 || i != s.size()) return std::nullopt;
    const std::size_t fractionDigits = i - fractionStart;
    if (fractionDigits > std::size_t(sdk::kDecimalScaleDigits)) return std::nullopt;
    std::string plain(s.substr(0, integerEnd));
    if (fractionDigits > 0) plain.append(".").append(s.substr(fractionStart, fractionDigits));
    const auto parsed = sdk::parseDecimal(plain, sdk::NumberFormat::CommaDot);
    if (!parsed) return std::nullopt;
    return Money{parsed.value->scaled, int(fractionDigits)};
}

// docs/decisions.md D63: an id counts only when non-blank and not NONREF, NOTPROVIDED or NONE (any
// case).
inline bool usableId(std::string_view id) {
    const std::string upper = sdk::toUpperAscii(sdk::trim(id));
    return !upper.empty() && upper != "NONREF" && upper != "NOTPROVIDED" && upper != "NONE";
}

// A civil date check for ISO `YYYY-MM-DD` text.
inline bool isIsoDate(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (!sdk::isDigit(s[i])) return false;
    const int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    const int m = (s[5] - '0') * 10 + (s[6] - '0');
    const int d = (s[8] - '0') * 10 + (s[9] - '0');
    return y >= 1 && sdk::isValidDate(y, m, d);
}

// Keeps statement ids unique within a file (records.md): a repeated id gets ` (2)`, ` (3)`, …
class StatementIds {
public:
    std::string unique(const std::string& id) {
        if (used_.insert(id).second) return id;
        for (std::size_t n = 2;; ++n) {
            std::string candidate = id + " (" + std::to_string(n) + ")";
            if (used_.insert(candidate).second) return candidate;
        }
    }

private:
    std::set<std::string> used_;
};

struct Issue {
    std::string code;
    std::string field;
    std::string message;
    std::string raw;
};

struct StatementHeader {
    std::string id;
    std::optional<std::string> account;
    std::string kind = "depository";
    std::optional<std::string> currency;
    std::optional<Money> opening;
    std::optional<std::string> openingDate;
    std::optional<Money> closing;
    std::optional<std::string> closingDate;
    std::uint64_t line = 0;
};

// One transaction: `amount` is money in positive (the file's sign), nullopt when unreadable
// (then `amountRaw` is shown and an issue says why).
struct Transaction {
    std::uint64_t line = 0;
    std::optional<std::string> date;
    std::optional<Money> amount;
    std::optional<std::string> amountRaw;
    std::string name;
    std::string notes;
    std::optional<std::string> externalId;
    std::vector<Issue> issues;
};

inline constexpr FieldList kStatementFields{"statement_id",    "account",         "account_kind",
                                            "currency",        "opening_balance", "opening_date",
                                            "closing_balance", "closing_date"};
inline constexpr FieldList kTransactionFields{
    "account",        "date",        "amount",      "currency",    "name",
    "category",       "tags",        "notes",       "entity_type", "signed_amount",
    "currency_given", "external_id", "statement_id"};
inline constexpr FieldList kWarningFields{"message"};

// docs/decisions.md D62: `Statement <id>: opening <O> + entries <S> = <X>, but the statement states
// <C>`, or nullopt when the statement reconciles, lacks a balance, or an entry amount is
// unreadable.
inline std::optional<std::string> reconciliationWarning(const StatementHeader& st,
                                                        const std::vector<Transaction>& entries) {
    if (!st.opening || !st.closing) return std::nullopt;
    __int128 sum = 0;
    int digits = std::max(st.opening->digits, st.closing->digits);
    for (const Transaction& t : entries) {
        if (!t.amount) return std::nullopt;
        sum += t.amount->scaled;
        digits = std::max(digits, t.amount->digits);
    }
    const __int128 expected = __int128(st.opening->scaled) + sum;
    if (expected == st.closing->scaled) return std::nullopt;
    constexpr __int128 limit = std::numeric_limits<std::int64_t>::max();
    if (sum > limit || sum < -limit || expected > limit || expected < -limit)
        return "Statement " + st.id + ": the entries do not sum to a representable amount";
    return "Statement " + st.id + ": opening " + sdk::formatScaled(st.opening->scaled, digits) +
           " + entries " + sdk::formatScaled(std::int64_t(sum), digits) + " = " +
           sdk::formatScaled(std::int64_t(expected), digits) + ", but the statement states " +
           sdk::formatScaled(st.closing->scaled, digits);
}

// Emits records, opening a new `begin` whenever the kind changes; numbers records from 1.
class StatementWriter {
public:
    explicit StatementWriter(Records& out) : out_(out) {}

    // The statement row, its transactions, then its warnings (docs/decisions.md D58 currency, D62,
    // `extra`).
    bool write(const StatementHeader& st, const std::vector<Transaction>& entries,
               std::vector<std::string> warnings) {
        if (!st.currency)
            warnings.insert(warnings.begin(),
                            "Statement " + st.id +
                                " states no currency: its entries take the account's currency");
        if (auto w = reconciliationWarning(st, entries)) warnings.push_back(*w);
        if (!writeStatement(st)) return false;
        for (const Transaction& t : entries)
            if (!writeTransaction(st, t)) return false;
        for (const std::string& w : warnings) {
            Row row(kWarningFields.size());
            row.set(kWarningFields["message"], w);
            if (!emit("warning", kWarningFields, row, st.line)) return false;
        }
        return true;
    }

private:
    bool writeStatement(const StatementHeader& st) {
        Row row(kStatementFields.size());
        row.set(kStatementFields["statement_id"], st.id);
        if (st.account) row.set(kStatementFields["account"], *st.account);
        row.set(kStatementFields["account_kind"], st.kind);
        if (st.currency) row.set(kStatementFields["currency"], *st.currency);
        if (st.opening) row.set(kStatementFields["opening_balance"], st.opening->text());
        if (st.openingDate) row.set(kStatementFields["opening_date"], *st.openingDate);
        if (st.closing) row.set(kStatementFields["closing_balance"], st.closing->text());
        if (st.closingDate) row.set(kStatementFields["closing_date"], *st.closingDate);
        return emit("statement", kStatementFields, row, st.line);
    }

    bool writeTransaction(const StatementHeader& st, const Transaction& t) {
        Row row(kTransactionFields.size());
        if (st.account) row.set(kTransactionFields["account"], *st.account);
        if (t.date) row.set(kTransactionFields["date"], *t.date);
        if (t.amount)
            row.set(kTransactionFields["amount"], t.amount->text());
        else if (t.amountRaw)
            row.set(kTransactionFields["amount"], *t.amountRaw);
        if (st.currency) row.set(kTransactionFields["currency"], *st.currency);
        row.set(kTransactionFields["name"], t.name.empty() ? std::string("Imported item") : t.name);
        row.set(kTransactionFields["category"], "");
        row.set(kTransactionFields["tags"], "");
        row.set(kTransactionFields["notes"], t.notes);
        row.set(kTransactionFields["entity_type"], "");
        if (t.amount)
            row.set(kTransactionFields["signed_amount"],
                    sdk::formatScaled(-t.amount->scaled, t.amount->digits));
        row.set(kTransactionFields["currency_given"], st.currency ? "true" : "false");
        if (t.externalId) row.set(kTransactionFields["external_id"], *t.externalId);
        row.set(kTransactionFields["statement_id"], st.id);
        if (!emit("transaction", kTransactionFields, row, t.line)) return false;
        const Location where{count_, t.line};
        for (const Issue& i : t.issues)
            if (!out_.rowError(i.code.c_str(), where, i.field.c_str(), i.message,
                               i.raw.empty() ? nullptr : i.raw.c_str()))
                return false;
        return true;
    }

    bool emit(const char* kind, std::span<const char* const> fields, const Row& row,
              std::uint64_t line) {
        if (kind_ != kind) {
            kind_ = kind;
            if (!out_.begin(kind, fields)) return false;
        }
        return out_.row(row, Location{++count_, line});
    }

    Records& out_;
    std::string kind_;
    std::uint64_t count_ = 0;
};

} // namespace finimport::statement

#endif // FINIMPORT_STATEMENT_RECORDS_HPP
