#pragma once
// A tree of the one JSON reader (finimport/json.hpp, docs/decisions.md D180) as Poco::JSON
// values, for the code that walks Poco objects (the manifest parser, the CLI's view of server
// answers). The text is read once, by the SDK's reader; this only changes the tree's type.

#include <finimport/json_value.hpp>

#include <Poco/Dynamic/Var.h>

namespace finimport::plugin {

enum class JsonFractions {
    AsDouble, // a number with a fraction or an exponent becomes a double (the manifest: it is
              // never valid there, and its checks name the type they wanted)
    AsText    // … becomes the string of its exact text (values shown to a person)
};

// Objects keep their members' order; integers that fit become Int64.
Poco::Dynamic::Var toPoco(const finimport::json::Value& value, JsonFractions fractions);

} // namespace finimport::plugin
