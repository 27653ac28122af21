#include "app/imports/rowedit/FieldEdits.h"

#include "app/imports/rowedit/SignedValues.h"
#include "domain/Date.h"
#include "domain/Text.h"
#include "domain/TextFormats.h"

#include <algorithm>
#include <set>

namespace finimport::app {

namespace {

// The fields of the rows endpoint (ImportRowsHandler) a client may change.
const std::set<std::string>& editableFields() {
    static const std::set<std::string> names = {
        "account", "date",        "qty",      "ticker", "exchange_operating_mic",
        "price",   "amount",      "currency", "name",   "category",
        "tags",    "entity_type", "notes"};
    return names;
}

const std::set<std::string>& ruleFields() {
    static const std::set<std::string> names = {"active", "effective_date", "conditions",
                                                "actions"};
    return names;
}

void setField(RowFields& fields, const std::string& name, std::optional<std::string> value) {
    for (auto& [k, v] : fields)
        if (k == name) {
            v = std::move(value);
            return;
        }
}

bool required(const std::string& kind, const std::string& field) {
    if (kind == "transaction") return field == "date" || field == "amount";
    if (kind == "trade")
        return field == "date" || field == "ticker" || field == "qty" || field == "price";
    if (kind == "account") return field == "name" || field == "amount";
    return field == "name"; // categories, merchants, rules
}

std::string labelOf(const std::string& field) {
    if (field == "qty") return "Qty";
    std::string label = field;
    std::replace(label.begin(), label.end(), '_', ' ');
    label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
    return label;
}

void addError(std::vector<RowMessage>& errors, const char* code, const std::string& field,
              std::string message) {
    errors.push_back(RowMessage{code, field, std::move(message)});
}

// One edited value: the canonical text to store (or the raw text when invalid) and its errors.
std::optional<std::string> checkedValue(const std::string& kind, const std::string& field,
                                        const std::optional<std::string>& raw,
                                        std::vector<RowMessage>& errors) {
    const std::string text = raw.value_or("");
    if (domain::isBlank(text)) {
        if (required(kind, field))
            addError(errors, "required", field, labelOf(field) + " is required");
        return field == "date" || field == "amount" || field == "qty" || field == "price"
                   ? std::optional<std::string>("")
                   : raw;
    }
    if (field == "date") {
        if (auto d = domain::Date::parseIso(text)) return d->iso();
        addError(errors, "invalid_date", field, "Date must exactly match the format: %Y-%m-%d");
        return text;
    }
    if (field == "amount" || field == "qty" || field == "price") {
        // docs/decisions.md D56: canonical decimals; grouping and decorations of D41 are read as at
        // upload.
        auto r = domain::parseDecimal(text, domain::NumberFormat::CommaDot);
        if (r.value) return r.value->text;
        addError(errors, "invalid_number", field,
                 domain::decimalErrorMessage(r.error, labelOf(field), text,
                                             domain::NumberFormat::CommaDot));
        return text;
    }
    if (field == "currency" || field == "ticker") {
        std::string upper = text;
        for (auto& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return upper;
    }
    return text;
}

bool touches(const FieldEditList& edits, std::initializer_list<const char*> names) {
    for (const auto& [name, value] : edits)
        for (const char* n : names)
            if (name == n) return true;
    return false;
}

void dropErrorsOf(std::vector<RowMessage>& errors, const std::string& field) {
    errors.erase(std::remove_if(errors.begin(), errors.end(),
                                [&](const RowMessage& m) { return m.field && *m.field == field; }),
                 errors.end());
}

} // namespace

std::optional<std::string> fieldEditRefusal(const RowFields& fields, const std::string& name) {
    if (ruleFields().count(name) && findField(fields, name))
        return "Field " + name + " cannot be edited";
    if (!editableFields().count(name) || !findField(fields, name)) return "Unknown field " + name;
    return std::nullopt;
}

void applyFieldEdits(const std::string& kind, const FieldEditList& edits, RowFields& fields,
                     std::vector<RowMessage>& errors) {
    const RowFields before = fields;
    for (const auto& [name, raw] : edits) {
        dropErrorsOf(errors, name);
        setField(fields, name, checkedValue(kind, name, raw, errors));
    }
    // A currency the client names is given (docs/decisions.md D4: not replaced by the account's).
    if (touches(edits, {"currency"}) && findField(fields, "currency_given"))
        setField(fields, "currency_given",
                 domain::isBlank(fieldText(fields, "currency")) ? "false" : "true");

    // records.md defaults: a transaction's file sign is positive for money in (the engine's is
    // positive for money out); a quantity's is positive for a buy; a balance is a level.
    if (kind == "transaction" && findField(fields, "signed_amount") && touches(edits, {"amount"})) {
        dropErrorsOf(errors, "signed_amount");
        setField(fields, "signed_amount",
                 keptSignedValue(before, fields, "amount", "signed_amount", -1, errors));
    }
    if (kind == "trade" && touches(edits, {"qty", "price"})) {
        dropErrorsOf(errors, "signed_qty");
        dropErrorsOf(errors, "signed_amount");
        if (findField(fields, "signed_qty"))
            setField(fields, "signed_qty",
                     keptSignedValue(before, fields, "qty", "signed_qty", 1, errors));
        if (findField(fields, "signed_amount"))
            setField(fields, "signed_amount", keptTradeCash(before, fields, errors));
    }
    if (kind == "account" && findField(fields, "signed_amount") && touches(edits, {"amount"})) {
        dropErrorsOf(errors, "signed_amount");
        setField(fields, "signed_amount",
                 keptSignedValue(before, fields, "amount", "signed_amount", 1, errors));
    }
}

} // namespace finimport::app
