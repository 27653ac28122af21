// finimport: one binary, subcommands serve / migrate / keys / plugins (see docs/cli.md).
#include <iostream>

int main() {
    std::cout << "finimport " << FINIMPORT_VERSION << "\n";
    return 0;
}
