#include "app/recurring/RecurringService.h"

#include "app/recurring/NumberText.h"
#include "domain/Currency.h"
#include "domain/Date.h"
#include "domain/Text.h"
#include "domain/Uuid.h"

#include <algorithm>

namespace finimport::app {

namespace {

using Fields = std::map<std::string, FieldValue>;
using Status = NumberRead::Status;

const char* kInvalidMessage = "Recurring transaction could not be created";

Error notFound() {
    return Error{ErrorKind::NotFound, "record_not_found", "The requested resource was not found",
                 std::nullopt};
}

// The field's value as text when it is a scalar (null, arrays and objects count as absent:
// the reference's strong parameters drop non-scalars).
std::optional<std::string> scalar(const Fields& f, const std::string& name) {
    auto it = f.find(name);
    if (it == f.end() || !it->second.isScalar()) return std::nullopt;
    return it->second.text;
}

bool presentNonBlank(const Fields& f, const std::string& name) {
    auto v = scalar(f, name);
    return v && !domain::isBlank(*v);
}

// Optional money field: absent/null/blank → nullopt; else a number rounded to 4 places.
std::optional<int64_t> optionalAmount(const Fields& f, const std::string& name, const char* label,
                                      std::vector<std::string>& errors) {
    auto v = scalar(f, name);
    if (!v || domain::isBlank(*v)) return std::nullopt;
    NumberRead n = readNumber(*v, 4);
    if (n.status == Status::NotANumber)
        errors.push_back(std::string(label) + " is not a number");
    else if (n.status == Status::OutOfRange)
        errors.push_back(std::string(label) + " is out of range");
    else
        return n.value.raw();
    return std::nullopt;
}

void checkDate(const Fields& f, const std::string& name, const char* label, std::string& out,
               std::vector<std::string>& errors) {
    auto v = scalar(f, name);
    if (!v || domain::isBlank(*v)) {
        errors.push_back(std::string(label) + " can't be blank");
        return;
    }
    auto d = domain::Date::parseIso(*v);
    if (!d) {
        errors.push_back(std::string(label) + " is not a valid date");
        return;
    }
    out = d->iso();
}

// Rails' boolean cast: false/0/"0"/"f"/"false"/"off" (any case of those) are false; blank and
// null mean the default (true); anything else is true.
bool manualFlag(const Fields& f) {
    auto v = scalar(f, "manual");
    if (!v || domain::isBlank(*v)) return true;
    std::string l = *v;
    std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return std::tolower(c); });
    return !(l == "false" || l == "0" || l == "f" || l == "off");
}

} // namespace

RecurringResult RecurringService::create(const std::string& familyId,
                                         const std::optional<Fields>& given) {
    if (!given || given->empty())
        return Error{ErrorKind::Invalid, "validation_failed",
                     "param is missing or the value is empty or invalid: recurring_transaction",
                     std::nullopt};
    const Fields& f = *given;
    RecurringView view;
    store::RecurringRow& rec = view.record;
    rec.familyId = familyId;

    // Steps 3 and 4: account and merchant must be usable, else the same 404.
    // False when the field is given and names no record of the family (`byId` reads one).
    auto found = [&](const char* key, auto& record, const auto& byId) {
        if (!presentNonBlank(f, key)) return true;
        if (auto id = domain::canonicalUuid(*scalar(f, key))) record = byId(*id);
        return record.has_value();
    };
    bool missing = false;
    _db.read([&](store::Tx& s) {
        missing = !found("account_id", view.account, [&](const std::string& id) {
            return store::AccountStore(s).byId(familyId, id);
        }) || !found("merchant_id", view.merchant, [&](const std::string& id) {
            return store::TaxonomyStore(s).merchantById(familyId, id);
        });
    });
    if (missing) return notFound();
    if (view.account) rec.accountId = view.account->id;
    if (view.merchant) rec.merchantId = view.merchant->id;

    // Step 5: an explicit status outside the list (blank is a record validation below).
    auto status = scalar(f, "status");
    if (status && !status->empty() && *status != "active" && *status != "inactive")
        return Error{ErrorKind::Invalid, "validation_failed",
                     "'" + *status + "' is not a valid status", std::nullopt};

    // Record validation, every failing rule in the order of docs/decisions.md D25.
    std::vector<std::string> errors;
    auto amount = scalar(f, "amount");
    if (!amount || domain::isBlank(*amount)) {
        errors.push_back("Amount can't be blank");
    } else {
        NumberRead n = readNumber(*amount, 4);
        if (n.status == Status::NotANumber)
            errors.push_back("Amount is not a number");
        else if (n.status == Status::OutOfRange)
            errors.push_back("Amount is out of range");
        else
            rec.amount = n.value.raw();
    }

    auto currency = scalar(f, "currency");
    if (!currency || domain::isBlank(*currency)) {
        errors.push_back("Currency can't be blank");
    } else if (const domain::Currency* c = domain::findCurrency(*currency)) {
        rec.currency = std::string(c->code); // docs/decisions.md D3: stored upper-cased
    } else {
        errors.push_back("Currency is not a valid currency code");
    }

    auto day = scalar(f, "expected_day_of_month");
    if (!day || domain::isBlank(*day)) {
        errors.push_back("Expected day of month can't be blank");
        errors.push_back("Expected day of month is not a number");
    } else {
        NumberRead n = readNumber(*day, 8);
        if (n.status != Status::Ok) {
            errors.push_back("Expected day of month is not a number");
        } else if (n.value <= domain::Decimal()) {
            errors.push_back("Expected day of month must be greater than 0");
        } else if (n.value > domain::Decimal::fromInt(31)) {
            errors.push_back("Expected day of month must be less than or equal to 31");
        } else {
            rec.expectedDayOfMonth = n.value.raw() / domain::Decimal::kScale; // 15.7 → 15
        }
    }

    checkDate(f, "last_occurrence_date", "Last occurrence date", rec.lastOccurrenceDate, errors);
    checkDate(f, "next_expected_date", "Next expected date", rec.nextExpectedDate, errors);

    if (f.count("status")) {
        if (!status || status->empty()) {
            errors.push_back("Status can't be blank");
            errors.push_back("Status is not included in the list");
        } else {
            rec.status = *status;
        }
    }

    if (f.count("occurrence_count")) {
        auto count = scalar(f, "occurrence_count");
        NumberRead n = count ? readNumber(*count, 8) : NumberRead{};
        if (n.status != Status::Ok)
            errors.push_back("Occurrence count is not a number");
        else if (n.hasFraction)
            errors.push_back("Occurrence count must be an integer");
        else if (n.value < domain::Decimal())
            errors.push_back("Occurrence count must be greater than or equal to 0");
        else
            rec.occurrenceCount = n.value.raw() / domain::Decimal::kScale;
    }

    if (auto name = scalar(f, "name"); name && !domain::isBlank(*name)) rec.name = *name;
    if (!rec.merchantId && !rec.name) errors.push_back("Either merchant or name must be present");

    rec.manual = manualFlag(f);
    rec.expectedAmountMin = optionalAmount(f, "expected_amount_min", "Expected amount min", errors);
    rec.expectedAmountMax = optionalAmount(f, "expected_amount_max", "Expected amount max", errors);
    rec.expectedAmountAvg = optionalAmount(f, "expected_amount_avg", "Expected amount avg", errors);
    if (rec.manual && rec.expectedAmountMin && rec.expectedAmountMax &&
        *rec.expectedAmountMin > *rec.expectedAmountMax)
        errors.push_back("Expected amount min cannot be greater than expected_amount_max");

    if (!errors.empty())
        return Error{ErrorKind::Invalid, "validation_failed", kInvalidMessage, errors};

    // Step 8 and the insert in one transaction, so two concurrent requests cannot both pass.
    bool duplicate = false;
    _db.write([&](store::Tx& s) {
        store::RecurringStore store(s);
        if (store.duplicateExists(rec)) {
            duplicate = true;
            return;
        }
        store.insert(rec);
    });
    if (duplicate)
        return Error{ErrorKind::Conflict, "conflict", "Recurring transaction already exists",
                     std::nullopt};
    return view;
}

} // namespace finimport::app
