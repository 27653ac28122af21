// finimport: one binary with subcommands (docs/cli.md; the table is cli/CommandTable.cpp).
#include "cli/CommandTable.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    return finimport::cli::dispatch(args, std::cout, std::cerr);
}
