#include "cli/LocalDatabase.h"

#include "cli/ConfigFlags.h"
#include "store/Migrations.h"

#include <iostream>

namespace finimport::cli {

LocalDatabase::LocalDatabase(const Args& args) : LocalDatabase(loadConfig(args)) {}

LocalDatabase::LocalDatabase(server::Config settings)
    : config(std::move(settings)), db(config.database) {
    store::migrate(db);
}

std::optional<store::FamilyRow> LocalDatabase::family(const std::string& name,
                                                      const char* command) {
    std::optional<store::FamilyRow> found;
    db.read([&](store::Tx& s) { found = store::FamilyStore(s).familyByName(name); });
    if (!found) std::cerr << "finimport " << command << ": family " << name << " not found\n";
    return found;
}

} // namespace finimport::cli
