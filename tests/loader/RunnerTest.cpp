// Running importers: results, contained plugin failures, contract violations, concurrency; each
// case on two threads (the default, plugin/RelayedRun.h) and on one.
#include "TestSupport.h"
#include "plugin/PluginRegistry.h"
#include "plugin/RowViewSink.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <thread>

using namespace finimport::plugin;
using namespace finimport::plugin::test;

namespace {

using Status = RunResult::Status;

// RunnerOnOneThreadTest runs every case with RunPolicy::relayed off (plugin/RelayedRun.h).
bool gOnOneThread = false;

RunPolicy runnerPolicy() {
    RunPolicy policy;
    policy.relayed = !gOnOneThread;
    return policy;
}

class RunnerFixture : public LoadedFixtures {
public:
    RunnerFixture()
        : LoadedFixtures({"good", "throws_in_run", "fails_run", "returns_nonzero_silently",
                          "bad_row_count", "misbehaves", "abi_1_0", "fails_with_code"},
                         runnerPolicy()) {}
};

std::string misbehave(RunnerFixture& fixture, const std::string& mode, Status expected) {
    const auto result = fixture.run("MisbehaveImport", {{"mode", mode}});
    CPPUNIT_ASSERT_MESSAGE(mode, result.status == expected);
    fixture.checkGoodStillRuns();
    return result.error;
}

} // namespace

class RunnerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RunnerTest);
    CPPUNIT_TEST(runsTheGoodImporter);
    CPPUNIT_TEST(stopsWhenTheSinkSaysSo);
    CPPUNIT_TEST(rethrowsSinkAndReaderExceptionsAfterTheRun);
    CPPUNIT_TEST(reportsAReadError);
    CPPUNIT_TEST(containsAPluginThatThrows);
    CPPUNIT_TEST(reportsTheFirstSetError);
    CPPUNIT_TEST(runsAnAbi10PluginUnchanged);
    CPPUNIT_TEST(carriesTheCodeOfFail);
    CPPUNIT_TEST(failsAnInvalidErrorCode);
    CPPUNIT_TEST(failsASilentNonZeroReturn);
    CPPUNIT_TEST(failsAWrongValueCount);
    CPPUNIT_TEST(failsOtherContractViolations);
    CPPUNIT_TEST(repairsInvalidUtf8FromThePlugin);
    CPPUNIT_TEST(takesSizedValues);
    CPPUNIT_TEST(aViewSinkGetsTheSameValues);
    CPPUNIT_TEST(forwardsNothingAfterAStop);
    CPPUNIT_TEST(runsConcurrently);
    CPPUNIT_TEST_SUITE_END();

public:
    void runsTheGoodImporter() {
        RunnerFixture f;
        const auto result = f.run("TestImport", {{"note", "hello"}}, "0123456789abcdef");
        CPPUNIT_ASSERT(result.status == Status::Ok);
        CPPUNIT_ASSERT_EQUAL(std::string(), result.error);
        CPPUNIT_ASSERT((f.sink.kinds == std::vector<std::string>{"transaction"}));
        CPPUNIT_ASSERT((f.sink.fields == std::vector<std::string>{"date", "amount", "note"}));
        CPPUNIT_ASSERT_EQUAL(size_t{2}, f.sink.rows.size());
        const std::vector<std::optional<std::string>> first{"2024-01-01", "10.00", "hello"};
        const std::vector<std::optional<std::string>> second{"2024-01-02", "16", std::nullopt};
        CPPUNIT_ASSERT(f.sink.rows[0] == first);
        CPPUNIT_ASSERT(f.sink.rows[1] == second);
        CPPUNIT_ASSERT_EQUAL(uint64_t{2}, f.sink.locations[1].record);
        CPPUNIT_ASSERT_EQUAL(uint64_t{3}, f.sink.locations[1].line);
        CPPUNIT_ASSERT(!f.sink.locations[0].section);
        CPPUNIT_ASSERT_EQUAL(std::string("Checking"), *f.sink.locations[1].section);
        CPPUNIT_ASSERT((f.sink.logs == std::vector<std::string>{"good: emitted 2 rows"}));
        CPPUNIT_ASSERT(
            f.log.contains("info: plugin good importer test.good: good: emitted 2 rows"));
    }

    void stopsWhenTheSinkSaysSo() {
        RunnerFixture f;
        f.sink.stopAfterRows = 1;
        const auto result = f.run("TestImport");
        CPPUNIT_ASSERT(result.status == Status::Stopped);
        CPPUNIT_ASSERT_EQUAL(std::string(), result.error);
        CPPUNIT_ASSERT_EQUAL(size_t{1}, f.sink.rows.size());
    }

    void rethrowsSinkAndReaderExceptionsAfterTheRun() {
        RunnerFixture f;
        f.sink.throwOnRow = true;
        CPPUNIT_ASSERT_THROW_MESSAGE("sink", f.run("TestImport"), std::runtime_error);
        RecordingSink sink;
        auto throwingReader = [](char*, size_t) -> int64_t { throw std::length_error("disk"); };
        CPPUNIT_ASSERT_THROW(runImporter(*f.registry.find("TestImport"), {}, throwingReader, sink),
                             std::length_error);
        CPPUNIT_ASSERT(sink.rows.empty());
        auto overflowingReader = [](char*, size_t capacity) -> int64_t {
            return static_cast<int64_t>(capacity) + 1;
        };
        CPPUNIT_ASSERT_THROW(
            runImporter(*f.registry.find("TestImport"), {}, overflowingReader, sink),
            std::logic_error);
        f.checkGoodStillRuns();
    }

    void reportsAReadError() {
        RunnerFixture f;
        auto failingReader = [](char*, size_t) -> int64_t { return -1; };
        const auto result = runImporter(*f.registry.find("TestImport"), {}, failingReader, f.sink);
        CPPUNIT_ASSERT(result.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(std::string("good: the input could not be read"), result.error);
    }

    void containsAPluginThatThrows() {
        RunnerFixture f;
        const auto result = f.run("ThrowsImport");
        CPPUNIT_ASSERT(result.status == Status::Failed);
        const std::string expected =
            "plugin throws_in_run importer test.throws threw: boom from inside the plugin";
        CPPUNIT_ASSERT_EQUAL(expected, result.error);
        CPPUNIT_ASSERT(f.log.contains("error: plugin throws_in_run importer test.throws run "
                                      "failed: " +
                                      expected));
        f.checkGoodStillRuns();
    }

    void reportsTheFirstSetError() {
        RunnerFixture f;
        const auto result = f.run("FailsImport");
        CPPUNIT_ASSERT(result.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unterminated quote (line 3)"), result.error);
        f.checkGoodStillRuns();
    }

    // A plugin built against the verbatim 1.0 header: loaded, run, its set_error kept as is
    // and without a code (the host derives one from the manifest).
    void runsAnAbi10PluginUnchanged() {
        RunnerFixture f;
        const ImporterHandle& old = *f.registry.find("Abi10Import");
        CPPUNIT_ASSERT_EQUAL(std::string("1.0.0"), old.pluginVersion);
        CPPUNIT_ASSERT_EQUAL(size_t{48}, old.importer->struct_size);
        const auto ok = f.run("Abi10Import");
        CPPUNIT_ASSERT(ok.status == Status::Ok);
        CPPUNIT_ASSERT_EQUAL(size_t{1}, f.sink.rows.size());
        const std::vector<std::optional<std::string>> row{"2024-03-01", "-12.34"};
        CPPUNIT_ASSERT(f.sink.rows[0] == row);
        const auto fatal = f.run("Abi10Import", {{"mode", "fatal"}});
        CPPUNIT_ASSERT(fatal.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(std::string("The ABI10 file could not be parsed: no header (line 1)"),
                             fatal.error);
        CPPUNIT_ASSERT_EQUAL(std::string(), fatal.errorCode);
        f.checkGoodStillRuns();
    }

    // ABI 1.1 fail(): the code and the sentence reach RunResult; later fatal errors are ignored.
    void carriesTheCodeOfFail() {
        RunnerFixture f;
        const auto result = f.run("CodedImport");
        CPPUNIT_ASSERT(result.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_examplebank"), result.errorCode);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The ExampleBank file could not be parsed: no header row (line 1)"),
            result.error);
        CPPUNIT_ASSERT_EQUAL(std::string(), f.run("FailsImport").errorCode); // 1.0 set_error
        f.checkGoodStillRuns();
    }

    void failsAnInvalidErrorCode() {
        RunnerFixture f;
        const std::string who = "plugin fails_with_code importer test.coded broke the plugin "
                                "contract: fail() passed an invalid error code";
        const auto upper = f.run("CodedImport", {{"code", "Invalid ExampleBank"}});
        CPPUNIT_ASSERT(upper.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(who + " \"Invalid ExampleBank\" (expected 1-64 characters of a-z, "
                                   "0-9 and _)",
                             upper.error);
        CPPUNIT_ASSERT_EQUAL(std::string(), upper.errorCode);
        const auto null = f.run("CodedImport", {{"code", "<null>"}});
        CPPUNIT_ASSERT_EQUAL(who + " NULL (expected 1-64 characters of a-z, 0-9 and _)",
                             null.error);
        const auto empty = f.run("CodedImport", {{"code", ""}});
        CPPUNIT_ASSERT(empty.status == Status::Failed && empty.errorCode.empty());
        const auto longCode = f.run("CodedImport", {{"code", std::string(65, 'a')}});
        CPPUNIT_ASSERT(longCode.status == Status::Failed && longCode.errorCode.empty());
        const auto longest = f.run("CodedImport", {{"code", std::string(64, 'a')}});
        CPPUNIT_ASSERT_EQUAL(std::string(64, 'a'), longest.errorCode);
        f.checkGoodStillRuns();
    }

    void failsASilentNonZeroReturn() {
        RunnerFixture f;
        const auto result = f.run("SilentImport");
        CPPUNIT_ASSERT(result.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(std::string("plugin returns_nonzero_silently importer test.silent "
                                         "failed without an error message"),
                             result.error);
        f.checkGoodStillRuns();
    }

    void failsAWrongValueCount() {
        RunnerFixture f;
        const auto result = f.run("BadRowCountImport");
        CPPUNIT_ASSERT(result.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(std::string("plugin bad_row_count importer test.bad_row_count broke "
                                         "the plugin contract: row() passed 2 values, but begin() "
                                         "declared 3 fields"),
                             result.error);
        CPPUNIT_ASSERT_EQUAL(size_t{1}, f.sink.kinds.size());
        CPPUNIT_ASSERT(f.sink.rows.empty());
        f.checkGoodStillRuns();
    }

    void failsOtherContractViolations() {
        RunnerFixture f;
        const std::string prefix = "plugin misbehaves importer test.misbehaves ";
        CPPUNIT_ASSERT_EQUAL(prefix + "broke the plugin contract: row() was called before begin()",
                             misbehave(f, "row_before_begin", Status::Failed));
        CPPUNIT_ASSERT_EQUAL(prefix + "broke the plugin contract: row() passed a NULL location",
                             misbehave(f, "null_location", Status::Failed));
        CPPUNIT_ASSERT_EQUAL(prefix + "returned FI_RUN_STOPPED although the host did not ask it "
                                      "to stop",
                             misbehave(f, "stopped_unasked", Status::Failed));
        CPPUNIT_ASSERT_EQUAL(prefix + "returned the unknown status 7",
                             misbehave(f, "unknown_status", Status::Failed));
        CPPUNIT_ASSERT_EQUAL(std::string("half the file was lost"),
                             misbehave(f, "error_then_ok", Status::Failed));
        CPPUNIT_ASSERT_EQUAL(std::string(), misbehave(f, "normal", Status::Ok));
    }

    void repairsInvalidUtf8FromThePlugin() {
        RunnerFixture f;
        const std::string bad = "\xEF\xBF\xBD";
        CPPUNIT_ASSERT_EQUAL(std::string(), misbehave(f, "bad_utf8", Status::Ok));
        CPPUNIT_ASSERT_EQUAL("1.00" + bad, *f.sink.rows.at(0).at(1));
        CPPUNIT_ASSERT_EQUAL("Checking " + bad + "(", *f.sink.locations.at(0).section);
        const RecordedRowError& error = f.sink.rowErrors.at(0);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_number"), error.code);
        CPPUNIT_ASSERT_EQUAL(std::string("amount"), *error.field);
        CPPUNIT_ASSERT_EQUAL("Amount \"1.00" + bad + "\" is not a number", error.message);
        CPPUNIT_ASSERT_EQUAL("1.00" + bad, *error.raw);
        CPPUNIT_ASSERT_EQUAL(uint64_t{1}, error.location.record);
        CPPUNIT_ASSERT((f.sink.logs == std::vector<std::string>{"odd byte " + bad + " seen"}));
    }

    // ABI 1.2 row_sized: each value is its pointer and length (no terminator read); a NUL byte
    // ends a value as it would in row(); invalid UTF-8 is repaired.
    void takesSizedValues() {
        RunnerFixture f;
        CPPUNIT_ASSERT_EQUAL(std::string(), misbehave(f, "sized_values", Status::Ok));
        const std::vector<std::optional<std::string>> first{"2024-01-02", "7.5\xEF\xBF\xBD"};
        const std::vector<std::optional<std::string>> second{std::nullopt, "12"};
        CPPUNIT_ASSERT_EQUAL(size_t{2}, f.sink.rows.size());
        CPPUNIT_ASSERT(f.sink.rows[0] == first);
        CPPUNIT_ASSERT(f.sink.rows[1] == second);
    }

    // A sink that is also a RowViewSink receives every row as views, with the values the
    // copying row() gets: absent values as nullopt, invalid UTF-8 repaired.
    void aViewSinkGetsTheSameValues() {
        struct ViewSink : RecordingSink, RowViewSink {
            bool rowView(std::span<const std::optional<std::string_view>> values,
                         const Location& location) override {
                std::vector<std::optional<std::string>> copied;
                for (const auto& value : values)
                    copied.push_back(value ? std::optional<std::string>(*value) : std::nullopt);
                viewed.push_back(copied);
                return RecordingSink::row(copied, location);
            }
            std::vector<std::vector<std::optional<std::string>>> viewed;
        };
        RunnerFixture f;
        ViewSink sink;
        const auto ok = runImporter(*f.registry.find("TestImport"), {{"note", "hello"}},
                                    readerOf("0123456789abcdef"), sink);
        CPPUNIT_ASSERT(ok.status == Status::Ok);
        const std::vector<std::optional<std::string>> first{"2024-01-01", "10.00", "hello"};
        const std::vector<std::optional<std::string>> second{"2024-01-02", "16", std::nullopt};
        CPPUNIT_ASSERT_EQUAL(size_t{2}, sink.viewed.size());
        CPPUNIT_ASSERT(sink.viewed[0] == first);
        CPPUNIT_ASSERT(sink.viewed[1] == second);
        ViewSink badSink;
        const auto bad = runImporter(*f.registry.find("MisbehaveImport"), {{"mode", "bad_utf8"}},
                                     readerOf(""), badSink);
        CPPUNIT_ASSERT(bad.status == Status::Ok);
        CPPUNIT_ASSERT_EQUAL(std::string("1.00\xEF\xBF\xBD"), *badSink.viewed.at(0).at(1));
    }

    void forwardsNothingAfterAStop() {
        RunnerFixture f;
        f.sink.stopAfterRows = 1;
        CPPUNIT_ASSERT_EQUAL(std::string(), misbehave(f, "keeps_going", Status::Stopped));
        CPPUNIT_ASSERT_EQUAL(size_t{1}, f.sink.rows.size());
    }

    void runsConcurrently() {
        RunnerFixture f;
        const ImporterHandle& good = *f.registry.find("TestImport");
        std::atomic<int> okRuns{0};
        auto worker = [&](const std::string& note) {
            for (int i = 0; i < 200; ++i) {
                RecordingSink sink;
                const auto result = runImporter(good, {{"note", note}}, readerOf(note), sink);
                if (result.status == Status::Ok && sink.rows.size() == 2 &&
                    sink.rows[0][2] == note && sink.rows[1][1] == std::to_string(note.size())) {
                    ++okRuns;
                }
            }
        };
        std::thread first(worker, "first thread");
        std::thread second(worker, "the second thread");
        first.join();
        second.join();
        CPPUNIT_ASSERT_EQUAL(400, okRuns.load());
    }
};

// The same cases with the plugin on the calling thread: both ways answer alike.
class RunnerOnOneThreadTest : public RunnerTest {
    CPPUNIT_TEST_SUB_SUITE(RunnerOnOneThreadTest, RunnerTest);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { gOnOneThread = true; }
    void tearDown() override { gOnOneThread = false; }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RunnerTest);
CPPUNIT_TEST_SUITE_REGISTRATION(RunnerOnOneThreadTest);
