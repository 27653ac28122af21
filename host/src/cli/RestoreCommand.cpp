// restore: an NDJSON export of any size straight into the database (docs/cli.md,
// docs/decisions.md D104).
#include "app/backup/FileRestore.h"
#include "cli/Commands.h"
#include "cli/ConfigFlags.h"
#include "cli/LocalDatabase.h"
#include "cli/Progress.h"
#include "server/PluginLoading.h"
#include "store/FamilyStore.h"

#include <filesystem>
#include <fstream>
#include <iostream>

namespace finimport::cli {

int runRestore(const Args& args) {
    server::Config config = loadConfig(args);
    const std::string file = args.positional.back();
    const std::string familyName = args.require("family");
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        std::cerr << "finimport restore: cannot read " << file << "\n";
        return 1;
    }
    LocalDatabase local(config); // the plugins below read the same settings
    store::Database& db = local.db;
    auto family = local.family(familyName, "restore");
    if (!family) return 1;
    plugin::PluginRegistry plugins([](plugin::LogLevel level, const std::string& message) {
        if (level >= plugin::LogLevel::Warning) std::cerr << message << "\n";
    });
    server::loadPlugins(plugins, config);
    const app::TypeCatalogue types(plugins);

    std::string content;
    {
        const auto size = static_cast<int64_t>(std::filesystem::file_size(file));
        std::ifstream in(file, std::ios::binary);
        content.reserve(static_cast<size_t>(size));
        ProgressBar bar;
        std::vector<char> buffer(1 << 20);
        while (in) {
            in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            content.append(buffer.data(), static_cast<size_t>(in.gcount()));
            bar.bytes("Reading", static_cast<int64_t>(content.size()), size);
        }
    }
    std::cerr << "finimport restore: " << content.size() << " bytes read from " << file << "\n";
    auto result = app::restoreFamily(
        db, config, plugins, types, family->id, std::move(content),
        std::filesystem::path(file).filename().string(),
        [](const std::string& phase) { std::cerr << "finimport restore: " << phase << "…\n"; });
    if (result.status != "complete") {
        std::cerr << "finimport restore: failed: " << result.error << "\n";
        if (!result.importId.empty())
            std::cout << "import " << result.importId << ": " << result.type << ", "
                      << result.status << "\n";
        return 1;
    }
    std::cout << "import " << result.importId << ": " << result.type << ", complete\n"
              << "lines " << result.lines << "\nreadback " << result.readback << "\n";
    return 0;
}

} // namespace finimport::cli
