#pragma once
// The message of an unknown import type (docs/decisions.md D96): every type of the server's
// catalogue and `auto`.

#include "app/imports/ImportTypes.h"

#include <string>

namespace finimport::test {

inline std::string unknownType(const finimport::app::TypeCatalogue& types) {
    return "Type is not included in the list: " + types.knownTypesText() + ", auto";
}

} // namespace finimport::test
