#include "CamtEntries.h"

#include <array>

namespace camt {
namespace {

using finimport::statement::Issue;
using finimport::statement::Money;
using finimport::statement::Transaction;
namespace sdk = finimport::sdk;

// `XXX` is ISO 4217's "no currency": it says nothing about the account's money (docs/decisions.md
// D58).
std::optional<std::string> currencyCode(const std::optional<std::string>& raw) {
    if (!raw) return std::nullopt;
    const std::string code = sdk::toUpperAscii(*raw);
    if (code.size() != 3 || code == "XXX") return std::nullopt;
    for (char c : code)
        if (c < 'A' || c > 'Z') return std::nullopt;
    return code;
}

// docs/decisions.md D59: the date part of `2014-12-31`, `2014-12-31T13:15:00+01:00` or
// `2017-04-01+02:00`.
std::optional<std::string> datePart(const std::optional<std::string>& raw) {
    if (!raw || raw->size() < 10) return std::nullopt;
    const std::string date = raw->substr(0, 10);
    if (!finimport::statement::isIsoDate(date)) return std::nullopt;
    if (raw->size() > 10 && (*raw)[10] != 'T' && (*raw)[10] != '+' && (*raw)[10] != '-' &&
        (*raw)[10] != 'Z')
        return std::nullopt;
    return date;
}

enum class Direction { Credit, Debit, Unknown };

Direction direction(const std::optional<std::string>& cdi) {
    if (cdi == "CRDT") return Direction::Credit;
    if (cdi == "DBIT") return Direction::Debit;
    return Direction::Unknown;
}

std::optional<Money> signedMoney(const std::optional<std::string>& amount, Direction d) {
    if (!amount || d == Direction::Unknown) return std::nullopt;
    auto money = finimport::statement::parsePlainAmount(*amount, '.');
    if (money && d == Direction::Debit) money->scaled = -money->scaled;
    return money;
}

std::optional<std::string> usable(const std::optional<std::string>& id) {
    return id && finimport::statement::usableId(*id) ? id : std::nullopt;
}

// Amount and direction problems of one transaction as row errors.
void checkAmount(Transaction& t, const std::optional<std::string>& amount,
                 const std::optional<std::string>& cdi) {
    if (!amount) {
        t.issues.push_back({"required", "amount", "Amount is required", ""});
    } else if (!finimport::statement::parsePlainAmount(*amount, '.')) {
        t.amountRaw = amount;
        t.issues.push_back({"invalid_number", "amount",
                            "Amount \"" + *amount +
                                "\" is not a CAMT amount (digits and an "
                                "optional . fraction)",
                            *amount});
    } else if (direction(cdi) == Direction::Unknown) {
        t.amountRaw = amount;
        t.issues.push_back(
            {"invalid_number", "amount",
             "Credit/debit indicator must be CRDT or DBIT, not \"" + cdi.value_or("") + "\"",
             cdi.value_or("")});
    }
}

void setDate(Transaction& t, const Entry& e) {
    const auto& raw = e.bookingDate ? e.bookingDate : e.valueDate;
    if (!raw) {
        t.issues.push_back({"required", "date", "Date is required", ""});
        return;
    }
    t.date = datePart(raw);
    if (!t.date) {
        t.date = *raw;
        t.issues.push_back(
            {"invalid_date", "date", "Date must be an ISO 8601 date (YYYY-MM-DD): " + *raw, *raw});
    }
}

// D49/D59 text: name from the counterparty by direction, else Ustrd, else AddtlNtryInf;
// notes Ustrd, else AddtlTxInf, else AddtlNtryInf.
void setText(Transaction& t, const Entry& e, const Detail* d, Direction dir) {
    std::optional<std::string> name;
    if (d)
        name = dir == Direction::Debit    ? d->creditorName
               : dir == Direction::Credit ? d->debtorName
                                          : std::nullopt;
    if (!name && d) name = d->ustrd;
    if (!name) name = e.addtlNtryInf;
    t.name = name.value_or("");
    std::optional<std::string> notes;
    if (d) notes = d->ustrd ? d->ustrd : d->addtlTxInf;
    if (!notes) notes = e.addtlNtryInf;
    t.notes = notes.value_or("");
}

// D49/D61/D63: AcctSvcrRef (detail, then entry), NtryRef, EndToEndId. When an entry is split
// into several details, an id taken from the entry gets `#<k>` so rows keep distinct ids.
std::optional<std::string> externalId(const Entry& e, const Detail* d, std::size_t splitIndex) {
    if (d)
        if (auto id = usable(d->acctSvcrRef)) return id;
    auto fromEntry = usable(e.acctSvcrRef);
    if (!fromEntry) fromEntry = usable(e.ntryRef);
    if (fromEntry) {
        if (splitIndex > 0) return *fromEntry + "#" + std::to_string(splitIndex);
        return fromEntry;
    }
    if (d) return usable(d->endToEndId);
    return std::nullopt;
}

// The amount a detail carries itself: its own Amt, else AmtDtls/TxAmt (never InstdAmt).
const std::optional<std::string>& detailAmount(const Detail& d) {
    return d.amount ? d.amount : d.txAmount;
}

std::string entryLabel(const Entry& e) {
    if (auto id = usable(e.acctSvcrRef)) return *id;
    if (auto id = usable(e.ntryRef)) return *id;
    return "at line " + std::to_string(e.line);
}

class EntrySplitter {
public:
    EntrySplitter(std::vector<Transaction>& out, std::vector<std::string>& warnings,
                  const std::string& statementId)
        : out_(out), warnings_(warnings), statementId_(statementId) {}

    void add(const Entry& e) {
        if (splitsIntoDetails(e)) {
            for (std::size_t k = 0; k < e.details.size(); ++k) {
                const Detail& d = e.details[k];
                const auto& cdi = d.cdi ? d.cdi : e.cdi;
                emit(e, &d, detailAmount(d), cdi, e.details.size() > 1 ? k + 1 : 0);
            }
            return;
        }
        emit(e, e.details.size() == 1 ? &e.details.front() : nullptr, e.amount, e.cdi, 0);
    }

private:
    // docs/decisions.md D61: one transaction per detail when every detail states an amount and they
    // sum to the entry; a mismatch keeps the entry whole and says so.
    bool splitsIntoDetails(const Entry& e) {
        if (e.details.empty()) return false;
        const auto entry = signedMoney(e.amount, direction(e.cdi));
        __int128 sum = 0;
        int digits = entry ? entry->digits : 2;
        for (const Detail& d : e.details) {
            const auto money = signedMoney(detailAmount(d), direction(d.cdi ? d.cdi : e.cdi));
            if (!money) return false;
            sum += money->scaled;
            digits = std::max(digits, money->digits);
        }
        if (!entry) return false;
        if (sum == entry->scaled) return true;
        const bool fits = sum <= std::numeric_limits<std::int64_t>::max() &&
                          sum >= -std::numeric_limits<std::int64_t>::max();
        warnings_.push_back("Statement " + statementId_ + ": the details of entry " +
                            entryLabel(e) + " sum to " +
                            (fits ? sdk::formatScaled(std::int64_t(sum), digits)
                                  : std::string("an out-of-range amount")) +
                            ", not the entry's " + sdk::formatScaled(entry->scaled, digits) +
                            "; it is imported as one transaction");
        return false;
    }

    void emit(const Entry& e, const Detail* d, const std::optional<std::string>& amount,
              const std::optional<std::string>& cdi, std::size_t splitIndex) {
        Transaction t;
        t.line = e.line;
        setDate(t, e);
        const Direction dir = direction(cdi);
        t.amount = signedMoney(amount, dir);
        if (!t.amount) checkAmount(t, amount, cdi);
        setText(t, e, d, dir);
        t.externalId = externalId(e, d, splitIndex);
        out_.push_back(std::move(t));
    }

    std::vector<Transaction>& out_;
    std::vector<std::string>& warnings_;
    const std::string& statementId_;
};

bool isBooked(const Entry& e) {
    // A missing status reads as booked: camt.054 notifications often omit it.
    return !e.status || sdk::toUpperAscii(*e.status) == "BOOK";
}

std::optional<Money> balanceLevel(const Balance& b) {
    return signedMoney(b.amount, direction(b.cdi ? b.cdi : std::optional<std::string>("CRDT")));
}

void setBalances(finimport::statement::StatementHeader& h, const Statement& s) {
    // docs/decisions.md D62: the opening level is OPBD, else PRCD, else ITBD; the closing level
    // CLBD.
    constexpr std::array<std::string_view, 3> openings = {"OPBD", "PRCD", "ITBD"};
    for (std::string_view code : openings) {
        if (h.opening) break;
        for (const Balance& b : s.balances)
            if (b.code && *b.code == code && (h.opening = balanceLevel(b))) {
                h.openingDate = datePart(b.date);
                break;
            }
    }
    for (const Balance& b : s.balances)
        if (b.code && *b.code == "CLBD" && (h.closing = balanceLevel(b))) {
            h.closingDate = datePart(b.date);
            break;
        }
}

std::optional<std::string> statementCurrency(const Statement& s) {
    if (auto c = currencyCode(s.currency)) return c;
    for (const Balance& b : s.balances)
        if (auto c = currencyCode(b.currency)) return c;
    for (const Entry& e : s.entries)
        if (auto c = currencyCode(e.currency)) return c;
    return std::nullopt;
}

} // namespace

Interpreted interpret(const Statement& s, finimport::statement::StatementIds& ids) {
    Interpreted result;
    auto& h = result.header;
    h.id = ids.unique(s.id ? *s.id : "#" + std::to_string(s.ordinal));
    h.account = s.iban ? s.iban : s.otherId;
    h.kind = "depository";
    h.currency = statementCurrency(s);
    h.line = s.line;
    setBalances(h, s);
    EntrySplitter splitter(result.transactions, result.warnings, h.id);
    std::size_t pending = 0;
    for (const Entry& e : s.entries) {
        if (isBooked(e))
            splitter.add(e);
        else
            ++pending;
    }
    if (pending > 0)
        result.warnings.push_back("Statement " + h.id + ": " + std::to_string(pending) +
                                  (pending == 1 ? " pending entry was" : " pending entries were") +
                                  " skipped (only booked entries are imported)");
    return result;
}

} // namespace camt
