// A tiny test-only host: loads a plugin .so, runs one importer over some text with options,
// and records every callback as a JSON line.
#ifndef FINIMPORT_TESTS_PLUGINHARNESS_H
#define FINIMPORT_TESTS_PLUGINHARNESS_H

#include "finimport/plugin.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace harness {

using OptionList = std::vector<std::pair<std::string, std::string>>;

struct RunResult {
    int status = -1;
    std::vector<std::string> lines; // JSON lines: begin, row, row_error, fatal; then status
    std::string text() const;       // lines joined with "\n", trailing newline
    // The same, structured: data rows (not the header) by field name, and row errors.
    std::vector<std::map<std::string, std::optional<std::string>>> rows;
    std::vector<std::string> errors; // "<record> <code> <field>: <message>"
    std::string fatal;
    std::string fatalCode; // the code of an ABI 1.1 fail(), "" for set_error
    // One field of every data row ("<null>" for null).
    std::vector<std::string> column(const std::string& field) const;
};

struct RunSettings {
    std::size_t chunk = 4096;    // bytes handed out per read() call
    int stopAfterCallbacks = -1; // the n-th begin/row/row_error call answers "stop"
};

// The descriptor of FINIMPORT_PLUGIN_BUILD_DIR/<file>, loaded once and never unloaded.
const fi_plugin& loadPlugin(const std::string& file);

const fi_importer& findImporter(const fi_plugin& plugin, const std::string& id);

RunResult run(const fi_importer& importer, const std::string& content, const OptionList& options,
              RunSettings settings = {});

std::string readFile(const std::string& path);
void writeFile(const std::string& path, const std::string& text);
std::string jsonString(const char* text); // "null" for nullptr

} // namespace harness

#endif // FINIMPORT_TESTS_PLUGINHARNESS_H
