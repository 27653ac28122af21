// Benchmark 1: the CSV plugin through the C ABI into a validating sink (every date and
// amount parsed as the upload does), 100k and 1M rows, beside the anchors on the same file:
// Ruby CSV+BigDecimal+strptime, Python csv+Decimal+strptime, pandas read_csv, sqlite3 .import.
// Prints one line per figure: rows/s (medians of 3 runs), anchors, ratio (the median over pairs
// of runs, ours then the anchor's), target.
#include "domain/Date.h"
#include "domain/Decimal.h"
#include "plugin/ImporterRunner.h"
#include "plugin/PluginRegistry.h"
#include "plugin/RowViewSink.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <vector>

using namespace finimport;

namespace {

std::string makeCsv(int rows) {
    static const char* names[] = {"Coffee Shop",  "Grocery Store", "Salary ACME", "Rent",
                                  "Fuel Station", "Bookshop",      "Pharmacy",    "Gym"};
    static const char* cats[] = {"Food", "Groceries", "Income", "Housing", "Transport"};
    std::mt19937 rnd(7);
    std::string out = "date,name,amount,category\n";
    char line[160];
    for (int i = 0; i < rows; ++i) {
        std::snprintf(line, sizeof line, "2024-%02d-%02d,%s %d,%d.%02d,%s\n", 1 + i % 12,
                      1 + i % 28, names[i % 8], i % 997, int(rnd() % 10001) - 5000,
                      int(rnd() % 100), cats[i % 5]);
        out += line;
    }
    return out;
}

// What the upload checks per row: a canonical ISO date and an exact amount. The row arrives as
// views (plugin::RowViewSink); the sink copies each row's values once into a batch, as a sink
// that keeps rows does, and starts a new batch every kBatchRows rows.
class ValidatingSink : public plugin::RecordSink, public plugin::RowViewSink {
public:
    int64_t rows = 0, invalid = 0;
    bool begin(const std::string&, const std::vector<std::string>& fields) override {
        _date = _amount = SIZE_MAX;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (fields[i] == "date") _date = i;
            if (fields[i] == "signed_amount") _amount = i;
        }
        return true;
    }
    bool row(const std::vector<std::optional<std::string>>& v,
             const plugin::Location& location) override {
        const std::vector<std::optional<std::string_view>> views(v.begin(), v.end());
        return rowView(views, location);
    }
    bool rowView(std::span<const std::optional<std::string_view>> v,
                 const plugin::Location& location) override {
        if (location.record == 0) return true; // the header
        ++rows;
        const bool ok = _date < v.size() && v[_date] && domain::Date::parseIso(*v[_date]) &&
                        _amount < v.size() && v[_amount] && domain::Decimal::parse(*v[_amount]);
        if (!ok) ++invalid;
        if (_batchRows == kBatchRows) {
            _used = 0;
            _batchRows = 0;
        }
        // The batch's end in locals: stores through the members would be reloaded after every
        // memcpy (which may alias them).
        char* batch = _batch.data();
        std::size_t used = _used, capacity = _batch.size();
        for (const auto& value : v) {
            if (!value) continue;
            if (used + value->size() + 1 > capacity) {
                _batch.resize(std::max(2 * capacity, used + value->size() + 1));
                batch = _batch.data();
                capacity = _batch.size();
            }
            std::memcpy(batch + used, value->data(), value->size());
            used += value->size();
            batch[used++] = '\0';
        }
        _used = used;
        ++_batchRows;
        return true;
    }
    bool rowError(const std::string&, const plugin::Location&, const std::optional<std::string>&,
                  const std::string&, const std::optional<std::string>&) override {
        ++invalid;
        return true;
    }

private:
    static constexpr int kBatchRows = 1000;
    std::size_t _date = SIZE_MAX, _amount = SIZE_MAX;
    std::vector<char> _batch; // the values of the current batch, NUL-separated
    std::size_t _used = 0;    // bytes of _batch in use
    int _batchRows = 0;
};

// CPU seconds of this process, all its threads (a run uses two, docs/decisions.md D72): the load
// of a shared machine inflates wall time, not this.
double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Wall and CPU seconds of an anchor (medians of 3 runs); zero when it cannot run.
struct Timing {
    double wall = 0, cpu = 0;
};

// One run of an anchor command, which prints "<wall seconds> <rows> <CPU seconds>"; nullopt
// when it cannot run.
std::optional<Timing> commandRun(const std::string& command) {
    FILE* p = popen((command + " 2>/dev/null").c_str(), "r");
    if (!p) return std::nullopt;
    double seconds = 0, cpu = 0;
    long rows = 0;
    const int got = std::fscanf(p, "%lf %ld %lf", &seconds, &rows, &cpu);
    if (pclose(p) != 0 || got < 1) return std::nullopt;
    return Timing{seconds, got == 3 ? cpu : 0};
}

double childCpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// One `sqlite3 .import` of the file into a new database.
std::optional<Timing> sqliteImportRun(const std::string& file) {
    const std::string db = file + ".db";
    std::remove(db.c_str());
    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = childCpuSeconds();
    const std::string cmd = "sqlite3 " + db + " '.mode csv' '.import " + file + " t' 2>/dev/null";
    if (std::system(cmd.c_str()) != 0) return std::nullopt;
    const Timing t{std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                   childCpuSeconds() - cpu0};
    std::remove(db.c_str());
    return t;
}

// An anchor measured against ours in the same minutes: `pairs` pairs, each one run of ours then
// one of the anchor's, and the median of the pairs' ratios (anchor seconds / ours). The machine's
// speed drifts by tens of percent from one minute to the next: a pair sees one machine, our
// median taken before all the anchors does not.
struct Paired {
    Timing anchor;                      // medians of the anchor's runs
    double wallRatio = 0, cpuRatio = 0; // medians of the pairs' ratios; 0 when it cannot run
};

template <typename Ours, typename Anchor> Paired paired(Ours ours, Anchor anchor, int pairs) {
    std::vector<double> walls, cpus, wallRatios, cpuRatios;
    for (int i = 0; i < pairs; ++i) {
        const std::optional<Timing> own = ours();
        const std::optional<Timing> other = anchor();
        if (!own || !other) return {};
        walls.push_back(other->wall);
        cpus.push_back(other->cpu);
        wallRatios.push_back(other->wall / own->wall);
        cpuRatios.push_back(other->cpu > 0 ? other->cpu / own->cpu : 0);
    }
    return {{median(walls), median(cpus)}, median(wallRatios), median(cpuRatios)};
}

void printLine(const std::string& label, double rowsPerSecond, const std::string& unit) {
    std::printf("%-62s %14.0f %s\n", label.c_str(), rowsPerSecond, unit.c_str());
}

void ratioLine(const std::string& label, double ratio, double target) {
    if (ratio <= 0) {
        std::printf("%-62s %14s (anchor not installed: make bench-deps)\n", label.c_str(), "n/a");
        return;
    }
    std::printf("%-62s %13.1fx target >= %.0fx %s\n", label.c_str(), ratio, target,
                target <= 0 ? "" : (ratio >= target ? "[met]" : "[MISSED]"));
}

} // namespace

// Arguments (for profiling): row counts to run (default 100000 1000000), `--no-anchors` to
// time the plugin alone and `--no-auto` to skip the run with `auto` formats.
int main(int argc, char** argv) {
    std::vector<int> sizes;
    bool anchors = true, autoFormats = true;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--no-anchors") == 0)
            anchors = false;
        else if (std::strcmp(argv[i], "--no-auto") == 0)
            autoFormats = false;
        else
            sizes.push_back(std::atoi(argv[i]));
    }
    if (sizes.empty()) sizes = {100000, 1000000};
    plugin::PluginRegistry registry;
    // docs/decisions.md D36: benchmarks raise the row cap (1M data rows plus the header) through
    // the policy; the budget checks still run.
    plugin::RunPolicy policy;
    policy.maxRows = 2'000'000;
    registry.loadDirectories({FINIMPORT_PLUGIN_BUILD_DIR}, policy);
    const plugin::ImporterHandle* csv = registry.find("TransactionImport");
    if (!csv) {
        std::fprintf(stderr, "the CSV plugin was not found in %s\n", FINIMPORT_PLUGIN_BUILD_DIR);
        return 1;
    }
    std::vector<std::pair<std::string, std::optional<std::string>>> options = {
        {"type", "TransactionImport"}, {"default_currency", "USD"},
        {"date_col_label", "date"},    {"amount_col_label", "amount"},
        {"name_col_label", "name"},    {"category_col_label", "category"},
        {"date_format", "%Y-%m-%d"},   {"number_format", "1,234.56"}};
    const std::string source = FINIMPORT_SOURCE_DIR;
    for (int rows : sizes) {
        const std::string text = makeCsv(rows);
        const std::string file = "/tmp/finimport-parse-bench-" + std::to_string(rows) + ".csv";
        std::ofstream(file, std::ios::binary) << text;
        // One run under `runOptions`: wall and CPU seconds; nullopt on a failure.
        auto runOnce = [&](const auto& runOptions) -> std::optional<Timing> {
            ValidatingSink sink;
            std::size_t offset = 0;
            auto read = [&](char* buffer, std::size_t capacity) -> int64_t {
                const std::size_t n = std::min(capacity, text.size() - offset);
                std::memcpy(buffer, text.data() + offset, n);
                offset += n;
                return static_cast<int64_t>(n);
            };
            const auto t0 = std::chrono::steady_clock::now();
            const double cpu0 = cpuSeconds();
            const auto result = plugin::runImporter(*csv, runOptions, read, sink);
            const Timing t{
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                cpuSeconds() - cpu0};
            if (result.status != plugin::RunResult::Status::Ok) {
                std::fprintf(stderr, "plugin run failed: %s\n", result.error.c_str());
                return std::nullopt;
            }
            if (sink.rows != rows || sink.invalid != 0) {
                std::fprintf(stderr, "expected %d valid rows, got %lld (%lld invalid)\n", rows,
                             static_cast<long long>(sink.rows),
                             static_cast<long long>(sink.invalid));
                return std::nullopt;
            }
            return t;
        };
        // Wall and CPU seconds (medians of 3 runs) under `runOptions`; nullopt on a failure.
        auto timeRuns = [&](const auto& runOptions) -> std::optional<Timing> {
            std::vector<double> runs, cpuRuns;
            for (int i = 0; i < 3; ++i) {
                const auto t = runOnce(runOptions);
                if (!t) return std::nullopt;
                runs.push_back(t->wall);
                cpuRuns.push_back(t->cpu);
            }
            return Timing{median(runs), median(cpuRuns)};
        };
        const auto timed = timeRuns(options);
        // D37/D45/D55: the same file with every format `auto` (a first pass decides them).
        auto autoOptions = options;
        for (auto& [name, value] : autoOptions)
            if (name == "date_format" || name == "number_format") value = "auto";
        autoOptions.emplace_back("col_sep", "auto");
        // `auto` buffers the file: only sizes an upload can have (the 10 MB content limit).
        const bool uploadable = autoFormats && text.size() <= 10u * 1024 * 1024;
        const auto autoTimed = uploadable ? timeRuns(autoOptions) : std::optional<Timing>(Timing{});
        if (!timed || !autoTimed) return 1;
        if (!anchors) {
            std::printf("parse %d rows: %.0f rows/s wall (median of 3, %.3f s), %.0f rows/s CPU "
                        "(%.3f s)\n",
                        rows, rows / timed->wall, timed->wall, rows / timed->cpu, timed->cpu);
            if (uploadable)
                std::printf("parse %d rows, formats auto: %.0f rows/s wall, %.0f rows/s CPU\n",
                            rows, rows / autoTimed->wall, rows / autoTimed->cpu);
            std::remove(file.c_str());
            continue;
        }
        const std::string anchorDir = source + "/bench/anchors/";
        const auto ours = [&] { return runOnce(options); };
        const auto command = [](std::string line) { return [line] { return commandRun(line); }; };
        // The slow anchors (Ruby 15 s, Python 7 s a run at 1M rows) 3 pairs, the fast ones 5.
        const Paired ruby = paired(ours, command("ruby " + anchorDir + "parse.rb " + file), 3);
        const Paired python =
            paired(ours, command("/usr/bin/python3 " + anchorDir + "parse_python.py " + file), 3);
        const Paired pandas =
            paired(ours, command("/usr/bin/python3 " + anchorDir + "parse_pandas.py " + file), 5);
        const Paired sqlite = paired(
            ours, [&] { return sqliteImportRun(file); }, 5);
        const std::string n = rows == 100000 ? "100k" : "1M";
        const auto rate = [&](double seconds) { return seconds > 0 ? rows / seconds : 0; };
        const Timing own = *timed;
        // Each anchor with the name of its ratio line and the target of that ratio.
        struct Anchor {
            const char* name;
            const char* ratioName;
            const Paired* timing;
            double target;
        };
        const Anchor anchorsOfRun[] = {
            {"Ruby CSV+BigDecimal+strptime", "Ruby", &ruby, 20},
            {"Python csv+Decimal+strptime", "Python csv", &python, 0},
            {"pandas read_csv", "pandas", &pandas, rows == 1000000 ? 2.0 : 0.0},
            {"sqlite3 .import", "sqlite3 .import", &sqlite, 0}};
        // Wall figures (the targets' terms), then the same per CPU second: on a shared machine
        // the load inflates the wall times of short runs (ours) more than of long ones.
        for (const bool cpu : {false, true}) {
            const std::string how = cpu ? " (CPU time)" : "";
            printLine("parse " + n + ": CSV plugin via C ABI, validating sink" + how,
                      rate(cpu ? own.cpu : own.wall), "rows/s");
            if (uploadable)
                printLine("parse " + n + ": the same, col_sep/date/number auto" + how,
                          rate(cpu ? autoTimed->cpu : autoTimed->wall), "rows/s");
            for (const Anchor& a : anchorsOfRun)
                if (rate(cpu ? a.timing->anchor.cpu : a.timing->anchor.wall) > 0)
                    printLine("parse " + n + ": " + a.name + how,
                              rate(cpu ? a.timing->anchor.cpu : a.timing->anchor.wall), "rows/s");
            // The targets are rows per second of wall time; the CPU ratios show what
            // the second thread of a run costs (docs/decisions.md D72), against no target.
            for (const Anchor& a : anchorsOfRun)
                ratioLine("parse " + n + ": ratio to " + a.ratioName + how + " (paired runs)",
                          cpu ? a.timing->cpuRatio : a.timing->wallRatio, cpu ? 0 : a.target);
        }
        std::remove(file.c_str());
    }
    return 0;
}
