#pragma once
// The database of a command that works on it directly (administration, export, restore),
// migrated: a fresh one is usable at once.

#include "cli/Args.h"
#include "server/Config.h"
#include "store/Database.h"
#include "store/FamilyStore.h"

#include <optional>
#include <string>

namespace finimport::cli {

struct LocalDatabase {
    server::Config config;
    store::Database db;

    explicit LocalDatabase(const Args& args);
    explicit LocalDatabase(server::Config settings);

    // The family named `name`; nullopt once stderr says `finimport <command>: family … not
    // found`.
    std::optional<store::FamilyRow> family(const std::string& name, const char* command);
};

} // namespace finimport::cli
