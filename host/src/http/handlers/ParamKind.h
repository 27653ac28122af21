#pragma once
// A request value's JSON kind as the same-named kind of an app/ input value (app::FieldValue,
// app::ledger::PatchValue): app/ does not see the JSON reader's types.

#include "http/Params.h"

namespace finimport::http {

template <class Kind> Kind kindOf(const ParamValue& v) {
    using K = ParamValue::Kind;
    static_assert(int(Kind::Null) == int(K::Null) && int(Kind::String) == int(K::String) &&
                      int(Kind::Number) == int(K::Number) && int(Kind::Bool) == int(K::Bool) &&
                      int(Kind::Array) == int(K::Array) && int(Kind::Object) == int(K::Object),
                  "the kinds are declared in the same order");
    return static_cast<Kind>(static_cast<int>(v.kind()));
}

} // namespace finimport::http
