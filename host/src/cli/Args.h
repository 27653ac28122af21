#pragma once
// Command-line arguments: positional words and `--flag value` pairs (repeatable flags kept).

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace finimport::cli {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Args {
    std::vector<std::string> positional;
    std::multimap<std::string, std::string> flags;

    static Args parse(int argc, char** argv, int first);
    std::optional<std::string> get(const std::string& name) const;
    std::string require(const std::string& name) const;
    std::vector<std::string> all(const std::string& name) const;
    bool has(const std::string& name) const { return flags.count(name) > 0; }
};

} // namespace finimport::cli
