#pragma once
// Command-line arguments, parsed against the flags a command declares: an unknown flag, a flag
// without its value or a stray word is a usage error (exit 2), never silently ignored.

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

struct FlagSpec {
    std::string name;                   // the name handlers ask for (a setting's key)
    std::vector<std::string> spellings; // accepted after "--"; the first is shown in usage
    std::string metavar;                // the value's placeholder, e.g. "URL"
    std::string help;
    bool required = false;
    bool repeatable = false;
    bool boolean = false; // takes no value (`--publish`); read as "true"
};

struct Args {
    std::vector<std::string> positional; // the command words, then the operands
    std::multimap<std::string, std::string> flags;

    // `--flag value` and `--flag=value`. After the `commandWords` come the operand (one word,
    // named `operand` in messages) when `operand` is not empty, else none.
    static Args parse(const std::vector<std::string>& words, size_t commandWords,
                      const std::string& operand, const std::vector<FlagSpec>& specs);
    std::optional<std::string> get(const std::string& name) const;
    std::string require(const std::string& name) const;
    std::vector<std::string> all(const std::string& name) const;
    bool has(const std::string& name) const { return flags.count(name) > 0; }
};

} // namespace finimport::cli
