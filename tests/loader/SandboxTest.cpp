// plugins.isolation = process: runs in a finimport-plugin-run child behave like inline runs
// (same rows, same contract messages), and a crash, a loop, an allocation storm or a budget
// overrun fails only that run, with the sentence a user reads.
#include "TestSupport.h"
#include "plugin/PluginRegistry.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <thread>

using namespace finimport::plugin;
using namespace finimport::plugin::test;

namespace {

using Status = RunResult::Status;
using Clock = std::chrono::steady_clock;

RunPolicy processPolicy() {
    RunPolicy p;
    p.isolation = Isolation::Process;
    p.timeoutSeconds = 20;
    p.memoryLimitMb = 256;
    return p;
}

class SandboxFixture : public LoadedFixtures {
public:
    explicit SandboxFixture(RunPolicy policy = processPolicy())
        : LoadedFixtures({"good", "throws_in_run", "fails_run", "returns_nonzero_silently",
                          "bad_row_count", "misbehaves", "crashes", "loops", "hungry", "abi_1_0",
                          "fails_with_code"},
                         policy) {}
};

std::string failure(SandboxFixture& f, const std::string& type, const Options& options = {}) {
    const auto result = f.run(type, options);
    CPPUNIT_ASSERT_MESSAGE(result.error, result.status == Status::Failed);
    f.checkGoodStillRuns();
    return result.error;
}

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

class SandboxTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SandboxTest);
    CPPUNIT_TEST(runsTheGoodImporterInAChild);
    CPPUNIT_TEST(stopsWhenTheSinkSaysSo);
    CPPUNIT_TEST(rethrowsSinkAndReaderExceptions);
    CPPUNIT_TEST(keepsTheInlineMessages);
    CPPUNIT_TEST(failsACrashingPlugin);
    CPPUNIT_TEST(refusesForgedCalls);
    CPPUNIT_TEST(carriesFailCodesAndAbi10PluginsThroughTheChild);
    CPPUNIT_TEST(failsALoopingPluginAtItsDeadline);
    CPPUNIT_TEST(failsAMemoryHungryPlugin);
    CPPUNIT_TEST(enforcesRowAndOutputBudgets);
    CPPUNIT_TEST(enforcesBudgetsInlineToo);
    CPPUNIT_TEST(failsWhenTheRunnerIsMissing);
    CPPUNIT_TEST(runsConcurrently);
    CPPUNIT_TEST_SUITE_END();

public:
    void runsTheGoodImporterInAChild() {
        SandboxFixture f;
        const auto result = f.run("TestImport", {{"note", "hello"}}, "0123456789abcdef");
        CPPUNIT_ASSERT(result.status == Status::Ok);
        CPPUNIT_ASSERT_EQUAL(std::string(), result.error);
        CPPUNIT_ASSERT((f.sink.fields == std::vector<std::string>{"date", "amount", "note"}));
        const std::vector<std::optional<std::string>> first{"2024-01-01", "10.00", "hello"};
        const std::vector<std::optional<std::string>> second{"2024-01-02", "16", std::nullopt};
        CPPUNIT_ASSERT_EQUAL(size_t{2}, f.sink.rows.size());
        CPPUNIT_ASSERT(f.sink.rows[0] == first);
        CPPUNIT_ASSERT(f.sink.rows[1] == second);
        CPPUNIT_ASSERT_EQUAL(uint64_t{2}, f.sink.locations[1].record);
        CPPUNIT_ASSERT_EQUAL(uint64_t{3}, f.sink.locations[1].line);
        CPPUNIT_ASSERT(!f.sink.locations[0].section);
        CPPUNIT_ASSERT_EQUAL(std::string("Checking"), *f.sink.locations[1].section);
        CPPUNIT_ASSERT((f.sink.logs == std::vector<std::string>{"good: emitted 2 rows"}));
        CPPUNIT_ASSERT(
            f.log.contains("info: plugin good importer test.good: good: emitted 2 rows"));
        // An input larger than one read chunk arrives whole (the good importer counts it).
        RecordingSink big;
        const std::string input(3 * 1024 * 1024 + 7, 'x');
        CPPUNIT_ASSERT(
            runImporter(*f.registry.find("TestImport"), {}, readerOf(input), big).status ==
            Status::Ok);
        CPPUNIT_ASSERT_EQUAL(std::string("3145735"), big.rows.at(1).at(1).value_or(""));
    }

    void stopsWhenTheSinkSaysSo() {
        SandboxFixture f;
        f.sink.stopAfterRows = 1;
        const auto result = f.run("TestImport");
        CPPUNIT_ASSERT(result.status == Status::Stopped);
        CPPUNIT_ASSERT_EQUAL(std::string(), result.error);
        CPPUNIT_ASSERT_EQUAL(size_t{1}, f.sink.rows.size());
    }

    void rethrowsSinkAndReaderExceptions() {
        SandboxFixture f;
        f.sink.throwOnRow = true;
        CPPUNIT_ASSERT_THROW(f.run("TestImport"), std::runtime_error);
        RecordingSink sink;
        auto throwingReader = [](char*, size_t) -> int64_t { throw std::length_error("disk"); };
        CPPUNIT_ASSERT_THROW(runImporter(*f.registry.find("TestImport"), {}, throwingReader, sink),
                             std::length_error);
        auto overflowingReader = [](char*, size_t capacity) -> int64_t {
            return static_cast<int64_t>(capacity) + 1;
        };
        CPPUNIT_ASSERT_THROW(
            runImporter(*f.registry.find("TestImport"), {}, overflowingReader, sink),
            std::logic_error);
        CPPUNIT_ASSERT(sink.rows.empty());
        auto failingReader = [](char*, size_t) -> int64_t { return -1; };
        const auto result = runImporter(*f.registry.find("TestImport"), {}, failingReader, sink);
        CPPUNIT_ASSERT_EQUAL(std::string("good: the input could not be read"), result.error);
        f.checkGoodStillRuns();
    }

    // The Fail frame carries ABI 1.1 codes; a 1.0 plugin runs in the child unchanged.
    void carriesFailCodesAndAbi10PluginsThroughTheChild() {
        SandboxFixture f;
        const auto coded = f.run("CodedImport");
        CPPUNIT_ASSERT(coded.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_examplebank"), coded.errorCode);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The ExampleBank file could not be parsed: no header row (line 1)"),
            coded.error);
        const auto bad = f.run("CodedImport", {{"code", "Bad"}});
        CPPUNIT_ASSERT(bad.status == Status::Failed && bad.errorCode.empty());
        const auto old = f.run("Abi10Import", {{"mode", "fatal"}});
        CPPUNIT_ASSERT_EQUAL(std::string("The ABI10 file could not be parsed: no header (line 1)"),
                             old.error);
        CPPUNIT_ASSERT_EQUAL(std::string(), old.errorCode);
        CPPUNIT_ASSERT(f.run("Abi10Import").status == Status::Ok);
        f.checkGoodStillRuns();
    }

    void keepsTheInlineMessages() {
        SandboxFixture f;
        CPPUNIT_ASSERT_EQUAL(
            std::string("plugin throws_in_run importer test.throws threw: boom from inside the "
                        "plugin"),
            failure(f, "ThrowsImport"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unterminated quote (line 3)"),
            failure(f, "FailsImport"));
        CPPUNIT_ASSERT_EQUAL(std::string("plugin returns_nonzero_silently importer test.silent "
                                         "failed without an error message"),
                             failure(f, "SilentImport"));
        CPPUNIT_ASSERT_EQUAL(std::string("plugin bad_row_count importer test.bad_row_count broke "
                                         "the plugin contract: row() passed 2 values, but begin() "
                                         "declared 3 fields"),
                             failure(f, "BadRowCountImport"));
        const std::string prefix = "plugin misbehaves importer test.misbehaves ";
        CPPUNIT_ASSERT_EQUAL(prefix + "broke the plugin contract: row() was called before begin()",
                             failure(f, "MisbehaveImport", {{"mode", "row_before_begin"}}));
        CPPUNIT_ASSERT_EQUAL(prefix + "broke the plugin contract: row() passed a NULL location",
                             failure(f, "MisbehaveImport", {{"mode", "null_location"}}));
        CPPUNIT_ASSERT_EQUAL(prefix + "returned the unknown status 7",
                             failure(f, "MisbehaveImport", {{"mode", "unknown_status"}}));
        CPPUNIT_ASSERT_EQUAL(std::string("half the file was lost"),
                             failure(f, "MisbehaveImport", {{"mode", "error_then_ok"}}));
        RecordingSink sink;
        const auto utf8 = runImporter(*f.registry.find("MisbehaveImport"), {{"mode", "bad_utf8"}},
                                      readerOf(""), sink);
        CPPUNIT_ASSERT(utf8.status == Status::Ok);
        CPPUNIT_ASSERT_EQUAL(std::string("1.00\xEF\xBF\xBD"), *sink.rows.at(0).at(1));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_number"), sink.rowErrors.at(0).code);
    }

    void failsACrashingPlugin() {
        SandboxFixture f;
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin crashed (signal 11)"),
                             failure(f, "CrashImport", {{"mode", "segv"}}));
        CPPUNIT_ASSERT(f.log.contains("error: plugin crashes importer test.crashes run failed: "
                                      "The import plugin crashed (signal 11)"));
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin crashed (signal 6)"),
                             failure(f, "CrashImport", {{"mode", "abort"}}));
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin exited unexpectedly (status 7)"),
                             failure(f, "CrashImport", {{"mode", "exit"}}));
    }

    // The child's calls are replayed with every read bounded by its frame, and only the host's
    // own thread may end a run from the plugin's side (plugin/CallReplayer.h).
    void refusesForgedCalls() {
        SandboxFixture f;
        for (const char* mode : {"forge_halt", "forge_short", "forge_count"})
            CPPUNIT_ASSERT_EQUAL(std::string("plugin crashes importer test.crashes broke the "
                                             "plugin contract: sent a malformed message to the "
                                             "host"),
                                 failure(f, "CrashImport", {{"mode", mode}}));
        CPPUNIT_ASSERT(f.sink.rows.empty());
    }

    void failsALoopingPluginAtItsDeadline() {
        RunPolicy policy = processPolicy();
        policy.timeoutSeconds = 1;
        SandboxFixture f(policy);
        const auto start = Clock::now();
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin exceeded its time limit of 1 s"),
                             failure(f, "LoopImport", {{"mode", "spin"}}));
        CPPUNIT_ASSERT_MESSAGE(std::to_string(secondsSince(start)), secondsSince(start) < 3.0);
    }

    void failsAMemoryHungryPlugin() {
#ifdef FINIMPORT_SANITIZED
        return; // no RLIMIT_AS under ASan: the fixture would eat the machine's memory
#endif
        SandboxFixture f;
        const std::string expected = "The import plugin exceeded its memory limit of 256 MB";
        CPPUNIT_ASSERT_EQUAL(expected, failure(f, "HungryImport", {{"mode", "crash"}}));
        CPPUNIT_ASSERT_EQUAL(expected, failure(f, "HungryImport", {{"mode", "report"}}));
    }

    void enforcesRowAndOutputBudgets() {
        RunPolicy policy = processPolicy();
        policy.maxRows = 1000;
        SandboxFixture f(policy);
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin exceeded its row limit of 1000 rows"),
                             failure(f, "LoopImport", {{"mode", "rows"}}));
        CPPUNIT_ASSERT_EQUAL(size_t{1000}, f.sink.rows.size());
        policy.maxRows = 0;
        policy.maxOutputBytes = 5000; // "again" is 5 bytes, "transaction"+"note" 15
        SandboxFixture g(policy);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The import plugin exceeded its output limit of 5000 bytes"),
            failure(g, "LoopImport", {{"mode", "rows"}}));
        CPPUNIT_ASSERT_EQUAL(size_t{997}, g.sink.rows.size());
    }

    void enforcesBudgetsInlineToo() {
        RunPolicy policy;
        policy.maxRows = 10;
        SandboxFixture f(policy);
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin exceeded its row limit of 10 rows"),
                             failure(f, "LoopImport", {{"mode", "rows"}}));
        policy.maxRows = 0;
        policy.timeoutSeconds = 1;
        SandboxFixture g(policy);
        const auto start = Clock::now();
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin exceeded its time limit of 1 s"),
                             failure(g, "LoopImport", {{"mode", "rows"}}));
        CPPUNIT_ASSERT(secondsSince(start) < 3.0);
    }

    void failsWhenTheRunnerIsMissing() {
        RunPolicy policy = processPolicy();
        policy.runnerPath = "/nonexistent/finimport-plugin-run";
        SandboxFixture f(policy);
        const auto result = f.run("TestImport");
        CPPUNIT_ASSERT(result.status == Status::Failed);
        CPPUNIT_ASSERT_EQUAL(std::string("The import plugin could not be started: "
                                         "/nonexistent/finimport-plugin-run: No such file or "
                                         "directory"),
                             result.error);
    }

    void runsConcurrently() {
        SandboxFixture f;
        const ImporterHandle& good = *f.registry.find("TestImport");
        std::atomic<int> okRuns{0};
        auto worker = [&](const std::string& note) {
            for (int i = 0; i < 25; ++i) {
                RecordingSink sink;
                const auto result = runImporter(good, {{"note", note}}, readerOf(note), sink);
                if (result.status == Status::Ok && sink.rows.size() == 2 &&
                    sink.rows[0][2] == note && sink.rows[1][1] == std::to_string(note.size()))
                    ++okRuns;
            }
        };
        std::thread first(worker, "first thread");
        std::thread second(worker, "the second thread");
        first.join();
        second.join();
        CPPUNIT_ASSERT_EQUAL(50, okRuns.load());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SandboxTest);
