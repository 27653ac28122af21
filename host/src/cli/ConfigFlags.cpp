#include "cli/ConfigFlags.h"

namespace finimport::cli {

server::Config loadConfig(const Args& args) {
    std::map<std::string, std::string> flags;
    if (auto v = args.get("config")) flags["config"] = *v;
    // `plugins` may be repeated (one directory each), so it travels apart.
    for (const auto& s : server::settings())
        if (auto v = args.get(s.key); v && std::string(s.key) != "plugins") flags[s.key] = *v;
    return server::Config::load(flags, args.all("plugins"));
}

} // namespace finimport::cli
