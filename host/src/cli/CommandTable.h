#pragma once
// The subcommands of `finimport`, each with the flags it accepts: one table from which parsing,
// `--help` and the overview are derived (docs/cli.md lists the same usage lines; a test checks).

#include "cli/Args.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace finimport::cli {

struct CommandSpec {
    std::vector<std::string> words; // {"keys", "revoke"}
    std::string operand;            // e.g. "KEY_ID|PREFIX|KEY"; empty: none
    std::string summary;            // one sentence
    std::vector<FlagSpec> flags;
    int (*run)(const Args&);
};

const std::vector<CommandSpec>& commands();

// "finimport keys create --family NAME --name NAME [options]"
std::string usageLine(const CommandSpec& command);
// Usage line, summary and every flag with its help (what `finimport <command> --help` prints).
std::string helpText(const CommandSpec& command);
// Every command's usage line and summary (what `finimport --help` prints).
std::string overview();

// Runs the command line (argv without the program name): exit 0 on success, 1 when the command
// failed, 2 on a usage error (unknown command or flag, missing value or operand).
int dispatch(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);

} // namespace finimport::cli
