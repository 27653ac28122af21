#pragma once
// The configuration a command runs with: its --config file and the setting flags it accepts
// (CommandTable.cpp), over FINIMPORT_* variables and defaults (server::Config::load).

#include "cli/Args.h"
#include "server/Config.h"

namespace finimport::cli {

server::Config loadConfig(const Args& args);

} // namespace finimport::cli
