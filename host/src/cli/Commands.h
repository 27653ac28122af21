#pragma once
// The subcommands of the `finimport` binary (docs/cli.md); CommandTable.cpp says which flags
// each accepts.

#include "cli/Args.h"

namespace finimport::cli {

int runServe(const Args& args);
int runConfig(const Args& args);
int runMigrate(const Args& args);
int runKeysCreate(const Args& args);
int runKeysList(const Args& args);
int runKeysRevoke(const Args& args);
int runFamiliesCreate(const Args& args);
int runUsersDeactivate(const Args& args);
int runPlugins(const Args& args);
int runBalancesRecompute(const Args& args);
int runExport(const Args& args);
int runRestore(const Args& args);
int runImport(const Args& args);
int runImportsList(const Args& args);
int runImportsShow(const Args& args);
int runImportsRows(const Args& args);
int runImportsPublish(const Args& args);
int runImportsRevert(const Args& args);
int runWatch(const Args& args);

} // namespace finimport::cli
