// export: a family's data as service NDJSON (docs/imports.md §6.12), to a file or stdout.
#include "app/backup/NdjsonExporter.h"
#include "cli/Commands.h"
#include "cli/ConfigFlags.h"
#include "cli/LocalDatabase.h"

#include <fstream>
#include <iostream>
#include <utility>

namespace finimport::cli {

int runExport(const Args& args) {
    server::Config config = loadConfig(args);
    const std::string familyName = args.require("family");
    LocalDatabase local(std::move(config));
    store::Database& db = local.db;
    auto family = local.family(familyName, "export");
    if (!family) return 1;
    auto write = [&](std::ostream& out) {
        db.read([&](store::Tx& s) { app::exportFamilyNdjson(s, family->id, out); });
    };
    if (auto path = args.get("output")) {
        std::ofstream file(*path, std::ios::binary | std::ios::trunc);
        if (!file) {
            std::cerr << "finimport export: cannot write " << *path << "\n";
            return 1;
        }
        write(file);
        file.close();
        if (!file) {
            std::cerr << "finimport export: writing " << *path << " failed\n";
            return 1;
        }
        return 0;
    }
    write(std::cout);
    std::cout.flush();
    return 0;
}

} // namespace finimport::cli
