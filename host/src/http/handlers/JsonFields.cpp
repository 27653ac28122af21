#include "http/handlers/JsonFields.h"

#include "domain/Currency.h"
#include "domain/MoneyFormat.h"

namespace finimport::http {

void writeMoneyPair(JsonWriter& w, const std::string& name, std::optional<domain::Decimal> amount,
                    const std::string& currency) {
    const domain::Currency* c = domain::findCurrency(currency);
    w.key(name);
    if (amount && c) w.string(domain::formatMoney(*amount, *c));
    else
        w.null();
    w.key(name + "_cents");
    if (amount && c) w.integer(domain::minorUnits(*amount, *c));
    else
        w.null();
}

void writeMoney(JsonWriter& w, const std::string& name, domain::Decimal amount,
                const std::string& currency) {
    const domain::Currency* c = domain::findCurrency(currency);
    w.key(name);
    if (c) w.string(domain::formatMoney(amount, *c));
    else
        w.null();
}

void writeOptionalString(JsonWriter& w, const std::string& name,
                         const std::optional<std::string>& value) {
    w.key(name);
    if (value) w.string(*value);
    else
        w.null();
}

} // namespace finimport::http
