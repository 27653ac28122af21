// Loading: every broken fixture is refused with a clear message, the good plugin still loads.
#include "TestSupport.h"
#include "plugin/PluginLoader.h"
#include "plugin/PluginRegistry.h"

#include <cppunit/extensions/HelperMacros.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

using namespace finimport::plugin;
using namespace finimport::plugin::test;

namespace {

const std::string kEntry = "finimport_plugin_entry_v1";

// Loads `good` and `fixtureCase` into `registry`; checks that exactly one problem, for the
// fixture's file, was recorded and logged, and that the good importer still works.
std::string refusalOf(const std::string& fixtureCase, const std::string& level = "error") {
    CapturedLog log;
    PluginRegistry registry(log.logger());
    registry.loadDirectories({fixtureDir("good"), fixtureDir(fixtureCase)});
    CPPUNIT_ASSERT_EQUAL(size_t{1}, registry.problems().size());
    const LoadProblem& problem = registry.problems()[0];
    CPPUNIT_ASSERT_EQUAL(fixtureFile(fixtureCase), problem.path);
    CPPUNIT_ASSERT(log.contains(level + ": refused " + problem.path + ": " + problem.message));
    const ImporterHandle* good = registry.find("TestImport");
    CPPUNIT_ASSERT(good != nullptr);
    RecordingSink sink;
    CPPUNIT_ASSERT(runImporter(*good, {}, readerOf("abc"), sink).status == RunResult::Status::Ok);
    CPPUNIT_ASSERT_EQUAL(size_t{2}, sink.rows.size());
    return problem.message;
}

} // namespace

class LoaderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LoaderTest);
    CPPUNIT_TEST(loadsTheGoodPlugin);
    CPPUNIT_TEST(refusesAFileThatIsNotASharedObject);
    CPPUNIT_TEST(refusesAPluginWithoutEntrySymbol);
    CPPUNIT_TEST(refusesANewerMinorAbi);
    CPPUNIT_TEST(refusesAnotherMajorAbi);
    CPPUNIT_TEST(refusesAnInvalidManifest);
    CPPUNIT_TEST(refusesRowChecksOfAnUnknownImporter);
    CPPUNIT_TEST(refusesManifestTypesThatDifferFromTheDescriptor);
    CPPUNIT_TEST(firstImporterOfATypeWins);
    CPPUNIT_TEST(reportsMissingDirectories);
    CPPUNIT_TEST(refusesUnsafeDirectories);
    CPPUNIT_TEST(loadingTwiceChangesNothing);
    CPPUNIT_TEST(loadsEveryFixtureTogether);
    CPPUNIT_TEST_SUITE_END();

public:
    void loadsTheGoodPlugin() {
        CapturedLog log;
        PluginRegistry registry(log.logger());
        registry.loadDirectories({fixtureDir("good")});
        CPPUNIT_ASSERT(registry.problems().empty());
        const ImporterHandle* good = registry.find("TestImport");
        CPPUNIT_ASSERT(good != nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("test.good"), good->id);
        CPPUNIT_ASSERT_EQUAL(std::string("good"), good->pluginName);
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.3"), good->pluginVersion);
        CPPUNIT_ASSERT_EQUAL(fixtureFile("good"), good->file);
        CPPUNIT_ASSERT(good->manifest.accepts("text/plain", ""));
        CPPUNIT_ASSERT_EQUAL(std::string("note"), good->manifest.options.at(0).name);
        CPPUNIT_ASSERT(registry.find("testimport") == nullptr);
        CPPUNIT_ASSERT(registry.find("") == nullptr);
        CPPUNIT_ASSERT(log.contains("info: loaded plugin good 1.2.3 from " + fixtureFile("good") +
                                    " (importers: test.good)"));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_YES, probeImporter(*good, "TEST;data", "a.test"));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_NO, probeImporter(*good, "date;amount", nullptr));
    }

    void refusesAFileThatIsNotASharedObject() {
        CPPUNIT_ASSERT_EQUAL("cannot be loaded: " + fixtureFile("not_elf") + ": file too short",
                             refusalOf("not_elf"));
    }

    void refusesAPluginWithoutEntrySymbol() {
        CPPUNIT_ASSERT_EQUAL("does not export the entry symbol " + kEntry, refusalOf("no_entry"));
    }

    void refusesANewerMinorAbi() {
        CPPUNIT_ASSERT_EQUAL(std::string("plugin newer_minor was built for ABI 1.3, this host "
                                         "supports 1.2"),
                             refusalOf("newer_minor"));
    }

    void refusesAnotherMajorAbi() {
        CPPUNIT_ASSERT_EQUAL(std::string("plugin newer_major.so was built for ABI 2.0, this host "
                                         "supports 1.2"),
                             refusalOf("newer_major"));
    }

    // ABI 1.1 finimport_row_checks_v1 (docs/decisions.md D67): a table naming another importer
    // is a broken build; a plugin without the symbol has no row checks.
    void refusesRowChecksOfAnUnknownImporter() {
        CPPUNIT_ASSERT_EQUAL(std::string("plugin bad_row_checks row checks #1 names the unknown "
                                         "importer \"test.elsewhere\""),
                             refusalOf("bad_row_checks"));
        PluginRegistry registry([](LogLevel, const std::string&) {});
        registry.loadDirectories({fixtureDir("good")});
        CPPUNIT_ASSERT(registry.find("TestImport")->checkRow == nullptr);
    }

    void refusesAnInvalidManifest() {
        CPPUNIT_ASSERT_EQUAL(
            std::string("plugin bad_manifest importer test.bad_manifest has an "
                        "invalid manifest: not valid JSON: unterminated array at column 31"),
            refusalOf("bad_manifest"));
    }

    void refusesManifestTypesThatDifferFromTheDescriptor() {
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(plugin manifest_types_mismatch importer test.mismatch has a manifest )"
                        R"(whose "types" ["OtherImport"] differ from the importer's types )"
                        R"(["MismatchImport"])"),
            refusalOf("manifest_types_mismatch"));
    }

    void firstImporterOfATypeWins() {
        const std::string message = refusalOf("duplicate_type", "warning");
        CPPUNIT_ASSERT_EQUAL("plugin duplicate_type importer test.duplicate refused: type "
                             "TestImport is already served by plugin good importer test.good (" +
                                 fixtureFile("good") + ")",
                             message);
        // The same plugin's other importer is unaffected.
        PluginRegistry registry([](LogLevel, const std::string&) {});
        registry.loadDirectories({fixtureDir("duplicate_type"), fixtureDir("good")});
        CPPUNIT_ASSERT_EQUAL(std::string("test.duplicate"), registry.find("TestImport")->id);
        CPPUNIT_ASSERT_EQUAL(std::string("test.duplicate_own"),
                             registry.find("DuplicateOwnImport")->id);
        CPPUNIT_ASSERT_EQUAL(
            "plugin good importer test.good refused: type TestImport is already served by "
            "plugin duplicate_type importer test.duplicate (" +
                fixtureFile("duplicate_type") + ")",
            registry.problems().at(0).message);
    }

    void reportsMissingDirectories() {
        CapturedLog log;
        PluginRegistry registry(log.logger());
        const std::string missing = fixtureDir("no_such_case");
        registry.loadDirectories({missing, fixtureFile("good"), fixtureDir("good")});
        CPPUNIT_ASSERT_EQUAL(size_t{2}, registry.problems().size());
        CPPUNIT_ASSERT_EQUAL(missing, registry.problems()[0].path);
        CPPUNIT_ASSERT_EQUAL(std::string("plugin directory does not exist"),
                             registry.problems()[0].message);
        CPPUNIT_ASSERT_EQUAL(std::string("plugin directory is not a directory"),
                             registry.problems()[1].message);
        CPPUNIT_ASSERT(
            log.contains("warning: refused " + missing + ": plugin directory does not exist"));
        CPPUNIT_ASSERT(registry.find("TestImport") != nullptr);
    }

    // A world-writable directory (or, as root, one not owned by root) is
    // refused with a log line, and nothing in it is loaded.
    void refusesUnsafeDirectories() {
        namespace fs = std::filesystem;
        const fs::path dir =
            fs::temp_directory_path() / ("fi_unsafe_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        fs::copy_file(fixtureFile("good"), dir / "good.so");
        fs::permissions(dir, fs::perms::all);
        CapturedLog log;
        PluginRegistry registry(log.logger());
        registry.loadDirectories({dir.string()});
        CPPUNIT_ASSERT_EQUAL(size_t{1}, registry.problems().size());
        CPPUNIT_ASSERT_EQUAL(
            std::string("plugin directory is world-writable (anyone could add a plugin)"),
            registry.problems()[0].message);
        CPPUNIT_ASSERT(log.contains("warning: refused " + dir.string() +
                                    ": plugin directory is world-writable (anyone could add a "
                                    "plugin)"));
        CPPUNIT_ASSERT(registry.find("TestImport") == nullptr);

        fs::permissions(dir, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                 fs::perms::others_read | fs::perms::others_exec);
        CPPUNIT_ASSERT(!PluginLoader::directoryRefusal(dir, 0)); // root-owned, 0755
        CPPUNIT_ASSERT(!PluginLoader::directoryRefusal(dir, 1000));
        struct stat st {};
        CPPUNIT_ASSERT_EQUAL(0, ::stat(dir.c_str(), &st));
        if (st.st_uid == 0) {
            // As root the suite can hand the directory to another user.
            CPPUNIT_ASSERT_EQUAL(0, ::chown(dir.c_str(), 1000, 1000));
            CPPUNIT_ASSERT_EQUAL(
                std::string("is not owned by root (refused while the server runs as root)"),
                PluginLoader::directoryRefusal(dir, 0).value_or(""));
            CPPUNIT_ASSERT(!PluginLoader::directoryRefusal(dir, 1000));
        } else {
            CPPUNIT_ASSERT_EQUAL(
                std::string("is not owned by root (refused while the server runs as root)"),
                PluginLoader::directoryRefusal(dir, 0).value_or(""));
        }
        fs::remove_all(dir);
    }

    void loadingTwiceChangesNothing() {
        CapturedLog log;
        PluginRegistry registry(log.logger());
        const std::vector<std::string> dirs{fixtureDir("good"), fixtureDir("no_entry")};
        registry.loadDirectories(dirs);
        const ImporterHandle* first = registry.find("TestImport");
        const size_t logLines = log.lines().size();
        registry.loadDirectories(dirs);
        registry.loadDirectories({fixtureDir("good") + "/../good"});
        CPPUNIT_ASSERT_EQUAL(size_t{1}, registry.problems().size());
        CPPUNIT_ASSERT_EQUAL(size_t{1}, registry.types().size());
        CPPUNIT_ASSERT(first == registry.find("TestImport"));
        CPPUNIT_ASSERT_EQUAL(logLines, log.lines().size());
    }

    void loadsEveryFixtureTogether() {
        PluginRegistry registry([](LogLevel, const std::string&) {});
        registry.loadDirectories({LOADER_FIXTURE_DIR}); // not recursive: finds nothing
        CPPUNIT_ASSERT(registry.types().empty());
        CPPUNIT_ASSERT(registry.problems().empty());
        registry.loadDirectories({fixtureDir("bad_manifest"), fixtureDir("good"),
                                  fixtureDir("duplicate_type"), fixtureDir("newer_major"),
                                  fixtureDir("newer_minor"), fixtureDir("no_entry"),
                                  fixtureDir("not_elf"), fixtureDir("fails_run"),
                                  fixtureDir("manifest_types_mismatch")});
        CPPUNIT_ASSERT_EQUAL(size_t{7}, registry.problems().size());
        const auto types = registry.types();
        CPPUNIT_ASSERT_EQUAL(size_t{3}, types.size());
        CPPUNIT_ASSERT_EQUAL(std::string("DuplicateOwnImport"), types[0].type);
        CPPUNIT_ASSERT_EQUAL(std::string("FailsImport"), types[1].type);
        CPPUNIT_ASSERT_EQUAL(std::string("TestImport"), types[2].type);
        CPPUNIT_ASSERT_EQUAL(std::string("good"), types[2].pluginName);
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.3"), types[2].pluginVersion);
        CPPUNIT_ASSERT_EQUAL(std::string("test.good"), types[2].importerId);
        CPPUNIT_ASSERT_EQUAL(fixtureFile("good"), types[2].file);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LoaderTest);
