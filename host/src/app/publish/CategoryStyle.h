#pragma once
// Colours and icons for categories created by an import (docs/imports.md §4.4, Appendix A).

#include <string>

namespace finimport::app {

// A palette colour chosen from the name (deterministic, so re-imports look the same).
std::string paletteColorFor(const std::string& name);
// The first Appendix A keyword contained in the name (case-insensitive), else "shapes".
std::string suggestedIcon(const std::string& name);

} // namespace finimport::app
