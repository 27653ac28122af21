#include "app/imports/StatementBook.h"

#include "app/imports/MessageCap.h"
#include "app/imports/RowValidation.h"
#include "domain/Decimal.h"
#include "domain/Json.h"
#include "domain/Text.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <charconv>

#include <sstream>

namespace finimport::app {

namespace {

// The last `n` code points of a UTF-8 text.
std::string lastCodePoints(const std::string& text, int n) {
    std::size_t at = text.size();
    while (at > 0 && n > 0) {
        --at;
        if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80) --n;
    }
    return text.substr(at);
}

std::optional<std::string> optString(const json::Value& o, const std::string& key) {
    const json::Value* v = o.find(key);
    if (v == nullptr || v->isNull() || v->isArray() || v->isObject()) return std::nullopt;
    return v->text();
}

} // namespace

std::string statementAccountName(const std::string& kind, const std::string& key) {
    const char* label = kind == "credit_card"  ? "Credit Card"
                        : kind == "investment" ? "Investment"
                                               : "Depository";
    return std::string(label) + " \u2022\u2022" + lastCodePoints(domain::trim(key), 4);
}

std::string statementAccountType(const std::string& kind) {
    return kind == "credit_card" || kind == "investment" ? kind : "depository";
}

bool StatementBook::addStatement(const CollectedRow& row) {
    StatementInfo s;
    s.id = row.fields.nonBlank("statement_id").value_or(std::to_string(_statements.size() + 1));
    s.key = row.fields.nonBlank("account");
    s.kind = statementAccountType(row.fields.nonBlank("account_kind").value_or("depository"));
    s.currency = row.fields.nonBlank("currency");
    s.openingBalance = row.fields.nonBlank("opening_balance");
    s.openingDate = row.fields.nonBlank("opening_date");
    s.closingBalance = row.fields.nonBlank("closing_balance");
    s.closingDate = row.fields.nonBlank("closing_date");
    if (_statements.size() >= kMaxStatements) return false;
    // A statement's own unreadable values (e.g. its closing balance) are not a row's errors.
    for (const auto& e : row.errors)
        if (_warnings.size() < kMaxWarnings)
            _warnings.push_back("Statement " + s.id + ": " + e.message);
        else
            ++_warningsNotListed;
    _byId[s.id] = _statements.size();
    _statements.push_back(std::move(s));
    return true;
}

void StatementBook::addWarning(const CollectedRow& row) {
    auto message = row.fields.nonBlank("message");
    if (!message) return;
    if (_warnings.size() < kMaxWarnings)
        _warnings.push_back(*message);
    else
        ++_warningsNotListed;
}

void StatementBook::addMessage(std::string message) {
    if (_warnings.size() < kMaxWarnings)
        _warnings.push_back(std::move(message));
    else
        ++_warningsNotListed;
}

void StatementBook::annotate(CollectedRow& row, const std::string& defaultCurrency) {
    StatementInfo* statement = nullptr;
    if (auto id = row.fields.nonBlank("statement_id"))
        if (auto it = _byId.find(*id); it != _byId.end()) statement = &_statements[it->second];
    if (!statement && !_statements.empty()) statement = &_statements.back();
    const auto key = row.fields.nonBlank("account");
    const std::string kind = statement ? statement->kind : "depository";
    if (statement) ++statement->entries;
    row.fields.set("account_key", key);
    row.fields.set("account_kind", kind);
    if (key) row.fields.set("account", statementAccountName(kind, *key));
    // docs/decisions.md D58: no stated currency → the target account's, else the family's (the
    // plugin warned).
    if (!row.fields.nonBlank("currency")) row.fields.set("currency", defaultCurrency);
}

std::optional<std::string> reconcileTotals(const std::string& label, const std::string& opening,
                                           const std::string& closing, int64_t entrySum) {
    const auto open = domain::Decimal::parse(opening), close = domain::Decimal::parse(closing);
    std::int64_t made = 0, difference = 0;
    if (!open || !close || __builtin_add_overflow(open->raw(), entrySum, &made) ||
        __builtin_sub_overflow(close->raw(), made, &difference) || difference == 0)
        return std::nullopt;
    auto money = [](std::int64_t raw) {
        const auto d = domain::Decimal::fromRaw(raw);
        // Cents unless the file wrote finer digits.
        return d.rounded(2) == d ? d.toFixed(2) : d.toString(2);
    };
    return label + ": opening " + money(open->raw()) + " + entries " + money(entrySum) + " = " +
           money(made) + ", but the statement states " + money(close->raw());
}

void EntryTotal::add(const CollectedRow& row) {
    const auto amount = row.fields.nonBlank("amount");
    const auto value = amount ? domain::Decimal::parse(*amount) : std::nullopt;
    std::int64_t sum = 0;
    if (!value || !_sum || __builtin_add_overflow(*_sum, value->raw(), &sum))
        _sum.reset();
    else
        _sum = sum;
}

std::optional<std::string> EntryTotal::reconcile(const std::vector<CollectedRow>& metaRows) const {
    if (!_sum) return std::nullopt;
    std::optional<std::string> opening, closing;
    for (const auto& row : metaRows) {
        if (auto v = row.fields.nonBlank("opening_balance")) opening = v;
        if (auto v = row.fields.nonBlank("closing_balance")) closing = v;
    }
    if (!opening || !closing) return std::nullopt;
    return reconcileTotals("The statement", *opening, *closing, *_sum);
}

bool StatementBook::fitsAccount(const store::AccountRow& account) const {
    const std::string type = account.accountType.value_or("");
    for (const auto& s : _statements)
        if (s.entries > 0 && s.kind != type) return false;
    return true;
}

std::string StatementBook::warningsJson() const {
    Poco::JSON::Array array;
    for (const auto& w : _warnings)
        array.add(w);
    if (_warningsNotListed > 0) array.add(notListedLine(_warningsNotListed, "warnings"));
    std::ostringstream out;
    array.stringify(out);
    return out.str();
}

std::string StatementBook::toExtractedJson(const std::optional<std::string>& extracted) const {
    using json::Value;
    Value root = Value::makeObject();
    if (extracted && !extracted->empty()) // not an object (not ours): replaced
        if (auto parsed = json::parse(*extracted); parsed.value && parsed.value->isObject())
            root = std::move(*parsed.value);
    const auto text = [](const std::optional<std::string>& v) {
        return v ? Value::makeString(*v) : Value();
    };
    Value list = Value::makeArray();
    for (const auto& s : _statements) {
        Value o = Value::makeObject();
        o.set("statement_id", Value::makeString(s.id));
        o.set("account", text(s.key));
        o.set("account_kind", Value::makeString(s.kind));
        o.set("currency", text(s.currency));
        o.set("opening_balance", text(s.openingBalance));
        o.set("opening_date", text(s.openingDate));
        o.set("closing_balance", text(s.closingBalance));
        o.set("closing_date", text(s.closingDate));
        o.set("entries", Value::makeNumber(std::to_string(s.entries)));
        list.push(std::move(o));
    }
    root.set("statements", std::move(list));
    return json::write(root);
}

std::vector<StatementInfo>
StatementBook::fromExtractedJson(const std::optional<std::string>& stored) {
    std::vector<StatementInfo> out;
    if (!stored || stored->empty()) return out;
    {
        auto root = json::parse(*stored);
        const json::Value* list =
            root.value ? root.value->find("statements", json::Value::Kind::Array) : nullptr;
        if (!list) return out;
        for (const json::Value& o : list->items()) {
            if (!o.isObject()) continue;
            StatementInfo s;
            s.id = optString(o, "statement_id").value_or("");
            s.key = optString(o, "account");
            s.kind = optString(o, "account_kind").value_or("depository");
            s.currency = optString(o, "currency");
            s.openingBalance = optString(o, "opening_balance");
            s.openingDate = optString(o, "opening_date");
            s.closingBalance = optString(o, "closing_balance");
            s.closingDate = optString(o, "closing_date");
            if (auto entries = optString(o, "entries"))
                std::from_chars(entries->data(), entries->data() + entries->size(), s.entries);
            out.push_back(std::move(s));
        }
    }
    return out;
}

} // namespace finimport::app
