#include "app/ledger/TransactionPatch.h"

#include "app/rules/RuleModel.h"
#include "domain/Decimal.h"
#include "domain/Text.h"
#include "domain/Uuid.h"

#include <algorithm>
#include <cctype>

namespace finimport::app::ledger {

namespace {

using Kind = PatchValue::Kind;

// Bounds of docs/decisions.md D88: a name or notes as long as a row value may be at upload, and
// a tag set far beyond any real one (each id is one parameter of the family check).
constexpr size_t kMaxTextBytes = 65536;
constexpr size_t kMaxTags = 1000;

bool blank(const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c) != 0; });
}

// The member, or nullptr when absent; `null` counts as present (its meaning is the field's).
const PatchValue* field(const std::map<std::string, PatchValue>& fields, const std::string& name) {
    auto it = fields.find(name);
    return it == fields.end() ? nullptr : &it->second;
}

bool isScalarText(const PatchValue& v) {
    return v.kind == Kind::String || v.kind == Kind::Number;
}

enum class AmountProblem { None, NotANumber, TooPrecise, OutOfRange };

AmountProblem readAmount(const std::string& text, int64_t& out) {
    size_t i = text[0] == '-' ? 1 : 0;
    const size_t intStart = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
        ++i;
    if (i == intStart) return AmountProblem::NotANumber;
    std::string digits = text.substr(0, i);
    if (i < text.size()) {
        if (text[i] != '.') return AmountProblem::NotANumber;
        const size_t fracStart = ++i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
        if (i == fracStart || i != text.size()) return AmountProblem::NotANumber;
        std::string fraction = text.substr(fracStart);
        while (!fraction.empty() && fraction.back() == '0') // trailing zeros are no precision
            fraction.pop_back();
        if (fraction.size() > static_cast<size_t>(domain::Decimal::kPlaces))
            return AmountProblem::TooPrecise;
        if (!fraction.empty()) digits += "." + fraction;
    }
    auto d = domain::Decimal::parse(digits);
    if (!d) return AmountProblem::OutOfRange;
    out = d->raw();
    return AmountProblem::None;
}

// An id field (`category_id`, `merchant_id`): nullopt = leave; a nullopt inside = clear.
std::optional<std::optional<std::string>>
readId(const PatchValue* v, const std::string& label,
       const std::function<bool(const std::string&)>& ofFamily, std::vector<std::string>& errors) {
    if (!v) return std::nullopt;
    if (v->kind == Kind::Null || (v->kind == Kind::String && v->text.empty()))
        return std::optional<std::string>();
    auto id = v->kind == Kind::String ? domain::canonicalUuid(v->text) : std::nullopt;
    if (!id) {
        errors.push_back(label + " must be a valid UUID");
    } else if (!ofFamily(*id)) {
        errors.push_back(label + " must belong to your family");
    } else {
        return std::optional<std::string>(*id);
    }
    return std::nullopt;
}

} // namespace

const std::vector<std::string>& patchFieldNames() {
    static const std::vector<std::string> names = {
        "name",    "description", "notes",       "date",
        "amount",  "nature",      "category_id", "merchant_id",
        "tag_ids", "excluded",    "currency",    "investment_activity_label"};
    return names;
}

std::optional<int64_t> parsePlainAmount(const std::string& text) {
    int64_t out = 0;
    if (text.empty() || readAmount(text, out) != AmountProblem::None) return std::nullopt;
    return out;
}

PatchPlan planPatch(const std::map<std::string, PatchValue>& fields, const PatchContext& ctx) {
    PatchPlan plan;
    auto& errors = plan.errors;
    auto& c = plan.changes;

    // name (alias description; name wins when both carry a value; null = no change).
    const PatchValue* name = field(fields, "name");
    if (!name || name->kind == Kind::Null) name = field(fields, "description");
    if (name && name->kind != Kind::Null) {
        if (name->kind != Kind::String)
            errors.push_back("Name must be a string");
        else if (blank(name->text))
            errors.push_back("Name can't be blank");
        else if (name->text.size() > kMaxTextBytes)
            errors.push_back("Name is too long (maximum is 65536 characters)");
        else
            c.name = name->text;
        plan.locks.push_back("name");
    }
    if (const PatchValue* notes = field(fields, "notes")) {
        if (notes->kind == Kind::Null || (notes->kind == Kind::String && notes->text.empty()))
            c.notes = std::optional<std::string>();
        else if (notes->kind == Kind::String && notes->text.size() > kMaxTextBytes)
            errors.push_back("Notes is too long (maximum is 65536 characters)");
        else if (notes->kind == Kind::String)
            c.notes = std::optional<std::string>(notes->text);
        else
            errors.push_back("Notes must be a string");
        plan.locks.push_back("notes");
    }
    if (const PatchValue* date = field(fields, "date"); date && date->kind != Kind::Null) {
        auto d = date->kind == Kind::String && date->text.size() == 10
                     ? domain::Date::parseIso(date->text)
                     : std::nullopt;
        // docs/decisions.md D1: today - 50 years < date <= today + 1 day.
        const domain::Date first = ctx.today.addYears(-50).addDays(1), last = ctx.today.addDays(1);
        if (!d)
            errors.push_back("Date is not a valid date");
        else if (*d < first || *d > last)
            errors.push_back("Date must be between " + first.iso() + " and " + last.iso());
        else
            c.date = d->iso();
    }
    std::optional<int64_t> amount;
    if (const PatchValue* a = field(fields, "amount"); a && a->kind != Kind::Null) {
        int64_t value = 0;
        AmountProblem problem = isScalarText(*a) && !a->text.empty() ? readAmount(a->text, value)
                                                                     : AmountProblem::NotANumber;
        if (problem == AmountProblem::NotANumber) errors.push_back("Amount is not a number");
        if (problem == AmountProblem::TooPrecise)
            errors.push_back("Amount has more than 8 decimal places");
        if (problem == AmountProblem::OutOfRange) errors.push_back("Amount is out of range");
        if (problem == AmountProblem::None) amount = value;
    }
    std::optional<std::string> nature;
    if (const PatchValue* n = field(fields, "nature"); n && n->kind != Kind::Null) {
        const std::string v = n->kind == Kind::String ? domain::toLowerAscii(n->text) : "";
        if (v == "income" || v == "inflow" || v == "expense" || v == "outflow")
            nature = v;
        else
            errors.push_back("Nature is not included in the list");
    }
    if (amount) {
        const int64_t magnitude = *amount < 0 ? -*amount : *amount;
        if (nature) amount = (*nature == "income" || *nature == "inflow") ? -magnitude : magnitude;
        c.amount = amount;
    }
    if (const PatchValue* v = field(fields, "category_id")) {
        c.categoryId = readId(v, "Category", ctx.categoryOfFamily, errors);
        plan.locks.push_back("category_id");
    }
    if (const PatchValue* v = field(fields, "merchant_id")) {
        c.merchantId = readId(v, "Merchant", ctx.merchantOfFamily, errors);
        plan.locks.push_back("merchant_id");
    }
    if (const PatchValue* v = field(fields, "tag_ids")) {
        plan.locks.push_back("tag_ids");
        if (v->kind == Kind::Null) {
            c.tagIds = std::vector<std::string>();
        } else {
            std::vector<std::string> ids;
            bool valid = v->kind == Kind::Array;
            for (const auto& item : v->items) {
                auto id =
                    item.kind == Kind::String ? domain::canonicalUuid(item.text) : std::nullopt;
                if (!id) valid = false;
                if (id) ids.push_back(*id);
            }
            if (!valid)
                errors.push_back("Tag ids must be an array of UUIDs");
            else if (v->items.size() > kMaxTags)
                errors.push_back("Tag ids are too many (maximum is 1000)");
            else if (!ctx.tagsOfFamily(ids))
                errors.push_back("Tags must belong to your family");
            else
                c.tagIds = ids;
        }
    }
    if (const PatchValue* v = field(fields, "excluded"); v && v->kind != Kind::Null) {
        const std::string t = domain::toLowerAscii(v->text);
        if ((v->kind == Kind::Bool || v->kind == Kind::String) && (t == "true" || t == "false"))
            c.excluded = t == "true";
        else
            errors.push_back("Excluded must be true or false");
        plan.locks.push_back("excluded");
    }
    // docs/rules.md §11.3: one of the rule labels; null or "" clears.
    if (const PatchValue* v = field(fields, "investment_activity_label")) {
        if (v->kind == Kind::Null || (v->kind == Kind::String && v->text.empty()))
            c.activityLabel = std::optional<std::string>();
        else if (v->kind == Kind::String && rules::isActivityLabel(v->text))
            c.activityLabel = std::optional<std::string>(v->text);
        else
            errors.push_back("Investment activity label is not included in the list");
        plan.locks.push_back("investment_activity_label");
    }
    if (const PatchValue* v = field(fields, "currency"); v && v->kind != Kind::Null) {
        std::string upper = v->text;
        for (char& ch : upper)
            ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        if (v->kind != Kind::String || upper != ctx.currency)
            errors.push_back("Currency cannot be changed");
    }
    // Split rows: a value equal to the current one is no change.
    const bool moves = (c.amount && *c.amount != ctx.amount) || (c.date && *c.date != ctx.date);
    if (ctx.split.child && moves)
        errors.push_back("Amount and date of a split child cannot be changed");
    if (ctx.split.parent && moves)
        errors.push_back("Amount and date of a split parent cannot be changed");
    if (ctx.split.parent && c.excluded && !*c.excluded)
        errors.push_back("Excluded cannot be turned off for a split parent");
    return plan;
}

} // namespace finimport::app::ledger
