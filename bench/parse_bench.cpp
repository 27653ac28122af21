// Issue 11 benchmark 1: the CSV plugin through the C ABI into a validating sink (every date and
// amount parsed as the upload does), 100k and 1M rows, beside the anchors on the same file:
// Ruby CSV+BigDecimal+strptime, Python csv+Decimal+strptime, pandas read_csv, sqlite3 .import.
// Prints one line per figure: rows/s, anchors, ratio, target. Medians of 3 runs.
#include "domain/Date.h"
#include "domain/Decimal.h"
#include "plugin/ImporterRunner.h"
#include "plugin/PluginRegistry.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <random>
#include <string>
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

// What the upload checks per row: a canonical ISO date and an exact amount.
class ValidatingSink : public plugin::RecordSink {
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
        if (location.record == 0) return true; // the header
        ++rows;
        const bool ok = _date < v.size() && v[_date] && domain::Date::parseIso(*v[_date]) &&
                        _amount < v.size() && v[_amount] && domain::Decimal::parse(*v[_amount]);
        if (!ok) ++invalid;
        return true;
    }
    bool rowError(const std::string&, const plugin::Location&, const std::optional<std::string>&,
                  const std::string&, const std::optional<std::string>&) override {
        ++invalid;
        return true;
    }

private:
    std::size_t _date = SIZE_MAX, _amount = SIZE_MAX;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Runs an anchor command 3 times; each prints "<seconds> <rows>". 0 when it cannot run.
double anchorSeconds(const std::string& command) {
    std::vector<double> runs;
    for (int i = 0; i < 3; ++i) {
        FILE* p = popen((command + " 2>/dev/null").c_str(), "r");
        if (!p) return 0;
        double seconds = 0;
        long rows = 0;
        const int got = std::fscanf(p, "%lf %ld", &seconds, &rows);
        if (pclose(p) != 0 || got < 1) return 0;
        runs.push_back(seconds);
    }
    return median(runs);
}

double sqliteImportSeconds(const std::string& file) {
    std::vector<double> runs;
    for (int i = 0; i < 3; ++i) {
        const std::string db = file + ".db";
        std::remove(db.c_str());
        const auto t0 = std::chrono::steady_clock::now();
        const std::string cmd =
            "sqlite3 " + db + " '.mode csv' '.import " + file + " t' 2>/dev/null";
        if (std::system(cmd.c_str()) != 0) return 0;
        runs.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        std::remove(db.c_str());
    }
    return median(runs);
}

void printLine(const std::string& label, double rowsPerSecond, const std::string& unit) {
    std::printf("%-52s %14.0f %s\n", label.c_str(), rowsPerSecond, unit.c_str());
}

void ratioLine(const std::string& label, double ours, double anchor, double target) {
    if (anchor <= 0) {
        std::printf("%-52s %14s (anchor not installed: make bench-deps)\n", label.c_str(), "n/a");
        return;
    }
    const double ratio = ours / anchor;
    std::printf("%-52s %13.1fx target >= %.0fx %s\n", label.c_str(), ratio, target,
                target <= 0 ? "" : (ratio >= target ? "[met]" : "[MISSED]"));
}

} // namespace

int main() {
    plugin::PluginRegistry registry;
    registry.loadDirectories({FINIMPORT_PLUGIN_BUILD_DIR});
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
    for (int rows : {100000, 1000000}) {
        const std::string text = makeCsv(rows);
        const std::string file = "/tmp/finimport-parse-bench-" + std::to_string(rows) + ".csv";
        std::ofstream(file, std::ios::binary) << text;
        int64_t seen = 0, invalid = 0;
        auto timeRuns = [&](const auto& runOptions) -> std::optional<double> {
            std::vector<double> runs;
            for (int i = 0; i < 3; ++i) {
                ValidatingSink sink;
                std::size_t offset = 0;
                auto read = [&](char* buffer, std::size_t capacity) -> int64_t {
                    const std::size_t n = std::min(capacity, text.size() - offset);
                    std::memcpy(buffer, text.data() + offset, n);
                    offset += n;
                    return static_cast<int64_t>(n);
                };
                const auto t0 = std::chrono::steady_clock::now();
                const auto result = plugin::runImporter(*csv, runOptions, read, sink);
                runs.push_back(
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
                if (result.status != plugin::RunResult::Status::Ok) {
                    std::fprintf(stderr, "plugin run failed: %s\n", result.error.c_str());
                    return std::nullopt;
                }
                seen = sink.rows;
                invalid = sink.invalid;
            }
            if (seen != rows || invalid != 0) {
                std::fprintf(stderr, "expected %d valid rows, got %lld (%lld invalid)\n", rows,
                             static_cast<long long>(seen), static_cast<long long>(invalid));
                return std::nullopt;
            }
            return median(runs);
        };
        const auto seconds = timeRuns(options);
        // D37/D45/D55: the same file with every format `auto` (a first pass decides them).
        auto autoOptions = options;
        for (auto& [name, value] : autoOptions)
            if (name == "date_format" || name == "number_format") value = "auto";
        autoOptions.emplace_back("col_sep", "auto");
        // `auto` buffers the file: only sizes an upload can have (the 10 MB content limit).
        const bool uploadable = text.size() <= 10u * 1024 * 1024;
        const auto autoSeconds = uploadable ? timeRuns(autoOptions) : std::optional<double>(0);
        if (!seconds || !autoSeconds) return 1;
        const double ours = rows / *seconds;
        const double ruby = anchorSeconds("ruby " + source + "/bench/anchors/parse.rb " + file);
        const double python =
            anchorSeconds("/usr/bin/python3 " + source + "/bench/anchors/parse_python.py " + file);
        const double pandas =
            anchorSeconds("/usr/bin/python3 " + source + "/bench/anchors/parse_pandas.py " + file);
        const double sqlite = sqliteImportSeconds(file);
        const std::string n = rows == 100000 ? "100k" : "1M";
        printLine("parse " + n + ": CSV plugin via C ABI, validating sink", ours, "rows/s");
        if (uploadable)
            printLine("parse " + n + ": the same, col_sep/date/number auto", rows / *autoSeconds,
                      "rows/s");
        if (ruby > 0)
            printLine("parse " + n + ": Ruby CSV+BigDecimal+strptime", rows / ruby, "rows/s");
        if (python > 0)
            printLine("parse " + n + ": Python csv+Decimal+strptime", rows / python, "rows/s");
        if (pandas > 0) printLine("parse " + n + ": pandas read_csv", rows / pandas, "rows/s");
        if (sqlite > 0) printLine("parse " + n + ": sqlite3 .import", rows / sqlite, "rows/s");
        ratioLine("parse " + n + ": ratio to Ruby", ours, ruby > 0 ? rows / ruby : 0, 20);
        ratioLine("parse " + n + ": ratio to Python csv", ours, python > 0 ? rows / python : 0, 0);
        ratioLine("parse " + n + ": ratio to pandas", ours, pandas > 0 ? rows / pandas : 0,
                  rows == 1000000 ? 2 : 0);
        ratioLine("parse " + n + ": ratio to sqlite3 .import", ours, sqlite > 0 ? rows / sqlite : 0,
                  0);
        std::remove(file.c_str());
    }
    return 0;
}
