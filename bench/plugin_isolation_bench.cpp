// plugins.isolation: the cost of a sandboxed run (spawn finimport-plugin-run, framed rows over a
// socket) against an inline run, with the real CSV plugin on generated TransactionImport files.
// Prints ms per run for both and the overhead; decides whether built-in plugins may run inline.
#include "plugin/ImporterRunner.h"
#include "plugin/PluginRegistry.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

using namespace finimport::plugin;

namespace {

class CountingSink : public RecordSink {
public:
    bool begin(const std::string&, const std::vector<std::string>&) override { return true; }
    bool row(const std::vector<std::optional<std::string>>&, const Location&) override {
        ++rows;
        return true;
    }
    bool rowError(const std::string&, const Location&, const std::optional<std::string>&,
                  const std::string&, const std::optional<std::string>&) override {
        return true;
    }
    size_t rows = 0;
};

std::string csv(int rows) {
    std::string s = "date,amount,name,category,notes\n";
    for (int i = 0; i < rows; ++i)
        s += "2024-01-" + std::to_string(1 + i % 28) + "," + std::to_string(i % 977) + "." +
             std::to_string(10 + i % 90) + ",Coffee shop number " + std::to_string(i) +
             ",Food,a note\n";
    return s;
}

double msPerRun(const ImporterHandle& importer, const std::string& input, int runs, size_t& rows) {
    const std::vector<std::pair<std::string, std::optional<std::string>>> options = {
        {"type", "TransactionImport"},  {"default_currency", "USD"}, {"date_col_label", "date"},
        {"amount_col_label", "amount"}, {"name_col_label", "name"},  {"date_format", "%Y-%m-%d"}};
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < runs; ++i) {
        size_t offset = 0;
        auto read = [&](char* buffer, size_t capacity) -> int64_t {
            const size_t n = std::min(capacity, input.size() - offset);
            std::memcpy(buffer, input.data() + offset, n);
            offset += n;
            return static_cast<int64_t>(n);
        };
        CountingSink sink;
        const auto result = runImporter(importer, options, read, sink);
        if (result.status != RunResult::Status::Ok) {
            std::fprintf(stderr, "run failed: %s\n", result.error.c_str());
            std::exit(1);
        }
        rows = sink.rows;
    }
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
               .count() /
           runs;
}

} // namespace

int main() {
    RunPolicy inlinePolicy, processPolicy;
    processPolicy.isolation = Isolation::Process;
    PluginRegistry inlineRegistry([](LogLevel, const std::string&) {});
    PluginRegistry processRegistry([](LogLevel, const std::string&) {});
    inlineRegistry.loadDirectories({FINIMPORT_PLUGIN_BUILD_DIR}, inlinePolicy);
    processRegistry.loadDirectories({FINIMPORT_PLUGIN_BUILD_DIR}, processPolicy);
    const ImporterHandle* inlineCsv = inlineRegistry.find("TransactionImport");
    const ImporterHandle* processCsv = processRegistry.find("TransactionImport");
    if (!inlineCsv || !processCsv) {
        std::fprintf(stderr, "the CSV plugin is not built in %s\n", FINIMPORT_PLUGIN_BUILD_DIR);
        return 1;
    }
    std::printf("%8s %8s %12s %12s %10s\n", "rows", "runs", "inline ms", "process ms", "overhead");
    for (int rows : {10, 1000, 10000, 100000}) {
        const std::string input = csv(rows);
        const int runs = rows >= 100000 ? 3 : rows >= 10000 ? 10 : 50;
        size_t inlineRows = 0, processRows = 0;
        const double a = msPerRun(*inlineCsv, input, runs, inlineRows);
        const double b = msPerRun(*processCsv, input, runs, processRows);
        if (inlineRows != processRows) {
            std::fprintf(stderr, "row counts differ: %zu inline, %zu process\n", inlineRows,
                         processRows);
            return 1;
        }
        std::printf("%8d %8d %12.2f %12.2f %9.0f%%\n", rows, runs, a, b, (b - a) / a * 100);
    }
    return 0;
}
