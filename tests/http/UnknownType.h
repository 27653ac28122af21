#pragma once
// The message of an unknown import type (docs/decisions.md D96): every registered type and
// `auto`.

#include "app/imports/ImportTypes.h"

#include <string>

namespace finimport::test {

inline std::string unknownType() {
    return "Type is not included in the list: " + finimport::app::knownTypesText() + ", auto";
}

} // namespace finimport::test
