// `finimport import`, `imports …`, `watch` against the real server started in-process, and
// `restore` of an export larger than the HTTP path's 10 MB (docs/cli.md "Talking to a server").
#include "CliSupport.h"

#include "AppHarness.h"

#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <fstream>

using namespace finimport::test;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

void writeText(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string field(const Poco::JSON::Object::Ptr& o, const std::string& key) {
    return o->getValue<std::string>(key);
}

// The bank file of the tests: its second data row (line 3) has an amount that is no number.
const char* kBadCsv = "date,name,amount\n2024-01-02,Salary,-2500.00\n2024-01-03,Rent,abc\n"
                      "2024-01-04,Groceries,84.10\n";
const char* kGoodCsv = "date,name,amount\n2024-02-01,Coffee,3.50\n2024-02-02,Books,20.00\n";

} // namespace

class CliClientTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CliClientTest);
    CPPUNIT_TEST(testCsvWithBadRowExitsOneWithItsLine);
    CPPUNIT_TEST(testOfxDetectedAndPublished);
    CPPUNIT_TEST(testJsonPrintsTheImportDetail);
    CPPUNIT_TEST(testAccountByName);
    CPPUNIT_TEST(testImportsPublishRevertListShowRows);
    CPPUNIT_TEST(testWatchMovesTwoFiles);
    CPPUNIT_TEST(testUsageErrors);
    CPPUNIT_TEST(testRestoreOfAnExportOverTenMegabytes);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _dir, _key, _keyFile;
    std::map<std::string, std::string> _env;

    std::string path(const std::string& name) const { return _dir + "/" + name; }

    // An account named Checking with 1,000.00 on 2024-01-01 (the README's first request).
    std::string createChecking() {
        auto r = _app->postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,Checking,1000.00,USD,2024-01-01\n"})",
            _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        _app->waitForJobs();
        auto balances = jsonObject(_app->get("/api/v1/balances", _key));
        return balances->getArray("balances")
            ->getObject(0)
            ->getObject("account")
            ->getValue<std::string>("id");
    }

    CliRun cli(std::vector<std::string> args) {
        args.push_back("--key-file");
        args.push_back(_keyFile);
        return runCli(args, _env);
    }

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _dir = _app->directory() + "/cli";
        std::filesystem::create_directories(_dir);
        _key = _app->createKey("Family");
        _keyFile = path("key");
        writeText(_keyFile, _key + "\n");
        _env = {{"FINIMPORT_URL", "http://127.0.0.1:" + std::to_string(_app->port())}};
    }
    void tearDown() override { _app.reset(); }

    void testCsvWithBadRowExitsOneWithItsLine() {
        const std::string account = createChecking();
        writeText(path("bank.csv"), kBadCsv);
        auto r = cli({"import", path("bank.csv"), "--type", "TransactionImport", "--account",
                      account, "--option", "date_format=%Y-%m-%d", "--publish"});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.out + r.err, 1, r.exitCode);
        CPPUNIT_ASSERT_MESSAGE(r.out, contains(r.out, "rows 3, valid 2, invalid 1, duplicates 0"));
        CPPUNIT_ASSERT_MESSAGE(r.out, contains(r.out, "invalid rows (first 10):\n  line 3 (row 2): "
                                                      "Amount \"abc\" does not match the number "
                                                      "format 1,234.56\n"));
        CPPUNIT_ASSERT_MESSAGE(r.err,
                               contains(r.err, "refused: Import was uploaded but is not ready to "
                                               "publish.\n  1 row is invalid (rows 2)"));
    }

    void testOfxDetectedAndPublished() {
        const std::string ofx = std::string(FINIMPORT_FIXTURES_DIR) +
                                "/../realworld/ofx/beancount__beangulp__ofxdownload.ofx";
        std::filesystem::copy_file(ofx, path("statement.ofx"));
        auto r = cli({"import", path("statement.ofx"), "--type", "auto", "--publish"});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.out + r.err, 0, r.exitCode);
        CPPUNIT_ASSERT_MESSAGE(r.out, contains(r.out, ": OfxImport, complete\n"));
        CPPUNIT_ASSERT_MESSAGE(r.out,
                               contains(r.out, "rows 12, valid 12, invalid 0, duplicates 0"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), r.err); // no terminal: no progress bar
    }

    void testJsonPrintsTheImportDetail() {
        const std::string account = createChecking();
        writeText(path("bank.csv"), kGoodCsv);
        auto r = cli({"import", path("bank.csv"), "--type", "TransactionImport", "--account",
                      account, "--option", "date_format=%Y-%m-%d", "--json"});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.out + r.err, 0, r.exitCode);
        Poco::JSON::Parser parser;
        auto detail = parser.parse(r.out).extract<Poco::JSON::Object::Ptr>();
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), field(detail, "status"));
        CPPUNIT_ASSERT_EQUAL(account, field(detail, "account_id"));
        CPPUNIT_ASSERT_EQUAL(2, detail->getObject("stats")->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT(detail->getObject("status_detail")->getValue<bool>("publishable"));
    }

    // --account takes a name (GET /api/v1/accounts): exact, then the one case-insensitive match.
    void testAccountByName() {
        const std::string account = createChecking();
        writeText(path("bank.csv"), kGoodCsv);
        for (const std::string name : {"Checking", "checking"}) {
            auto r = cli({"import", path("bank.csv"), "--type", "TransactionImport", "--account",
                          name, "--option", "date_format=%Y-%m-%d", "--json"});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.out + r.err, 0, r.exitCode);
            Poco::JSON::Parser parser;
            CPPUNIT_ASSERT_EQUAL(
                account,
                field(parser.parse(r.out).extract<Poco::JSON::Object::Ptr>(), "account_id"));
        }
        auto unknown = cli({"import", path("bank.csv"), "--account", "Savings"});
        CPPUNIT_ASSERT_EQUAL(1, unknown.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport import: no account named Savings\n"),
                             unknown.err);
    }

    void testImportsPublishRevertListShowRows() {
        const std::string account = createChecking();
        writeText(path("bank.csv"), kGoodCsv);
        auto up = cli({"import", path("bank.csv"), "--type", "TransactionImport", "--account",
                       account, "--option", "date_format=%Y-%m-%d", "--json"});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(up.err, 0, up.exitCode);
        Poco::JSON::Parser parser;
        const std::string id = field(parser.parse(up.out).extract<Poco::JSON::Object::Ptr>(), "id");
        auto published = cli({"imports", "publish", id});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(published.out + published.err, 0, published.exitCode);
        CPPUNIT_ASSERT(contains(published.out, "import " + id + ": TransactionImport, complete\n"));
        auto list = cli({"imports", "list"});
        CPPUNIT_ASSERT_EQUAL(0, list.exitCode);
        CPPUNIT_ASSERT(contains(list.out, id + "  "));
        CPPUNIT_ASSERT(contains(list.out, "  TransactionImport  complete  2 rows\n"));
        auto rows = cli({"imports", "rows", id});
        CPPUNIT_ASSERT_EQUAL(0, rows.exitCode);
        CPPUNIT_ASSERT_MESSAGE(rows.out,
                               contains(rows.out, "1  valid  date=2024-02-01  name=Coffee"));
        auto again = cli({"imports", "publish", id});
        CPPUNIT_ASSERT_EQUAL(1, again.exitCode); // complete: not publishable
        CPPUNIT_ASSERT(contains(again.err, "refused: "));
        auto reverted = cli({"imports", "revert", id});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(reverted.out + reverted.err, 0, reverted.exitCode);
        CPPUNIT_ASSERT(contains(reverted.out, ": TransactionImport, pending\n"));
        auto shown = cli({"imports", "show", id});
        CPPUNIT_ASSERT_EQUAL(0, shown.exitCode);
        CPPUNIT_ASSERT(contains(shown.out, "rows 2, valid 2, invalid 0"));
        auto missing = cli({"imports", "show", "00000000-0000-4000-8000-000000000000"});
        CPPUNIT_ASSERT_EQUAL(1, missing.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport imports show: Import not found\n"),
                             missing.err);
    }

    void testWatchMovesTwoFiles() {
        const std::string account = createChecking();
        // The template: an import carrying the account and the date format.
        auto t = _app->postJson(
            "/api/v1/imports",
            R"({"account_id":")" + account +
                R"(","date_format":"%Y-%m-%d","raw_file_content":"date,name,amount\n2024-01-09,Seed,1\n"})",
            _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(t.body, 201, t.status);
        const std::string templateId = field(jsonObject(t)->getObject("data"), "id");
        const std::string inbox = path("inbox");
        std::filesystem::create_directories(inbox);
        writeText(inbox + "/a-good.csv", kGoodCsv);
        writeText(inbox + "/b-bad.csv", kBadCsv);
        auto r = cli(
            {"watch", inbox, "--template", templateId, "--type", "TransactionImport", "--once"});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.out + r.err, 1, r.exitCode); // one of the two failed
        CPPUNIT_ASSERT_EQUAL(std::string("imported a-good.csv -> imported/a-good.csv\n"
                                         "failed b-bad.csv -> failed/b-bad.csv\n"),
                             r.out);
        CPPUNIT_ASSERT(!std::filesystem::exists(inbox + "/a-good.csv"));
        CPPUNIT_ASSERT_EQUAL(std::string(kGoodCsv), readText(inbox + "/imported/a-good.csv"));
        CPPUNIT_ASSERT_EQUAL(std::string(kBadCsv), readText(inbox + "/failed/b-bad.csv"));
        const std::string good = readText(inbox + "/imported/a-good.csv.log");
        CPPUNIT_ASSERT_MESSAGE(good, contains(good, ": TransactionImport, complete\n"));
        const std::string bad = readText(inbox + "/failed/b-bad.csv.log");
        CPPUNIT_ASSERT_MESSAGE(bad, contains(bad, "line 3 (row 2): Amount \"abc\" does not match"));
        CPPUNIT_ASSERT_MESSAGE(bad, contains(bad, "refused: Import was uploaded but is not ready"));
    }

    void testUsageErrors() {
        auto noFile = cli({"import"});
        CPPUNIT_ASSERT_EQUAL(2, noFile.exitCode);
        CPPUNIT_ASSERT(contains(noFile.err, "finimport import: missing FILE"));
        writeText(path("x.csv"), kGoodCsv);
        auto badOption = cli({"import", path("x.csv"), "--option", "date_format"});
        CPPUNIT_ASSERT_EQUAL(2, badOption.exitCode);
        CPPUNIT_ASSERT(contains(badOption.err, "--option takes KEY=VALUE, got date_format"));
        auto noKey = runCli({"import", path("x.csv")}, _env);
        CPPUNIT_ASSERT_EQUAL(2, noKey.exitCode);
        CPPUNIT_ASSERT(contains(noKey.err, "no API key"));
        auto wrongKey = runCli({"imports", "list"}, {{"FINIMPORT_URL", _env["FINIMPORT_URL"]},
                                                     {"FINIMPORT_API_KEY", std::string(64, 'a')}});
        CPPUNIT_ASSERT_EQUAL(1, wrongKey.exitCode);
        CPPUNIT_ASSERT(contains(wrongKey.err, "finimport imports list: "));
        auto missingFile = cli({"import", path("nope.csv")});
        CPPUNIT_ASSERT_EQUAL(1, missingFile.exitCode);
        CPPUNIT_ASSERT(contains(missingFile.err, "cannot read "));
    }

    // ~11.5 MB of NDJSON (the HTTP path refuses content over 10,485,760 bytes): restored straight
    // into a database, then exported again with every transaction.
    void testRestoreOfAnExportOverTenMegabytes() {
        const std::string db = "sqlite:" + path("restore.db");
        const int transactions = 40000;
        {
            std::ofstream out(path("family.ndjson"), std::ios::binary);
            out << R"({"type":"Account","data":{"id":"acc-1","name":"Checking","balance":"0",)"
                   R"("currency":"USD","accountable_type":"Depository"}})"
                << "\n";
            const std::string padding(180, 'x');
            for (int i = 0; i < transactions; ++i) {
                const int day = 1 + i % 28, month = 1 + (i / 28) % 12;
                char date[11];
                std::snprintf(date, sizeof date, "2023-%02d-%02d", month, day);
                out << R"({"type":"Transaction","data":{"id":"t)" << i
                    << R"(","account_id":"acc-1","date":")" << date << R"(","amount":")"
                    << (i % 7 + 1) << R"(.25","name":"Payment )" << i << " " << padding
                    << R"(","currency":"USD"}})"
                    << "\n";
            }
        }
        CPPUNIT_ASSERT(std::filesystem::file_size(path("family.ndjson")) > 10485760);
        auto created = runCli({"families", "create", "--name", "Restored", "--database", db});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.err, 0, created.exitCode);
        auto r = runCli({"restore", path("family.ndjson"), "--family", "Restored", "--database", db,
                         "--plugins", FINIMPORT_PLUGIN_BUILD_DIR});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.out + r.err, 0, r.exitCode);
        CPPUNIT_ASSERT_MESSAGE(r.out, contains(r.out, ": ServiceImport, complete\nlines 40001\n"));
        CPPUNIT_ASSERT_MESSAGE(r.err, contains(r.err, "finimport restore: restoring…\n"));
        auto exported = runCli({"export", "--family", "Restored", "--database", db});
        CPPUNIT_ASSERT_EQUAL(0, exported.exitCode);
        size_t count = 0;
        for (size_t at = 0;
             (at = exported.out.find(R"("type":"Transaction")", at)) != std::string::npos; ++at)
            ++count;
        CPPUNIT_ASSERT_EQUAL(size_t(transactions), count);
        auto unknown = runCli({"restore", path("family.ndjson"), "--family", "Nobody", "--database",
                               db, "--plugins", FINIMPORT_PLUGIN_BUILD_DIR});
        CPPUNIT_ASSERT_EQUAL(1, unknown.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport restore: family Nobody not found\n"),
                             unknown.err);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CliClientTest);
