// The command line says what it does: help for every command, exit 2 naming the offending word
// for an unknown command, subcommand or flag, and every configuration setting as a flag.
#include "CliSupport.h"
#include "HttpClient.h"
#include "TempDirFixture.h"
#include "server/Config.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

using finimport::test::firstLine;
using finimport::test::runCli;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The usage lines `finimport --help` lists ("  finimport keys create ...").
std::vector<std::string> usageLines() {
    std::vector<std::string> lines;
    std::istringstream in(runCli({"--help"}).out);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("  finimport ", 0) == 0) lines.push_back(line.substr(2));
    return lines;
}

// A valid, non-default value for a setting, to prove its flag reaches the configuration.
std::string sampleValue(const finimport::server::Setting& s) {
    static const std::map<std::string, std::string> samples = {
        {"listen", "127.0.0.1:4567"},
        {"database", "sqlite:/tmp/cli-sample.db"},
        {"plugins", "/opt/a:/opt/b"},
        {"rate_limit.mode", "managed"},
        {"encoding.fallback", "iso-8859-2"},
        {"plugins.isolation", "process"},
        {"database.pool_size", "12"},
        {"http.request_concurrency", "7"},
        {"metrics.listen", "127.0.0.1:9301"},
        {"console.enabled", "false"},
        {"database.read_url", "sqlite:/tmp/cli-sample-read.db"}};
    if (auto it = samples.find(s.key); it != samples.end()) return it->second;
    // Numeric settings: one more than the documented default.
    std::string d = s.defaultText;
    d.erase(std::remove(d.begin(), d.end(), '`'), d.end());
    if (!d.empty() && d.find_first_not_of("0123456789") == std::string::npos)
        return std::to_string(std::stoll(d) + 1);
    CPPUNIT_FAIL(std::string("CliUsageTest has no sample value for setting ") + s.key);
    return "";
}

} // namespace

class CliUsageTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(CliUsageTest);
    CPPUNIT_TEST(testOverview);
    CPPUNIT_TEST(testCommandHelp);
    CPPUNIT_TEST(testUnknownFlagIsAUsageError);
    CPPUNIT_TEST(testUnknownFlagChangesNothing);
    CPPUNIT_TEST(testMissingValuesAndStrayWords);
    CPPUNIT_TEST(testUnknownCommandsAndSubcommands);
    CPPUNIT_TEST(testEverySettingIsAFlag);
    CPPUNIT_TEST(testFlagsBeatEnvironmentBeatsFile);
    CPPUNIT_TEST(testServeRejectsABadSettingFlag);
    CPPUNIT_TEST(testServeAppliesSettingFlags);
    CPPUNIT_TEST(testDocsListEveryCommand);
    CPPUNIT_TEST_SUITE_END();

public:
    void testOverview() {
        auto help = runCli({"--help"});
        CPPUNIT_ASSERT_EQUAL(0, help.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("usage: finimport <command> [options]"),
                             firstLine(help.out));
        CPPUNIT_ASSERT(
            contains(help.out, "\n  finimport keys revoke KEY_ID|PREFIX|KEY [options]\n"));
        CPPUNIT_ASSERT(contains(help.out, "\n  finimport serve [options]\n"));
        CPPUNIT_ASSERT_EQUAL(size_t(19), usageLines().size());
        CPPUNIT_ASSERT_EQUAL(help.out, runCli({"help"}).out);
        // No command at all: the overview on stderr, exit 2.
        auto none = runCli({});
        CPPUNIT_ASSERT_EQUAL(2, none.exitCode);
        CPPUNIT_ASSERT_EQUAL(help.out, none.err);
        auto version = runCli({"--version"});
        CPPUNIT_ASSERT_EQUAL(0, version.exitCode);
        CPPUNIT_ASSERT(std::regex_match(version.out, std::regex("finimport \\d+\\.\\d+\\.\\d+\n")));
    }

    void testCommandHelp() {
        auto serve = runCli({"serve", "--help"});
        CPPUNIT_ASSERT_EQUAL(0, serve.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string(""), serve.err);
        CPPUNIT_ASSERT_EQUAL(std::string("usage: finimport serve [options]"), firstLine(serve.out));
        // Every setting, under its flag spelling, with its environment variable.
        for (const auto& s : finimport::server::settings()) {
            std::string flag = "\n  --" + finimport::server::flagFor(s.key) + " " + s.metavar + " ";
            CPPUNIT_ASSERT_MESSAGE(flag, contains(serve.out, flag));
            CPPUNIT_ASSERT_MESSAGE(
                s.key, contains(serve.out, finimport::server::environmentVariableFor(s.key)));
        }
        CPPUNIT_ASSERT(contains(serve.out, "\n  --limits.rows N "));
        CPPUNIT_ASSERT(contains(serve.out, "\n  --http-threads N "));
        // Every command's help starts with its usage line; `help CMD` is the same text.
        for (const auto& line : usageLines()) {
            std::vector<std::string> words;
            std::istringstream in(line.substr(std::string("finimport ").size()));
            for (std::string w;
                 in >> w && w.rfind("--", 0) != 0 && w != "[options]" && w != "KEY_ID|PREFIX|KEY";)
                words.push_back(w);
            words.push_back("--help");
            auto r = runCli(words);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(line, 0, r.exitCode);
            CPPUNIT_ASSERT_EQUAL(std::string("usage: ") + line, firstLine(r.out));
            words.back() = "help";
            std::rotate(words.rbegin(), words.rbegin() + 1, words.rend());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(line, r.out, runCli(words).out);
        }
        auto revoke = runCli({"keys", "revoke", "--help"});
        CPPUNIT_ASSERT_EQUAL(
            std::string("usage: finimport keys revoke KEY_ID|PREFIX|KEY [options]"),
            firstLine(revoke.out));
        // A group's help lists its subcommands.
        auto keys = runCli({"keys", "--help"});
        CPPUNIT_ASSERT_EQUAL(0, keys.exitCode);
        CPPUNIT_ASSERT_EQUAL(
            std::string("usage:\n"
                        "  finimport keys create --family NAME --name NAME [options]\n"
                        "  finimport keys list [options]\n"
                        "  finimport keys revoke KEY_ID|PREFIX|KEY [options]\n"),
            keys.out);
    }

    void testUnknownFlagIsAUsageError() {
        // Before: `serve --limits.rowz` was silently ignored and the server started.
        auto serve = runCli({"serve", "--limits.rowz", "5", "--listen", "127.0.0.1:0"});
        CPPUNIT_ASSERT_EQUAL(2, serve.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport serve: unknown flag --limits.rowz\n"
                                         "usage: finimport serve [options]\n"
                                         "`finimport serve --help` lists the options.\n"),
                             serve.err);
        CPPUNIT_ASSERT_EQUAL(std::string(""), serve.out);
        auto inlineValue = runCli({"keys", "list", "--bogus=1"});
        CPPUNIT_ASSERT_EQUAL(2, inlineValue.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport keys list: unknown flag --bogus"),
                             firstLine(inlineValue.err));
        // A setting that only `serve` uses is not a flag of `migrate`.
        auto migrate = runCli({"migrate", "--http-threads", "4"});
        CPPUNIT_ASSERT_EQUAL(2, migrate.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport migrate: unknown flag --http-threads"),
                             firstLine(migrate.err));
        // A single dash is not a flag spelling.
        auto dash = runCli({"serve", "-listen", "x"});
        CPPUNIT_ASSERT_EQUAL(2, dash.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport serve: unexpected argument -listen"),
                             firstLine(dash.err));
    }

    void testUnknownFlagChangesNothing() {
        // The command line is checked before anything runs: no database file appears.
        std::string db = _dir + "/never.db";
        auto r = runCli({"migrate", "--database", "sqlite:" + db, "--databse", "x"});
        CPPUNIT_ASSERT_EQUAL(2, r.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport migrate: unknown flag --databse"),
                             firstLine(r.err));
        CPPUNIT_ASSERT(!std::filesystem::exists(db));
    }

    void testMissingValuesAndStrayWords() {
        auto atEnd = runCli({"serve", "--limits.rows"});
        CPPUNIT_ASSERT_EQUAL(2, atEnd.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport serve: --limits.rows needs a value (N)"),
                             firstLine(atEnd.err));
        auto beforeFlag = runCli({"serve", "--listen", "--workers", "2"});
        CPPUNIT_ASSERT_EQUAL(2, beforeFlag.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport serve: --listen needs a value (HOST:PORT)"),
                             firstLine(beforeFlag.err));
        auto twice = runCli({"serve", "--workers", "2", "--workers=3"});
        CPPUNIT_ASSERT_EQUAL(2, twice.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport serve: --workers given twice"),
                             firstLine(twice.err));
        auto stray = runCli({"migrate", "now"});
        CPPUNIT_ASSERT_EQUAL(2, stray.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport migrate: unexpected argument now"),
                             firstLine(stray.err));
        auto noOperand = runCli({"keys", "revoke"});
        CPPUNIT_ASSERT_EQUAL(2, noOperand.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport keys revoke: missing KEY_ID|PREFIX|KEY"),
                             firstLine(noOperand.err));
        auto required = runCli({"keys", "create", "--family", "Demo"});
        CPPUNIT_ASSERT_EQUAL(2, required.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport keys create: missing --name NAME"),
                             firstLine(required.err));
    }

    void testUnknownCommandsAndSubcommands() {
        auto command = runCli({"frobnicate"});
        CPPUNIT_ASSERT_EQUAL(2, command.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport: unknown command frobnicate"),
                             firstLine(command.err));
        auto missing = runCli({"keys"});
        CPPUNIT_ASSERT_EQUAL(2, missing.exitCode);
        CPPUNIT_ASSERT_EQUAL(
            std::string("finimport keys: missing subcommand\n"
                        "usage:\n"
                        "  finimport keys create --family NAME --name NAME [options]\n"
                        "  finimport keys list [options]\n"
                        "  finimport keys revoke KEY_ID|PREFIX|KEY [options]\n"),
            missing.err);
        auto unknown = runCli({"keys", "rotate"});
        CPPUNIT_ASSERT_EQUAL(2, unknown.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport keys: unknown subcommand rotate"),
                             firstLine(unknown.err));
        auto helpUnknown = runCli({"help", "frobnicate"});
        CPPUNIT_ASSERT_EQUAL(2, helpUnknown.exitCode);
    }

    void testEverySettingIsAFlag() {
        // `finimport config` prints what serve would use: each flag, in both spellings, lands.
        for (const auto& s : finimport::server::settings()) {
            const std::string key = s.key, value = sampleValue(s);
            std::string expected = "\n" + key + " = " + value + "\n";
            auto spaced = runCli({"config", "--" + finimport::server::flagFor(s.key), value});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(key + spaced.err, 0, spaced.exitCode);
            CPPUNIT_ASSERT_MESSAGE(key + ": " + spaced.out, contains(spaced.out, expected));
            auto joined = runCli({"config", "--" + key + "=" + value});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(key + joined.err, 0, joined.exitCode);
            CPPUNIT_ASSERT_MESSAGE(key + ": " + joined.out, contains(joined.out, expected));
        }
        // The repeatable one: each --plugins is a directory.
        auto plugins = runCli({"config", "--plugins", "/p1", "--plugins=/p2"});
        CPPUNIT_ASSERT(contains(plugins.out, "\nplugins = /p1:/p2\n"));
    }

    void testFlagsBeatEnvironmentBeatsFile() {
        std::string file = _dir + "/finimport.conf";
        std::ofstream(file) << "limits.rows = 200\nhttp_threads = 9\nworkers = 3\n";
        std::map<std::string, std::string> env{{"FINIMPORT_LIMITS_ROWS", "300"},
                                               {"FINIMPORT_WORKERS", "4"}};
        auto r = runCli({"config", "--config", file, "--workers", "5"}, env);
        CPPUNIT_ASSERT_EQUAL(0, r.exitCode);
        CPPUNIT_ASSERT(contains(r.out, "\nhttp_threads = 9\n"));         // file
        CPPUNIT_ASSERT(contains(r.out, "\nlimits.rows = 300\n"));        // environment over file
        CPPUNIT_ASSERT(contains(r.out, "\nworkers = 5\n"));              // flag over both
        CPPUNIT_ASSERT(contains(r.out, "\nlimits.account_rows = 50\n")); // default
    }

    void testServeRejectsABadSettingFlag() {
        // Before: `serve --limits.rows` was ignored; now its value is checked like the file's.
        auto r = runCli({"serve", "--listen", "127.0.0.1:0", "--database",
                         "sqlite:" + _dir + "/s.db", "--limits.rows", "0"});
        CPPUNIT_ASSERT_EQUAL(1, r.exitCode);
        CPPUNIT_ASSERT_EQUAL(
            std::string("finimport serve: limits.rows must be a positive integer, got \"0\"\n"),
            r.err);
        auto mode = runCli({"serve", "--rate-limit.mode=free"});
        CPPUNIT_ASSERT_EQUAL(1, mode.exitCode);
        CPPUNIT_ASSERT_EQUAL(
            std::string("finimport serve: rate_limit.mode must be self_hosted or managed\n"),
            mode.err);
    }

    void testServeAppliesSettingFlags() {
        // `--rate-limit.mode managed` given as a flag shows in the answer's rate-limit headers.
        std::string db = "sqlite:" + _dir + "/serve.db";
        auto created = runCli({"keys", "create", "--database", db, "--family", "Demo", "--name",
                               "ci", "--scope", "read"});
        CPPUNIT_ASSERT_EQUAL(0, created.exitCode);
        std::string key = finimport::test::lastLine(created.out);
        Poco::Pipe outPipe;
        auto handle = Poco::Process::launch(FINIMPORT_EXE,
                                            {"serve", "--listen=127.0.0.1:0", "--database", db,
                                             "--rate-limit.mode", "managed", "--http-threads", "4",
                                             "--limits.rows", "50000"},
                                            nullptr, &outPipe, nullptr);
        Poco::PipeInputStream in(outPipe);
        std::string line;
        std::getline(in, line);
        std::smatch m;
        bool listening =
            std::regex_search(line, m, std::regex("listening on 127\\.0\\.0\\.1:(\\d+)"));
        finimport::test::HttpResult answer;
        if (listening)
            answer = finimport::test::httpSend(static_cast<uint16_t>(std::stoi(m[1])), "GET",
                                               "/api/v1/balances", {{"X-Api-Key", key}});
        ::kill(handle.id(), SIGTERM);
        CPPUNIT_ASSERT_EQUAL(0, handle.wait());
        CPPUNIT_ASSERT_MESSAGE(line, listening);
        CPPUNIT_ASSERT_EQUAL(200, answer.status);
        CPPUNIT_ASSERT_EQUAL(std::string("100"), answer.header("X-RateLimit-Limit"));
    }

    void testDocsListEveryCommand() {
        // docs/cli.md shows each usage line exactly as `finimport --help` prints it.
        std::string docs =
            finimport::test::readText(std::string(FINIMPORT_SOURCE_DIR) + "/docs/cli.md");
        // Inside a Markdown table a `|` is written `\|`.
        for (size_t at; (at = docs.find("\\|")) != std::string::npos;)
            docs.erase(at, 1);
        for (const auto& line : usageLines())
            CPPUNIT_ASSERT_MESSAGE("docs/cli.md lacks `" + line + "`",
                                   contains(docs, "`" + line + "`"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CliUsageTest);
