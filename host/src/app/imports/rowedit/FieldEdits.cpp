#include "app/imports/rowedit/FieldEdits.h"

#include "app/imports/rowedit/SignedValues.h"
#include "app/rows/RecordKinds.h"
#include "domain/Date.h"
#include "domain/Text.h"
#include "domain/TextFormats.h"

#include <algorithm>

namespace finimport::app {

namespace {

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
        if (rows::recordKind(kind).isRequired(field))
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

bool recomputes(const rows::RecordKind& table, const rows::Fields& edits) {
    for (const auto& [name, value] : edits)
        if (table.recomputesOn(name)) return true;
    return false;
}

void dropErrorsOf(std::vector<RowMessage>& errors, const std::string& field) {
    errors.erase(std::remove_if(errors.begin(), errors.end(),
                                [&](const RowMessage& m) { return m.field && *m.field == field; }),
                 errors.end());
}

} // namespace

std::optional<std::string> fieldEditRefusal(const std::string& kind, const rows::Fields& fields,
                                            const std::string& name) {
    const rows::RecordKind& table = rows::recordKind(kind);
    if (table.isLocked(name) && fields.has(name)) return "Field " + name + " cannot be edited";
    if (!table.isEditable(name) || !fields.has(name)) return "Unknown field " + name;
    return std::nullopt;
}

void applyFieldEdits(const std::string& kind, const rows::Fields& edits, rows::Fields& fields,
                     std::vector<RowMessage>& errors) {
    const rows::Fields before = fields;
    for (const auto& [name, raw] : edits) {
        dropErrorsOf(errors, name);
        fields.set(name, checkedValue(kind, name, raw, errors));
    }
    // A currency the client names is given (docs/decisions.md D4: not replaced by the account's).
    if (edits.has("currency") && fields.has("currency_given"))
        fields.set("currency_given", fields.blank("currency") ? "false" : "true");

    // The engine-sign twins the kind's table lists (rows/RecordKinds.h), in its order: each
    // keeps the relation the row had with its file-sign value (SignedValues.h).
    const rows::RecordKind& table = rows::recordKind(kind);
    if (!recomputes(table, edits)) return;
    for (const rows::SignedField& twin : table.signedFields) {
        const std::string name(twin.name);
        dropErrorsOf(errors, name);
        if (!fields.has(name)) continue;
        if (twin.plain.empty())
            fields.set(name, keptTradeCash(before, fields, errors));
        else
            fields.set(name, keptSignedValue(before, fields, std::string(twin.plain).c_str(),
                                             name.c_str(), twin.defaultSign, errors));
    }
}

} // namespace finimport::app
