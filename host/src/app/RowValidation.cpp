#include "app/RowValidation.h"

#include "domain/Currency.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

namespace finimport::app {

bool dateInWindow(domain::Date date, domain::Date today) {
    return date > today.addYears(-30) && date <= today.addDays(1);
}

std::vector<std::string> rowErrorsNow(const RowFields& fields,
                                      const std::vector<RowMessage>& stored, domain::Date today) {
    std::vector<std::string> errors;
    bool dateError = false;
    for (const auto& m : stored)
        if (m.field && *m.field == "date") dateError = true;
    std::vector<std::string> dateErrors;
    if (const auto* date = findField(fields, "date");
        date && *date && !dateError && !(*date)->empty()) {
        if (auto d = domain::Date::parseIso(**date); d && !dateInWindow(*d, today))
            dateErrors.push_back("Date must be between " + today.addYears(-30).addDays(1).iso() +
                                 " and " + today.addDays(1).iso());
    }
    // Plugin errors keep their order; a date-window error joins the date errors in front.
    for (const auto& m : stored)
        if (m.field && *m.field == "date") errors.push_back(m.message);
    errors.insert(errors.end(), dateErrors.begin(), dateErrors.end());
    for (const auto& m : stored)
        if (!m.field || *m.field != "date") errors.push_back(m.message);
    if (const auto* currency = findField(fields, "currency")) {
        std::string c = currency->value_or("");
        if (c.find_first_not_of(" \t") == std::string::npos)
            errors.push_back("Currency can't be blank");
        else if (!domain::findCurrency(c))
            errors.push_back("Currency is not a valid currency code");
    }
    return errors;
}

const std::optional<std::string>* findField(const RowFields& fields, const std::string& name) {
    for (const auto& [k, v] : fields)
        if (k == name) return &v;
    return nullptr;
}

std::string fieldText(const RowFields& fields, const std::string& name) {
    const auto* v = findField(fields, name);
    return v && *v ? **v : std::string();
}

std::string rowFieldsToJson(const RowFields& fields) {
    Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [k, v] : fields) {
        if (v)
            obj.set(k, *v);
        else
            obj.set(k, Poco::Dynamic::Var());
    }
    std::ostringstream out;
    obj.stringify(out);
    return out.str();
}

RowFields rowFieldsFromJson(const std::string& json) {
    RowFields fields;
    Poco::JSON::Parser parser;
    auto obj = parser.parse(json).extract<Poco::JSON::Object::Ptr>();
    for (const auto& name : obj->getNames()) {
        auto v = obj->get(name);
        fields.emplace_back(name, v.isEmpty()
                                      ? std::nullopt
                                      : std::optional<std::string>(v.convert<std::string>()));
    }
    return fields;
}

std::string rowMessagesToJson(const std::vector<RowMessage>& messages) {
    Poco::JSON::Array arr;
    for (const auto& m : messages) {
        Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
        obj.set("code", m.code);
        if (m.field)
            obj.set("field", *m.field);
        else
            obj.set("field", Poco::Dynamic::Var());
        obj.set("message", m.message);
        arr.add(obj);
    }
    std::ostringstream out;
    arr.stringify(out);
    return out.str();
}

std::vector<RowMessage> rowMessagesFromJson(const std::string& json) {
    std::vector<RowMessage> out;
    Poco::JSON::Parser parser;
    auto arr = parser.parse(json).extract<Poco::JSON::Array::Ptr>();
    for (size_t i = 0; i < arr->size(); ++i) {
        auto obj = arr->getObject(static_cast<unsigned>(i));
        RowMessage m;
        m.code = obj->getValue<std::string>("code");
        auto f = obj->get("field");
        if (!f.isEmpty()) m.field = f.convert<std::string>();
        m.message = obj->getValue<std::string>("message");
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace finimport::app
