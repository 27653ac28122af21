// Helpers shared by the plugin loader tests: fixture paths, a captured logger, a recording sink.
#pragma once

#include "plugin/ImporterRunner.h"
#include "plugin/Logger.h"
#include "plugin/PluginRegistry.h"

#include <cppunit/TestAssert.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace finimport::plugin::test {

inline std::string fixtureDir(const std::string& fixtureCase) {
    return std::string(LOADER_FIXTURE_DIR) + "/" + fixtureCase;
}

inline std::string fixtureFile(const std::string& fixtureCase) {
    return fixtureDir(fixtureCase) + "/" + fixtureCase + ".so";
}

// Collects log lines as "<level>: <message>"; safe to use from several threads.
class CapturedLog {
public:
    Logger logger() {
        return [this](LogLevel level, const std::string& message) {
            std::lock_guard lock(_mutex);
            _lines.push_back(std::string(logLevelName(level)) + ": " + message);
        };
    }
    std::vector<std::string> lines() const {
        std::lock_guard lock(_mutex);
        return _lines;
    }
    bool contains(const std::string& line) const {
        const auto all = lines();
        return std::find(all.begin(), all.end(), line) != all.end();
    }

private:
    mutable std::mutex _mutex;
    std::vector<std::string> _lines;
};

struct RecordedRowError {
    std::string code;
    Location location;
    std::optional<std::string> field;
    std::string message;
    std::optional<std::string> raw;
};

// Records everything; can stop after a number of rows or throw from row().
class RecordingSink : public RecordSink {
public:
    bool begin(const std::string& kind, const std::vector<std::string>& names) override {
        kinds.push_back(kind);
        fields = names;
        return true;
    }
    bool row(const std::vector<std::optional<std::string>>& values,
             const Location& location) override {
        if (throwOnRow) throw std::runtime_error("the store is full");
        rows.push_back(values);
        locations.push_back(location);
        return rows.size() < stopAfterRows;
    }
    bool rowError(const std::string& code, const Location& location,
                  const std::optional<std::string>& field, const std::string& message,
                  const std::optional<std::string>& raw) override {
        rowErrors.push_back({code, location, field, message, raw});
        return true;
    }
    void log(int /*level*/, const std::string& message) override { logs.push_back(message); }

    size_t stopAfterRows = SIZE_MAX;
    bool throwOnRow = false;
    std::vector<std::string> kinds;
    std::vector<std::string> fields;
    std::vector<std::vector<std::optional<std::string>>> rows;
    std::vector<Location> locations;
    std::vector<RecordedRowError> rowErrors;
    std::vector<std::string> logs;
};

// A reader over `data`, handing out at most 7 bytes per call to exercise partial reads.
inline std::function<int64_t(char*, size_t)> readerOf(std::string data) {
    auto offset = std::make_shared<size_t>(0);
    return [data = std::move(data), offset](char* buffer, size_t capacity) -> int64_t {
        const size_t count = std::min({capacity, size_t{7}, data.size() - *offset});
        std::copy_n(data.data() + *offset, count, buffer);
        *offset += count;
        return static_cast<int64_t>(count);
    };
}

using Options = std::vector<std::pair<std::string, std::optional<std::string>>>;

// The fixture importers of `cases` (fixtureDir), loaded under `policy` into a registry that logs
// to `log`; run() runs one into `sink`.
class LoadedFixtures {
public:
    LoadedFixtures(const std::vector<std::string>& cases, const RunPolicy& policy)
        : registry(log.logger()) {
        std::vector<std::string> dirs;
        for (const auto& c : cases)
            dirs.push_back(fixtureDir(c));
        registry.loadDirectories(dirs, policy);
        if (!registry.problems().empty())
            throw std::runtime_error("a fixture importer did not load");
    }

    RunResult run(const std::string& type, const Options& options = {},
                  const std::string& input = "") {
        return runImporter(*registry.find(type), options, readerOf(input), sink);
    }

    // The good importer ("TestImport") still runs after whatever ran before (in its own child
    // under process isolation).
    void checkGoodStillRuns() {
        RecordingSink goodSink;
        const auto result =
            runImporter(*registry.find("TestImport"), {}, readerOf("after"), goodSink);
        CPPUNIT_ASSERT(result.status == RunResult::Status::Ok);
        CPPUNIT_ASSERT_EQUAL(size_t{2}, goodSink.rows.size());
    }

    CapturedLog log;
    PluginRegistry registry;
    RecordingSink sink;
};

} // namespace finimport::plugin::test
