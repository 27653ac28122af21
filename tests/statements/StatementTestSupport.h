// Helpers for the statement plugin suites: run a plugin over a file or a text, and pick the
// rows of one record kind (statement, transaction, warning) out of the harness result.
#ifndef FINIMPORT_TESTS_STATEMENT_SUPPORT_H
#define FINIMPORT_TESTS_STATEMENT_SUPPORT_H

#include "PluginHarness.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace stmt {

using Record = std::map<std::string, std::optional<std::string>>;
using Strings = std::vector<std::string>;

struct Output {
    harness::RunResult result;
    std::vector<Record> statements, transactions, warnings;
    Strings column(const std::vector<Record>& rows, const std::string& field) const;
    Strings messages() const { return column(warnings, "message"); }
};

// Runs `importer` of plugin file `plugin` over `content`, in 7-byte reads and in one read,
// and checks both give the same callbacks.
Output run(const char* plugin, const char* importer, const std::string& content);

// The same over tests/fixtures/realworld/<fixture>, compared with golden/<golden>.
Output runGolden(const char* plugin, const char* importer, const char* fixture, const char* golden);

} // namespace stmt

#endif // FINIMPORT_TESTS_STATEMENT_SUPPORT_H
