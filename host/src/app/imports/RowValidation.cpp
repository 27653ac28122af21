#include "app/imports/RowValidation.h"

#include "domain/Currency.h"

namespace finimport::app {

bool dateInWindow(domain::Date date, domain::Date today) {
    return date > today.addYears(-50) && date <= today.addDays(1);
}

std::vector<std::string> rowErrorsNow(const rows::Fields& fields,
                                      const std::vector<RowMessage>& stored, domain::Date today) {
    std::vector<std::string> errors;
    bool dateError = false;
    for (const auto& m : stored)
        if (m.field && *m.field == "date") dateError = true;
    std::vector<std::string> dateErrors;
    if (const auto* date = fields.get("date"); date && *date && !dateError && !(*date)->empty()) {
        if (auto d = domain::Date::parseIso(**date); d && !dateInWindow(*d, today))
            dateErrors.push_back("Date must be between " + today.addYears(-50).addDays(1).iso() +
                                 " and " + today.addDays(1).iso());
    }
    // Plugin errors keep their order; a date-window error joins the date errors in front.
    for (const auto& m : stored)
        if (m.field && *m.field == "date") errors.push_back(m.message);
    errors.insert(errors.end(), dateErrors.begin(), dateErrors.end());
    for (const auto& m : stored)
        if (!m.field || *m.field != "date") errors.push_back(m.message);
    if (const auto* currency = fields.get("currency")) {
        std::string c = currency->value_or("");
        if (c.find_first_not_of(" \t") == std::string::npos)
            errors.push_back("Currency can't be blank");
        else if (!domain::findCurrency(c))
            errors.push_back("Currency is not a valid currency code");
    }
    return errors;
}

} // namespace finimport::app
