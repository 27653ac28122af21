// The parts QifRows.cpp builds its records from: the field list of each record kind, a record
// being built (Out), the Emitter that numbers and sends records, and the field setters shared by
// the bank and investment sections. Internal to the QIF plugin.
#ifndef FINIMPORT_QIF_RECORD_PARTS_H
#define FINIMPORT_QIF_RECORD_PARTS_H

#include "QifModel.h"
#include "QifRows.h"

#include "finimport/decimal.hpp"
#include "finimport/plugin.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::qif::parts {

inline constexpr const char* kTransactionFields[] = {
    "account", "date",        "amount",        "currency",        "name", "category", "tags",
    "notes",   "entity_type", "signed_amount", "transfer_account"};
inline constexpr const char* kSplitFields[] = {
    "parent_record", "account", "date",  "amount",        "currency",        "name",
    "category",      "tags",    "notes", "signed_amount", "transfer_account"};
inline constexpr const char* kOpeningFields[] = {"account", "date", "amount", "currency", "name"};
inline constexpr const char* kTradeFields[] = {
    "account",  "date", "ticker",     "exchange_operating_mic", "qty", "price", "amount",
    "currency", "name", "signed_qty", "signed_amount"};
inline constexpr const char* kCategoryFields[] = {"name", "category_parent"};
inline constexpr const char* kMetaFields[] = {"date_format"};

struct Issue {
    std::string code, field, message, raw;
};

// A record being built: named values plus its issues.
struct Out {
    std::span<const char* const> fields;
    Row row;
    std::vector<Issue> issues;
    explicit Out(std::span<const char* const> f) : fields(f), row(f.size()) {}

    void set(std::string_view name, std::string value) {
        for (std::size_t i = 0; i < fields.size(); ++i)
            if (name == fields[i]) {
                row.set(i, std::move(value));
                return;
            }
    }
    void issue(std::string code, std::string field, std::string message, std::string raw = {}) {
        issues.push_back({std::move(code), std::move(field), std::move(message), std::move(raw)});
    }
};

// Emits records, opening a new `begin` whenever the kind changes; numbers records from 1.
class Emitter {
public:
    explicit Emitter(Records& out) : out_(out) {}

    std::uint64_t next() const { return count_ + 1; }

    // A line for the import's `warnings`, sent after the records (it is no record of its own).
    void warn(std::string message) { warnings_.push_back(std::move(message)); }
    bool sendWarnings() {
        static constexpr FieldList kWarningFields{"message"};
        if (warnings_.empty()) return true;
        kind_ = "warning";
        if (!out_.begin("warning", kWarningFields)) return false;
        for (const std::string& w : warnings_) {
            Row row(kWarningFields.size());
            row.set(kWarningFields["message"], w);
            if (!out_.row(row, Location{0, 0})) return false;
        }
        return true;
    }

    bool emit(const char* kind, const Out& record, std::uint64_t line) {
        if (kind_ != kind) {
            kind_ = kind;
            if (!out_.begin(kind, record.fields)) return false;
        }
        const Location where{++count_, line};
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
    std::vector<std::string> warnings_;
};

std::string negatedText(const sdk::Decimal& v);
// A number field; issues use the docs/decisions.md D5 messages with `label`.
std::optional<sdk::Decimal> number(Out& out, std::string_view raw, const QifSettings& s,
                                   const char* field, const char* label, bool required);
void setDate(Out& out, const Record& r, const std::string& format, int currentYear);
std::optional<std::string> amountText(const Record& r);
// Investment actions that bring cash into the account, and those that take it out
// (docs/decisions.md D66).
inline constexpr std::string_view kCashIn[] = {"Sell", "ShtSell", "CGLong",  "CGShort", "CGMid",
                                               "Div",  "IntInc",  "MiscInc", "RtrnCap"};
inline constexpr std::string_view kCashOut[] = {"Buy", "Cover", "MiscExp", "MargInt"};
bool named(std::string_view action, std::span<const std::string_view> names);
// `$` in an investment record is the amount an `…X` action transfers (docs/decisions.md D66); the
// reader files every `$` line as a split amount.
std::optional<std::string> transferAmountText(const Record& r);
void setCurrency(Out& out, const QifSettings& s);

} // namespace finimport::qif::parts

#endif // FINIMPORT_QIF_RECORD_PARTS_H
