#include "OfxRecords.h"

#include "OfxValues.h"

#include "finimport/text.hpp"

#include <span>
#include <vector>

namespace finimport::ofx {

namespace {

constexpr const char* kStatementFields[] = {"statement_id",    "account",         "account_kind",
                                            "currency",        "opening_balance", "opening_date",
                                            "closing_balance", "closing_date"};
constexpr const char* kTransactionFields[] = {
    "account",        "date",        "amount",      "currency",    "name",
    "category",       "tags",        "notes",       "entity_type", "signed_amount",
    "currency_given", "external_id", "statement_id"};
constexpr const char* kTradeFields[] = {
    "account",     "date",         "ticker",        "exchange_operating_mic",
    "qty",         "price",        "amount",        "currency",
    "name",        "signed_qty",   "signed_amount", "currency_given",
    "external_id", "statement_id", "security_id",   "security_name"};
constexpr const char* kWarningFields[] = {"message"};

struct Issue {
    std::string code, field, message, raw;
};

// A record being built: values by field name, plus its row errors.
struct Out {
    const char* kind;
    std::span<const char* const> fields;
    Row row;
    std::vector<Issue> issues;
    std::uint64_t line = 0;
    Out(const char* k, std::span<const char* const> f, std::uint64_t l)
        : kind(k), fields(f), row(f.size()), line(l) {}

    void set(std::string_view name, std::optional<std::string> value) {
        for (std::size_t i = 0; i < fields.size(); ++i)
            if (name == fields[i]) {
                if (value)
                    row.set(i, std::move(*value));
                else
                    row.setNull(i);
                return;
            }
    }
    void issue(std::string code, std::string field, std::string message, std::string raw = {}) {
        issues.push_back({std::move(code), std::move(field), std::move(message), std::move(raw)});
    }
};

// Emits records, calling begin whenever the kind changes; records are numbered from 1.
class Emitter {
public:
    explicit Emitter(Records& out) : out_(out) {}

    bool emit(const Out& record) {
        if (kind_ != record.kind) {
            kind_ = record.kind;
            if (!out_.begin(record.kind, record.fields)) return false;
        }
        const Location where{++count_, record.line, nullptr};
        if (!out_.row(record.row, where)) return false;
        for (const Issue& i : record.issues)
            if (!out_.rowError(i.code.c_str(), where, i.field.c_str(), i.message,
                               i.raw.empty() ? nullptr : i.raw.c_str()))
                return false;
        return true;
    }

private:
    Records& out_;
    std::string kind_;
    std::uint64_t count_ = 0;
};

std::optional<std::string> opt(std::optional<std::string_view> v) {
    return v ? std::optional<std::string>(std::string(*v)) : std::nullopt;
}

// A number field; problems become row errors. `required` missing → "<Label> is required".
std::optional<sdk::Decimal> number(Out& out, const Fields& f, std::string_view key,
                                   const char* field, const char* label, bool required,
                                   bool round = false) {
    const auto raw = f.get(key);
    if (!raw) {
        if (required) out.issue("required", field, std::string(label) + " is required");
        return std::nullopt;
    }
    NumberResult r = parseNumber(*raw, round);
    if (r.value) return r.value;
    out.set(field, std::string(*raw));
    out.issue("invalid_number", field, numberMessage(r.error, label, *raw), std::string(*raw));
    return std::nullopt;
}

void setDate(Out& out, const Fields& f, std::string_view key) {
    const auto raw = f.get(key);
    if (!raw) {
        out.set("date", std::string());
        out.issue("required", "date", "Date is required");
        return;
    }
    if (auto d = parseDate(*raw)) {
        out.set("date", sdk::formatIsoDate(*d));
        return;
    }
    out.set("date", std::string(*raw));
    out.issue("invalid_date", "date",
              "Date \"" + std::string(*raw) + "\" is not an OFX date (YYYYMMDD...)",
              std::string(*raw));
}

// docs/decisions.md D59: NAME, else PAYEE/NAME, else MEMO, else "Imported item".
std::string entryName(const Fields& f) {
    for (std::string_view key : {"NAME", "PAYEE/NAME", "MEMO"})
        if (auto v = f.get(key)) return std::string(*v);
    return "Imported item";
}

class StatementWriter {
public:
    StatementWriter(const Document& doc, const Statement& s, std::size_t index, Emitter& emitter)
        : doc_(doc), s_(s), emitter_(emitter), id_(std::to_string(index + 1)) {
        const auto& f = s.fields;
        account_ = opt(f.get("BANKACCTFROM/ACCTID"));
        if (!account_) account_ = opt(f.get("CCACCTFROM/ACCTID"));
        if (!account_) account_ = opt(f.get("INVACCTFROM/ACCTID"));
        if (!account_) account_ = opt(f.get("ACCTID"));
        if (auto c = f.get("CURDEF")) currency_ = sdk::toUpperAscii(*c);
    }

    bool write() {
        if (!statementRecord()) return false;
        if (!currency_ &&
            !warning("Statement " + id_ + " states no currency (CURDEF is empty): its entries " +
                     "take the account's currency"))
            return false;
        for (const Entry& e : s_.entries)
            if (!entry(e)) return false;
        if (s_.outsideList > 0 &&
            !warning("Statement " + id_ + ": " + std::to_string(s_.outsideList) +
                     (s_.outsideList == 1 ? " entry was" : " entries were") +
                     " found after </BANKTRANLIST> and imported"))
            return false;
        for (const auto& [name, count] : s_.skipped)
            if (!warning("Statement " + id_ + ": " + std::to_string(count) + " " + name +
                         (count == 1 ? " entry was" : " entries were") + " not imported"))
                return false;
        return true;
    }

private:
    const char* kindName() const {
        switch (s_.kind) {
        case StatementKind::CreditCard:
            return "credit_card";
        case StatementKind::Investment:
            return "investment";
        case StatementKind::Bank:
            break;
        }
        return "depository";
    }

    bool statementRecord() {
        Out out("statement", kStatementFields, s_.line);
        out.set("statement_id", id_);
        out.set("account", account_);
        out.set("account_kind", std::string(kindName()));
        out.set("currency", currency_);
        out.set("opening_balance",
                std::nullopt); // OFX states only a closing balance (docs/decisions.md D62)
        out.set("opening_date", std::nullopt);
        out.set("closing_balance", std::nullopt);
        out.set("closing_date", std::nullopt);
        if (auto b = number(out, s_.fields, "LEDGERBAL/BALAMT", "closing_balance",
                            "Closing balance", false))
            out.set("closing_balance", b->text);
        if (auto raw = s_.fields.get("LEDGERBAL/DTASOF")) {
            if (auto d = parseDate(*raw)) {
                out.set("closing_date", sdk::formatIsoDate(*d));
            } else {
                out.set("closing_date", std::string(*raw));
                out.issue("invalid_date", "closing_date",
                          "Date \"" + std::string(*raw) + "\" is not an OFX date (YYYYMMDD...)",
                          std::string(*raw));
            }
        }
        return emitter_.emit(out);
    }

    bool warning(const std::string& message) {
        Out out("warning", kWarningFields, s_.line);
        out.set("message", message);
        return emitter_.emit(out);
    }

    void common(Out& out, const Entry& e) {
        out.set("account", account_);
        out.set("currency", currency_);
        out.set("currency_given", std::string(currency_ ? "true" : "false"));
        out.set("external_id", opt(e.fields.get("FITID")));
        out.set("statement_id", id_);
    }

    // A cash transaction: `amountKey` holds the amount in the file's sign (money in positive).
    Out transaction(const Entry& e, std::string_view amountKey, std::string_view dateKey,
                    std::string entityType, bool absoluteValue = false) {
        Out out("transaction", kTransactionFields, e.line);
        common(out, e);
        setDate(out, e.fields, dateKey);
        out.set("name", entryName(e.fields));
        out.set("notes", std::string(e.fields.get("MEMO").value_or("")));
        out.set("category", std::string());
        out.set("tags", std::string());
        out.set("entity_type", std::move(entityType));
        out.set("amount", std::string());
        if (auto a = number(out, e.fields, amountKey, "amount", "Amount", true)) {
            if (absoluteValue)
                a->text = absolute(*a), a->scaled = a->scaled < 0 ? -a->scaled : a->scaled;
            out.set("amount", a->text);
            out.set("signed_amount", negated(*a));
        }
        return out;
    }

    bool entry(const Entry& e) {
        if (e.aggregate == "STMTTRN" || e.aggregate == "INVBANKTRAN") {
            const std::string type =
                sdk::toUpperAscii(e.fields.get("TRNTYPE").value_or(e.aggregate));
            return emitter_.emit(transaction(e, "TRNAMT", "DTPOSTED", type));
        }
        const std::string& a = e.aggregate;
        if (a == "INCOME" || a == "INVEXPENSE" || a == "MARGININTEREST" || a == "RETOFCAP")
            return emitter_.emit(transaction(e, "TOTAL", "DTTRADE", a));
        if (a == "REINVEST") {
            // docs/decisions.md D60: a buy plus an income transaction of the same amount.
            if (!emitter_.emit(trade(e, +1, false))) return false;
            return emitter_.emit(transaction(e, "TOTAL", "DTTRADE", a, true));
        }
        if (a.rfind("BUY", 0) == 0) return emitter_.emit(trade(e, +1, false));
        if (a.rfind("SELL", 0) == 0) return emitter_.emit(trade(e, -1, false));
        return emitter_.emit(trade(e, 0, true)); // TRANSFER, JRNLSEC, SPLIT: price 0
    }

    // direction +1 buy, -1 sell, 0 as written (TRANSFER by TFERACTION, SPLIT new - old).
    Out trade(const Entry& e, int direction, bool priceZero) {
        const Fields& f = e.fields;
        Out out("trade", kTradeFields, e.line);
        common(out, e);
        setDate(out, f, "DTTRADE");
        out.set("exchange_operating_mic", std::string());
        const std::string securityId(f.get("SECID/UNIQUEID").value_or(""));
        const Security* security = nullptr;
        if (auto it = doc_.securities.find(securityId); it != doc_.securities.end())
            security = &it->second;
        std::string ticker = security && !security->ticker.empty() ? security->ticker : securityId;
        out.set("ticker", sdk::toUpperAscii(ticker));
        if (ticker.empty()) out.issue("required", "ticker", "Ticker is required");
        // docs/decisions.md D60: securities are keyed by CUSIP/ISIN; another UNIQUEIDTYPE (a
        // ticker, a broker's own code) is only a ticker.
        const std::string idType = sdk::toUpperAscii(f.get("SECID/UNIQUEIDTYPE").value_or(""));
        const bool isCode = idType.empty() || idType == "CUSIP" || idType == "ISIN";
        out.set("security_id",
                securityId.empty() || !isCode ? std::nullopt : std::optional(securityId));
        out.set("security_name",
                security && !security->name.empty() ? std::optional(security->name) : std::nullopt);
        out.set("name", entryName(f));

        std::optional<sdk::Decimal> qty;
        if (e.aggregate == "SPLIT") {
            auto oldUnits = number(out, f, "OLDUNITS", "qty", "Qty", true, true);
            auto newUnits = number(out, f, "NEWUNITS", "qty", "Qty", true, true);
            if (oldUnits && newUnits) {
                sdk::Decimal d;
                d.scaled = newUnits->scaled - oldUnits->scaled;
                d.fractionDigits = std::max(newUnits->fractionDigits, oldUnits->fractionDigits);
                d.text = sdk::formatScaled(d.scaled, d.fractionDigits);
                qty = d;
            }
        } else {
            qty = number(out, f, "UNITS", "qty", "Qty", true, true);
        }
        if (qty) {
            int sign = direction;
            if (direction == 0 && e.aggregate == "TRANSFER") {
                const std::string action = sdk::toUpperAscii(f.get("TFERACTION").value_or(""));
                sign = action == "IN" ? 1 : action == "OUT" ? -1 : 0;
            }
            if (sign != 0) {
                const std::int64_t magnitude = qty->scaled < 0 ? -qty->scaled : qty->scaled;
                qty->scaled = sign * magnitude;
                qty->text = sdk::formatScaled(qty->scaled, qty->fractionDigits);
            }
            out.set("qty", qty->text);
            out.set("signed_qty", qty->text);
        }
        if (priceZero) {
            out.set("price", std::string("0"));
            out.set("amount", std::string("0"));
            out.set("signed_amount", std::string("0"));
            return out;
        }
        auto price = number(out, f, "UNITPRICE", "price", "Price", true, true);
        if (price) out.set("price", price->text);
        // docs/decisions.md D60: the amount is the cash moved (TOTAL, fees included), money in
        // positive. Buys always move cash out, sells in (engine sign: positive = money out).
        if (auto total = number(out, f, "TOTAL", "amount", "Amount", false)) {
            const std::string magnitude = absolute(*total);
            out.set("signed_amount", direction > 0 ? magnitude : "-" + magnitude);
            out.set("amount", direction > 0 ? "-" + magnitude : magnitude);
            if (total->scaled == 0)
                out.set("amount", magnitude), out.set("signed_amount", magnitude);
        } else if (!f.has("TOTAL") && qty && price) {
            const auto product = sdk::multiplyScaled(price->scaled, qty->scaled);
            if (product) {
                const int digits = std::min(8, price->fractionDigits + qty->fractionDigits);
                out.set("signed_amount", sdk::formatScaled(*product, digits));
            } else {
                out.issue("invalid_number", "signed_amount",
                          "Price times quantity is out of range");
            }
        }
        return out;
    }

    const Document& doc_;
    const Statement& s_;
    Emitter& emitter_;
    std::string id_;
    std::optional<std::string> account_, currency_;
};

} // namespace

fi_run_status emitRecords(const Document& doc, Records& out) {
    Emitter emitter(out);
    for (std::size_t i = 0; i < doc.statements.size(); ++i)
        if (!StatementWriter(doc, doc.statements[i], i, emitter).write()) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

} // namespace finimport::ofx
