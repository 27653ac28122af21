#pragma once
// The compact JSON text of a response's object or array, for comparing and for assertion
// messages.

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <sstream>
#include <string>

namespace finimport::test {

inline std::string jsonText(const Poco::JSON::Object::Ptr& object) {
    std::ostringstream out;
    object->stringify(out);
    return out.str();
}

inline std::string jsonText(const Poco::JSON::Array::Ptr& array) {
    std::ostringstream out;
    array->stringify(out);
    return out.str();
}

} // namespace finimport::test
