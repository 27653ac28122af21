#include "plugin/PocoJson.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <charconv>
#include <cstdlib>

namespace finimport::plugin {

Poco::Dynamic::Var toPoco(const json::Value& value, JsonFractions fractions) {
    switch (value.kind()) {
    case json::Value::Kind::Null:
        return {};
    case json::Value::Kind::Bool:
        return value.text() == "true";
    case json::Value::Kind::String:
        return value.text();
    case json::Value::Kind::Number: {
        const std::string& text = value.text();
        Poco::Int64 n = 0;
        if (auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
            ec == std::errc() && end == text.data() + text.size())
            return n;
        if (fractions == JsonFractions::AsText) return text;
        return std::strtod(text.c_str(), nullptr);
    }
    case json::Value::Kind::Array: {
        Poco::JSON::Array::Ptr out = new Poco::JSON::Array;
        for (const json::Value& item : value.items())
            out->add(toPoco(item, fractions));
        return out;
    }
    case json::Value::Kind::Object: {
        Poco::JSON::Object::Ptr out = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        for (std::size_t i = 0; i < value.keys().size(); ++i)
            out->set(value.keys()[i], toPoco(value.items()[i], fractions));
        return out;
    }
    }
    return {};
}

} // namespace finimport::plugin
