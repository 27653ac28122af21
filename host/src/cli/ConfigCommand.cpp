// `finimport config`: the settings in effect, as config-file lines (what serve would use).
#include "cli/Commands.h"
#include "cli/ConfigFlags.h"

#include <iostream>

namespace finimport::cli {

int runConfig(const Args& args) {
    server::Config config = loadConfig(args);
    std::cout << "# in effect: flags > FINIMPORT_* variables > config file > defaults\n";
    for (const auto& s : server::settings())
        std::cout << s.key << " = " << s.show(config) << "\n";
    return 0;
}

} // namespace finimport::cli
