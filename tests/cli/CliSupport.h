#pragma once
// Runs the real `finimport` binary and captures its exit code, stdout and stderr.

#include <map>
#include <string>
#include <vector>

namespace finimport::test {

struct CliRun {
    int exitCode = -1;
    std::string out, err;
};

// `env` is added to the inherited environment.
CliRun runCli(const std::vector<std::string>& args,
              const std::map<std::string, std::string>& env = {});
std::string firstLine(const std::string& text);
std::string lastLine(const std::string& text);
std::string readText(const std::string& path);

} // namespace finimport::test
