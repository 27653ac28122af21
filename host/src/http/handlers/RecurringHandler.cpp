#include "http/handlers/RecurringHandler.h"

#include "http/Errors.h"
#include "http/Formats.h"
#include "http/handlers/JsonFields.h"

#include <array>

namespace finimport::http {

namespace {

// The record's field names: what the reference wraps when a JSON body has no wrapper key.
constexpr std::array<const char*, 14> kFieldNames = {"name",
                                                     "merchant_id",
                                                     "account_id",
                                                     "amount",
                                                     "currency",
                                                     "expected_day_of_month",
                                                     "last_occurrence_date",
                                                     "next_expected_date",
                                                     "status",
                                                     "occurrence_count",
                                                     "manual",
                                                     "expected_amount_min",
                                                     "expected_amount_max",
                                                     "expected_amount_avg"};

app::FieldValue toField(const ParamValue& v) {
    using K = ParamValue::Kind;
    using F = app::FieldValue::Kind;
    static const std::map<K, F> kinds = {{K::Null, F::Null},     {K::String, F::String},
                                         {K::Number, F::Number}, {K::Bool, F::Bool},
                                         {K::Array, F::Array},   {K::Object, F::Object}};
    return app::FieldValue{kinds.at(v.kind()), v.text()};
}

// docs/api.md §8.1: the `recurring_transaction` object; for a JSON body without that key, the
// top-level members that are field names (the reference's parameter wrapping).
std::optional<std::map<std::string, app::FieldValue>> wrapperFields(const Request& req) {
    const ParamValue& root = req.params.root();
    std::map<std::string, app::FieldValue> out;
    if (const ParamValue* wrapper = root.find("recurring_transaction")) {
        if (!wrapper->isObject()) return std::nullopt;
        for (size_t i = 0; i < wrapper->keys().size(); ++i)
            out[wrapper->keys()[i]] = toField(wrapper->items()[i]);
        return out;
    }
    if (req.bodyKind != BodyKind::Json) return std::nullopt;
    for (const char* name : kFieldNames)
        if (const ParamValue* v = root.find(name)) out[name] = toField(*v);
    return out;
}

std::optional<domain::Decimal> money(const std::optional<int64_t>& raw) {
    if (!raw) return std::nullopt;
    return domain::Decimal::fromRaw(*raw);
}

} // namespace

void writeRecurring(JsonWriter& w, const app::RecurringView& v) {
    const auto& r = v.record;
    w.beginObject();
    w.key("id").string(r.id);
    writeOptionalString(w, "name", r.name);
    writeMoneyPair(w, "amount", domain::Decimal::fromRaw(r.amount), r.currency);
    w.key("currency").string(r.currency);
    w.key("expected_day_of_month").integer(r.expectedDayOfMonth);
    w.key("last_occurrence_date").string(r.lastOccurrenceDate);
    w.key("next_expected_date").string(r.nextExpectedDate);
    w.key("status").string(r.status);
    w.key("occurrence_count").integer(r.occurrenceCount);
    w.key("manual").boolean(r.manual);
    writeMoneyPair(w, "expected_amount_min", money(r.expectedAmountMin), r.currency);
    writeMoneyPair(w, "expected_amount_max", money(r.expectedAmountMax), r.currency);
    writeMoneyPair(w, "expected_amount_avg", money(r.expectedAmountAvg), r.currency);
    writeTimestampsSeconds(w, r.createdAt, r.updatedAt);
    writeObjectOrNull(w, "account", v.account, [&] {
        writeIdName(w, v.account->id, v.account->name);
        writeOptionalString(w, "account_type", v.account->accountType);
        w.key("status").string(v.account->status);
    });
    writeObjectOrNull(w, "merchant", v.merchant,
                      [&] { writeIdName(w, v.merchant->id, v.merchant->name); });
    w.endObject();
}

Response createRecurring(app::RecurringService& service, const Request& req) {
    auto result = service.create(req.principal.familyId, wrapperFields(req));
    if (const auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    JsonWriter w;
    writeRecurring(w, std::get<app::RecurringView>(result));
    return jsonResponse(201, w.take());
}

} // namespace finimport::http
