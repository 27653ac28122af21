// finimport: one binary with subcommands (docs/cli.md).
#include "cli/Commands.h"

#include <Poco/Exception.h>

#include <iostream>
#include <string>

namespace {

const char* kUsage =
    "usage: finimport <command> [options]\n"
    "  serve [--listen HOST:PORT] [--database URL] [--plugins DIR]... [--config FILE] [--workers "
    "N]\n"
    "  migrate --database URL\n"
    "  keys create --database URL --family NAME --name NAME --scope read|read_write [--expires-at "
    "ISO]\n"
    "  keys list [--family NAME] | keys revoke KEY_ID|PREFIX\n"
    "  families create --name NAME [--currency CODE]\n"
    "  users deactivate --family NAME --user NAME\n"
    "  plugins [--plugins DIR]...\n"
    "  balances recompute [--account ID]\n"
    "  export --database URL --family NAME [--output FILE]\n"
    "Settings also come from FINIMPORT_* environment variables and --config FILE.\n";

} // namespace

int main(int argc, char** argv) {
    using namespace finimport::cli;
    if (argc < 2) {
        std::cerr << kUsage;
        return 2;
    }
    std::string command = argv[1];
    try {
        Args args = Args::parse(argc, argv, 1);
        if (command == "serve") return runServe(args);
        if (command == "migrate") return runMigrate(args);
        if (command == "keys") return runKeys(args);
        if (command == "families") return runFamilies(args);
        if (command == "users") return runUsers(args);
        if (command == "plugins") return runPlugins(args);
        if (command == "balances") return runBalances(args);
        if (command == "export") return runExport(args);
        if (command == "--help" || command == "help") {
            std::cout << kUsage;
            return 0;
        }
        std::cerr << "unknown command " << command << "\n" << kUsage;
        return 2;
    } catch (const UsageError& e) {
        std::cerr << "finimport " << command << ": " << e.what() << "\n" << kUsage;
        return 2;
    } catch (const Poco::Exception& e) {
        std::cerr << "finimport " << command << ": " << e.displayText() << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "finimport " << command << ": " << e.what() << "\n";
        return 1;
    }
}
