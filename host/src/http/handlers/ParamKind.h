#pragma once
// A request value's JSON kind as the same-named kind of an app/ input value (app::FieldValue,
// app::ledger::PatchValue): app/ does not see the JSON reader's types.

#include "http/Params.h"

namespace finimport::http {

template <class Kind> Kind kindOf(const ParamValue& v) {
    using K = ParamValue::Kind;
    switch (v.kind()) {
    case K::Null:
        return Kind::Null;
    case K::String:
        return Kind::String;
    case K::Number:
        return Kind::Number;
    case K::Bool:
        return Kind::Bool;
    case K::Array:
        return Kind::Array;
    case K::Object:
        return Kind::Object;
    }
    return Kind::Null;
}

} // namespace finimport::http
