#pragma once
// The subcommands of the `finimport` binary (docs/cli.md).

#include "cli/Args.h"

namespace finimport::cli {

int runServe(const Args& args);
int runMigrate(const Args& args);
int runKeys(const Args& args);
int runFamilies(const Args& args);
int runUsers(const Args& args);
int runPlugins(const Args& args);
int runBalances(const Args& args);
int runExport(const Args& args);

} // namespace finimport::cli
