#pragma once
// The configuration a command runs with: its --config file and the setting flags it accepts
// (CommandTable.cpp), over FINIMPORT_* variables and defaults (app::Config::load).

#include "app/Config.h"
#include "cli/Args.h"

namespace finimport::cli {

app::Config loadConfig(const Args& args);

} // namespace finimport::cli
