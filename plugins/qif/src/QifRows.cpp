#include "QifRows.h"

#include "QifFields.h"
#include "QifRecordParts.h"

#include "finimport/text.hpp"

#include <span>
#include <vector>

namespace finimport::qif {

namespace {

using namespace parts;

class SectionWriter {
public:
    SectionWriter(Emitter& emit, const QifFile& file, const QifSettings& s,
                  const std::string& format)
        : emit_(emit), file_(file), s_(s), format_(format) {}

    bool bank(const Section& section, const std::string& account) {
        for (const Record& r : section.records) {
            const std::string payee(sdk::trim(r.get('P').value_or("")));
            if (payee == "Opening Balance") {
                if (!openingBalance(r, account)) return false;
                continue;
            }
            if (!transaction(r, account, payee)) return false;
        }
        return true;
    }

    bool investment(const Section& section, const std::string& account) {
        for (const Record& r : section.records)
            if (!investmentRecord(r, account)) return false;
        return true;
    }

    // docs/decisions.md D66: `!Type:Cat` records create categories; `Parent:Child` names a
    // subcategory as the mappings do (the first `:` splits).
    bool categories(const Section& section) {
        for (const Record& r : section.records) {
            const std::string name(sdk::trim(r.get('N').value_or("")));
            if (name.empty()) continue;
            Out o(kCategoryFields);
            const std::size_t colon = name.find(':');
            if (colon == std::string::npos) {
                o.set("name", name);
                o.set("category_parent", "");
            } else {
                o.set("name", std::string(sdk::trim(std::string_view(name).substr(colon + 1))));
                o.set("category_parent",
                      std::string(sdk::trim(std::string_view(name).substr(0, colon))));
            }
            if (!emit_.emit("category", o, r.line)) return false;
        }
        return true;
    }

private:
    bool openingBalance(const Record& r, const std::string& account) {
        Out o(kOpeningFields);
        o.set("account", account);
        setDate(o, r, format_, s_.currentYear);
        const std::string raw = amountText(r).value_or("");
        auto amount = number(o, raw, s_, "amount", "Amount", true);
        o.set("amount", amount ? amount->text : raw);
        setCurrency(o, s_);
        o.set("name", "Opening Balance");
        return emit_.emit("opening_balance", o, r.line);
    }

    bool transaction(const Record& r, const std::string& account, const std::string& payee) {
        Out o(kTransactionFields);
        o.set("account", account);
        setDate(o, r, format_, s_.currentYear);
        const std::string raw = amountText(r).value_or("");
        auto amount = number(o, raw, s_, "amount", "Amount", true);
        o.set("amount", amount ? amount->text : raw);
        if (amount) o.set("signed_amount", negatedText(*amount)); // QIF negative = money out
        setCurrency(o, s_);
        o.set("name", payee.empty() ? "Imported item" : payee);
        const bool split = !r.splits.empty();
        const CategoryField category = parseCategory(r.get('L').value_or(""));
        // A split parent carries no category or tags: its children do (docs/plugin-records.md,
        // "QIF").
        o.set("category", split ? "" : category.category);
        o.set("tags", split ? "" : category.tags);
        o.set("notes", r.get('M').value_or(""));
        o.set("entity_type", "");
        o.set("transfer_account", split ? "" : category.transfer);
        const std::uint64_t parent = emit_.next();
        std::vector<Out> children;
        std::int64_t total = 0;
        bool overflow = false; // the split sum left the int64 range
        bool complete = amount.has_value();
        for (const Split& sp : r.splits) {
            Out c(kSplitFields);
            c.set("parent_record", std::to_string(parent));
            c.set("account", account);
            c.set("date", "");
            c.set("name", payee.empty() ? "Imported item" : payee);
            const CategoryField sc = parseCategory(sp.category);
            c.set("category", sc.category);
            c.set("tags", sc.tags);
            c.set("transfer_account", sc.transfer);
            c.set("notes", sp.memo);
            setCurrency(c, s_);
            std::optional<sdk::Decimal> value;
            if (sp.hasAmount || !sp.hasPercent) {
                value = number(c, sp.amount, s_, "amount", "Split amount", true);
                c.set("amount", value ? value->text : sp.amount);
            } else if (auto pct = number(c, sp.percent, s_, "amount", "Split percent", true);
                       pct && amount) {
                if (auto v = percentOf(amount->scaled, pct->scaled))
                    value = sdk::Decimal{sdk::formatScaled(*v, amount->fractionDigits), *v,
                                         amount->fractionDigits};
                c.set("amount", value ? value->text : sp.percent);
            } else {
                c.set("amount", sp.percent);
            }
            if (value) {
                c.set("signed_amount", negatedText(*value));
                if (auto next = sdk::addScaled(total, value->scaled))
                    total = *next;
                else
                    overflow = true;
            } else {
                complete = false;
            }
            children.push_back(std::move(c));
        }
        if (split && complete && overflow)
            o.issue("split_mismatch", "amount",
                    "Split amounts total beyond the supported range but the transaction "
                    "amount is " +
                        amount->text);
        else if (split && complete && total != amount->scaled)
            o.issue("split_mismatch", "amount",
                    "Split amounts total " + sdk::formatScaled(total, amount->fractionDigits) +
                        " but the transaction amount is " + amount->text);
        if (!emit_.emit("transaction", o, r.line)) return false;
        for (Out& c : children) {
            // Children share the parent's date (copied after it was parsed).
            c.set("date", o.row[1].value_or(""));
            if (!emit_.emit("split", c, r.line)) return false;
        }
        return true;
    }

    static std::string qtyText(const sdk::Decimal& q) {
        return sdk::formatScaled(q.scaled, std::max(1, q.fractionDigits));
    }

    bool investmentRecord(const Record& r, const std::string& account) {
        const std::string written(sdk::trim(r.get('N').value_or("")));
        // docs/decisions.md D66: `<Action>X` is the action plus a transfer to the `L[Account]`
        // account.
        std::string action = written;
        bool transfers = false;
        if (written.size() > 1 && (written.back() == 'X' || written.back() == 'x')) {
            const std::string_view base = std::string_view(written).substr(0, written.size() - 1);
            if (named(base, kCashIn) || named(base, kCashOut)) {
                action = std::string(base);
                transfers = true;
            }
        }
        auto is = [&](std::initializer_list<std::string_view> names) {
            return named(action, std::span<const std::string_view>(names.begin(), names.size()));
        };
        const std::string security(sdk::trim(r.get('Y').value_or("")));
        bool ok = true;
        if (is({"Buy", "ReinvDiv", "ReinvInt", "ReinvLg", "ReinvSh", "ReinvMd", "Cover", "ShrsIn"}))
            ok = trade(r, account, written, security, +1, is({"ShrsIn"}));
        else if (is({"Sell", "ShtSell", "ShrsOut"}))
            ok = trade(r, account, written, security, -1, is({"ShrsOut"}));
        else
            ok = cashRecord(r, account, action, written, security, transfers);
        if (!ok || !transfers) return ok;
        return transfer(r, account, written, named(action, kCashIn));
    }

    // The cash side of an `…X` action (docs/decisions.md D66): `$` (else `T`) leaves the investment
    // account for the `L[Account]` one after cash came in, or comes from it to pay for a buy or
    // expense.
    bool transfer(const Record& r, const std::string& account, const std::string& action,
                  bool cashCameIn) {
        const CategoryField target = parseCategory(r.get('L').value_or(""));
        if (target.transfer.empty()) return true; // no account named: the cash stays here
        Out o(kTransactionFields);
        o.set("account", account);
        setDate(o, r, format_, s_.currentYear);
        const std::string raw = transferAmountText(r).value_or(amountText(r).value_or(""));
        auto amount = number(o, raw, s_, "amount", "Amount", true);
        if (amount && amount->scaled < 0) // the direction comes from the action, not the sign
            amount = sdk::Decimal{sdk::formatScaled(-amount->scaled, amount->fractionDigits),
                                  -amount->scaled, amount->fractionDigits};
        o.set("amount", amount ? amount->text : raw);
        // Engine sign: money leaving this account is positive.
        if (amount) o.set("signed_amount", cashCameIn ? amount->text : negatedText(*amount));
        setCurrency(o, s_);
        o.set("name", (cashCameIn ? "Transfer to " : "Transfer from ") + target.transfer);
        o.set("category", "");
        o.set("tags", "");
        o.set("notes", std::string(sdk::trim(r.get('M').value_or(""))));
        o.set("entity_type", action);
        o.set("transfer_account", target.transfer);
        return emit_.emit("transaction", o, r.line);
    }

    bool cashRecord(const Record& r, const std::string& account, const std::string& action,
                    const std::string& written, const std::string& security, bool transfers) {
        auto is = [&](std::initializer_list<std::string_view> names) {
            for (std::string_view n : names)
                if (sdk::equalsIgnoreCase(action, n)) return true;
            return false;
        };
        const std::string payee(sdk::trim(r.get('P').value_or("")));
        const std::string memo(sdk::trim(r.get('M').value_or("")));
        auto withSecurity = [&](const std::string& base) {
            return security.empty() ? base : base + ": " + security;
        };
        std::string name;
        int sign = +1; // engine sign factor applied to T (inflow → −T)
        bool signedAsWritten = false;
        // docs/decisions.md D66: CGLong, CGShort, CGMid, Div and IntInc are income.
        if (is({"Div"})) {
            name = withSecurity("Dividend");
            sign = -1;
        } else if (is({"IntInc"})) {
            name = withSecurity("Interest");
            sign = -1;
        } else if (is({"XIn"})) {
            name = "Cash Transfer In";
            sign = -1;
        } else if (is({"CGLong"})) {
            name = withSecurity("Capital Gain (Long)");
            sign = -1;
        } else if (is({"CGShort"})) {
            name = withSecurity("Capital Gain (Short)");
            sign = -1;
        } else if (is({"CGMid"})) {
            name = withSecurity("Capital Gain (Mid)");
            sign = -1;
        } else if (is({"RtrnCap"})) {
            name = withSecurity("Return of Capital");
            sign = -1;
        } else if (is({"MiscInc"})) {
            name = memo.empty() ? "Miscellaneous Income" : memo;
            sign = -1;
        } else if (is({"XOut"})) {
            name = "Cash Transfer Out";
        } else if (is({"MiscExp"})) {
            name = memo.empty() ? "Miscellaneous Expense" : memo;
        } else if (is({"MargInt"})) {
            name = withSecurity("Margin Interest");
        } else if (is({"Cash"})) {
            // Quicken's plain cash line: T is signed as in a bank register (+ = money in).
            name = "Cash";
            signedAsWritten = true;
        } else {
            // Other actions (StkSplit, Reminder, …) move no cash unless they carry a total.
            if (!amountText(r)) return true;
            name = action.empty() ? "Imported item" : action;
        }
        if (!payee.empty()) name = payee;
        Out o(kTransactionFields);
        o.set("account", account);
        setDate(o, r, format_, s_.currentYear);
        std::string raw = amountText(r).value_or("");
        // docs/decisions.md D94: a plain Cash line without T or U (quiffen's `NCash`) moves no
        // money: kept as 0.00, and the import names its line, so the rest still publishes.
        if (is({"Cash"}) && sdk::isBlank(raw)) {
            raw = "0.00";
            emit_.warn("Line " + std::to_string(r.line) +
                       ": a Cash record without an amount (no T or U) was imported as 0.00");
        }
        auto amount = number(o, raw, s_, "amount", "Amount", true);
        o.set("amount", amount ? amount->text : raw);
        if (amount)
            o.set("signed_amount",
                  signedAsWritten || sign < 0 ? negatedText(*amount) : amount->text);
        setCurrency(o, s_);
        o.set("name", name);
        const CategoryField category = parseCategory(r.get('L').value_or(""));
        o.set("category", category.category);
        o.set("tags", category.tags);
        o.set("notes", memo);
        o.set("entity_type", written);
        // With `…X` the transfer is a record of its own (transfer()), not a mirror of this one.
        o.set("transfer_account", transfers ? "" : category.transfer);
        return emit_.emit("transaction", o, r.line);
    }

    bool trade(const Record& r, const std::string& account, const std::string& action,
               const std::string& security, int direction, bool noCash) {
        Out o(kTradeFields);
        o.set("account", account);
        setDate(o, r, format_, s_.currentYear);
        auto mapped = file_.tickers.find(security);
        const std::string ticker =
            sdk::toUpperAscii(mapped != file_.tickers.end() ? mapped->second : security);
        if (ticker.empty()) o.issue("required", "ticker", "Ticker is required");
        o.set("ticker", ticker);
        o.set("exchange_operating_mic", "");
        const std::string qtyRaw = r.get('Q').value_or("");
        auto qty = number(o, qtyRaw, s_, "qty", "Qty", true);
        std::optional<sdk::Decimal> price;
        const std::string priceRaw = r.get('I').value_or("");
        if (noCash)
            price = sdk::Decimal{"0", 0, 0}; // docs/decisions.md D16: share moves carry no cash
        else
            price = number(o, priceRaw, s_, "price", "Price", true);
        o.set("price", price ? price->text : priceRaw);
        const std::string totalRaw = amountText(r).value_or("");
        std::optional<sdk::Decimal> total;
        if (!noCash && !sdk::isBlank(totalRaw))
            total = number(o, totalRaw, s_, "amount", "Amount", false);
        o.set("amount", total ? total->text : (noCash ? "0" : totalRaw));
        setCurrency(o, s_);
        std::optional<sdk::Decimal> signedQty;
        if (qty) {
            const std::int64_t magnitude = qty->scaled < 0 ? -qty->scaled : qty->scaled;
            signedQty = sdk::Decimal{"", direction * magnitude, qty->fractionDigits};
            signedQty->text = qtyText(*signedQty);
            o.set("qty", signedQty->text);
            o.set("signed_qty", signedQty->text);
            o.set("name", std::string(direction > 0 ? "Buy " : "Sell ") +
                              qtyText(sdk::Decimal{"", magnitude, qty->fractionDigits}) +
                              " shares of " + ticker);
        } else {
            o.set("qty", qtyRaw);
            o.set("name", action);
        }
        // Engine sign: a buy is money out (+T), a sell money in (−T); without T, price × qty.
        if (noCash) {
            o.set("signed_amount", "0");
        } else if (total) {
            const std::int64_t magnitude = total->scaled < 0 ? -total->scaled : total->scaled;
            o.set("signed_amount", sdk::formatScaled(direction * magnitude, total->fractionDigits));
        } else if (signedQty && price) {
            // docs/decisions.md D66: a Buy without T costs Q×I+O (a sell brings Q×I−O).
            std::optional<sdk::Decimal> fee;
            if (const std::string feeRaw = r.get('O').value_or(""); !sdk::isBlank(feeRaw))
                fee = number(o, feeRaw, s_, "amount", "Commission", false);
            const std::int64_t feeScaled = fee ? (fee->scaled < 0 ? -fee->scaled : fee->scaled) : 0;
            const auto p = sdk::multiplyScaled(price->scaled, signedQty->scaled);
            const auto cost = p ? sdk::addScaled(*p, feeScaled) : std::nullopt;
            if (cost) {
                const int digits =
                    std::min(8, std::max(price->fractionDigits + signedQty->fractionDigits,
                                         fee ? fee->fractionDigits : 0));
                o.set("signed_amount", sdk::formatScaled(*cost, digits));
                o.set("amount", sdk::formatScaled(*cost < 0 ? -*cost : *cost, digits));
            } else {
                o.issue("invalid_number", "signed_amount", "Price times quantity is out of range");
            }
        }
        return emit_.emit("trade", o, r.line);
    }

    Emitter& emit_;
    const QifFile& file_;
    const QifSettings& s_;
    const std::string& format_;
};

} // namespace

fi_run_status emitRecords(const QifFile& file, const QifSettings& settings,
                          const std::string& dateFormat, Records& out) {
    Emitter emit(out);
    SectionWriter writer(emit, file, settings, dateFormat);
    for (const Section& section : file.sections) {
        const std::string account =
            section.accountName.empty() ? defaultAccountName(section) : section.accountName;
        if (section.kind == SectionKind::Bank && !writer.bank(section, account))
            return FI_RUN_STOPPED;
        if (section.kind == SectionKind::Investment && !writer.investment(section, account))
            return FI_RUN_STOPPED;
        if (section.kind == SectionKind::Category && !writer.categories(section))
            return FI_RUN_STOPPED;
    }
    if (!emit.sendWarnings()) return FI_RUN_STOPPED;
    Out meta(kMetaFields);
    meta.set("date_format", dateFormat);
    if (!emit.emit("meta", meta, 0)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

} // namespace finimport::qif
