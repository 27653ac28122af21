// Scale-out on PostgreSQL: real `finimport serve` processes sharing one database.
#include "AppHarness.h"
#include "TempDirFixture.h"
#include "TestDatabase.h"
#include "app/auth/ApiKeys.h"
#include "store/Database.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <Poco/Process.h>
#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <thread>

using namespace finimport;
using namespace finimport::test;
using namespace std::chrono_literals;

namespace {

// One `finimport serve` child; stdout/stderr go to files in `dir`.
class ServerProcess {
public:
    ServerProcess(const std::string& dir, const std::string& name, const std::string& url,
                  const std::map<std::string, std::string>& env) {
        _out = dir + "/" + name + ".out";
        std::string err = dir + "/" + name + ".err";
        Poco::Process::Env e(env.begin(), env.end());
        std::vector<std::string> args = {
            "-c",
            "exec \"$0\" serve --listen 127.0.0.1:0 --database \"$1\" >\"$2\" 2>\"$3\"",
            FINIMPORT_EXE,
            url,
            _out,
            err};
        _handle = std::make_unique<Poco::ProcessHandle>(
            Poco::Process::launch("/bin/sh", args, dir, nullptr, nullptr, nullptr, e));
        auto deadline = std::chrono::steady_clock::now() + 30s;
        const std::string marker = "listening on 127.0.0.1:";
        while (std::chrono::steady_clock::now() < deadline) {
            std::ifstream in(_out);
            std::string line;
            while (std::getline(in, line))
                if (auto p = line.find(marker); p != std::string::npos)
                    _port = static_cast<uint16_t>(std::stoi(line.substr(p + marker.size())));
            if (_port) return;
            if (!Poco::Process::isRunning(*_handle))
                throw std::runtime_error(name + " exited at start: " + readFile(err));
            std::this_thread::sleep_for(20ms);
        }
        throw std::runtime_error(name + " did not start listening");
    }
    ~ServerProcess() {
        if (!_killed && Poco::Process::isRunning(*_handle)) {
            ::kill(pid(), SIGCONT);
            ::kill(pid(), SIGTERM);
            _handle->wait();
        }
    }
    uint16_t port() const { return _port; }
    int pid() const { return _handle->id(); }
    void kill9() {
        ::kill(pid(), SIGKILL);
        _handle->wait();
        _killed = true;
    }

private:
    std::unique_ptr<Poco::ProcessHandle> _handle;
    std::string _out;
    uint16_t _port = 0;
    bool _killed = false;
};

HttpResult postJson(uint16_t port, const std::string& uri, const std::string& body,
                    const std::string& key) {
    return httpSend(port, "POST", uri, {{"X-Api-Key", key}}, body, "application/json");
}

std::string dataId(const HttpResult& r) {
    return jsonObject(r)->getObject("data")->getValue<std::string>("id");
}

// Transaction CSV `n`: 20 rows on dates spread over 25 days; amounts unique per (n, row).
std::string transactionCsv(int n, int rows = 20) {
    std::ostringstream csv;
    csv << "date,name,amount\\n"; // JSON-escaped newlines: the text goes into a JSON string
    for (int j = 0; j < rows; ++j) {
        int day = 1 + (n + j) % 25;
        csv << "2024-02-" << (day < 10 ? "0" : "") << day << ",Tx " << n << "-" << j << ","
            << (n * 100 + j + 1) << "." << (j % 100 < 10 ? "0" : "") << (j % 100) << "\\n";
    }
    return csv.str();
}

std::string accountImportBody(const std::string& name) {
    return R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
           R"("raw_file_content":"type,name,amount,currency,date\nChecking,)" +
           name + R"(,1000.00,USD,2024-01-01\n"})";
}

std::string transactionBody(const std::string& accountId, const std::string& csv) {
    return R"({"type":"TransactionImport","publish":"true","account_id":")" + accountId +
           R"(","date_format":"%Y-%m-%d","signage_convention":"inflows_positive",)"
           R"("raw_file_content":")" +
           csv + R"("})";
}

std::string keyFor(store::Database& db, const std::string& family) {
    return app::ApiKeys(db).create(family, "owner", "test", "read_write", std::nullopt).key;
}

// Waits until every import is out of importing/reverting and no job is pending.
void waitSettled(store::Database& db, std::chrono::seconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int64_t busy = 0;
        db.read([&](finimport::store::Tx& s) {
            busy = store::sqlCount(s, "SELECT COUNT(*) FROM imports WHERE status IN "
                                      "('importing', 'reverting')") +
                   store::sqlCount(s, "SELECT COUNT(*) FROM jobs WHERE status IN "
                                      "('queued', 'running')");
        });
        if (busy == 0) return;
        std::this_thread::sleep_for(50ms);
    }
    throw std::runtime_error("imports did not settle in time");
}

std::string accountIdByName(store::Database& db, const std::string& name) {
    std::string id;
    db.read([&](finimport::store::Tx& s) {
        id = store::sqlQueryOne(s, "SELECT id FROM accounts WHERE name = ?", {name})->str(0);
    });
    return id;
}

// Every balance row, by account name: equal across databases when the ledger is equal.
std::string balanceSnapshot(store::Database& db) {
    std::ostringstream out;
    db.read([&](finimport::store::Tx& s) {
        for (const auto& r : store::sqlQuery(
                 s, "SELECT a.name, b.date, b.currency, b.balance, b.cash_balance, "
                    "b.cash_inflows, b.cash_outflows, b.end_cash_balance FROM balances b JOIN "
                    "accounts a ON a.id = b.account_id ORDER BY a.name, b.date, b.currency")) {
            for (size_t i = 0; i < r.size(); ++i)
                out << r.str(i) << (i + 1 < r.size() ? "," : "\n");
        }
    });
    return out.str();
}

int64_t count(store::Database& db, const std::string& sql) {
    int64_t n = 0;
    db.read([&](finimport::store::Tx& s) { n = store::sqlCount(s, sql); });
    return n;
}

} // namespace

class MultiInstanceTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(MultiInstanceTest);
    CPPUNIT_TEST(testFiftyImportsOnTwoInstancesCompleteExactlyOnce);
    CPPUNIT_TEST(testKilledInstancesPublishIsFinishedByTheOther);
    CPPUNIT_TEST_SUITE_END();

public:
    std::map<std::string, std::string> env(const std::string& leaseSeconds) {
        return {{"FINIMPORT_JOBS_LEASE_SECONDS", leaseSeconds},
                {"FINIMPORT_WORKERS", "2"},
                {"FINIMPORT_LIMITS_ROWS", "50000"}};
    }

    // Imports 0..49: families A (even) and B (odd); every fifth repeats the file two before it
    // (same family), so its rows are duplicates that must not be inserted again (docs/decisions.md
    // D63).
    static std::string csvOf(int i) { return transactionCsv(i % 5 == 4 ? i - 2 : i); }

    void testFiftyImportsOnTwoInstancesCompleteExactlyOnce() {
        TestDatabase testDb(_dir);
        std::string expectedBalances;
        {
            // The single-instance reference run, on its own database.
            TestDatabase refDb(_dir);
            HarnessOptions o;
            o.database = refDb.url();
            o.workers = 2;
            AppHarness ref(o);
            std::string keys[2] = {ref.createKey("A"), ref.createKey("B")};
            for (int f = 0; f < 2; ++f)
                CPPUNIT_ASSERT_EQUAL(201, ref.postJson("/api/v1/imports",
                                                       accountImportBody(f ? "Acct B" : "Acct A"),
                                                       keys[f])
                                              .status);
            ref.waitForJobs(60s);
            std::string accounts[2] = {accountIdByName(ref.server().database(), "Acct A"),
                                       accountIdByName(ref.server().database(), "Acct B")};
            for (int i = 0; i < 50; ++i)
                CPPUNIT_ASSERT_EQUAL(201, ref.postJson("/api/v1/imports",
                                                       transactionBody(accounts[i % 2], csvOf(i)),
                                                       keys[i % 2])
                                              .status);
            ref.waitForJobs(120s);
            expectedBalances = balanceSnapshot(ref.server().database());
            CPPUNIT_ASSERT_EQUAL(int64_t(52), count(ref.server().database(),
                                                    "SELECT COUNT(*) FROM imports WHERE "
                                                    "status = 'complete'"));
        }

        store::Database db(testDb.url(), 4);
        store::migrate(db);
        std::string keys[2] = {keyFor(db, "A"), keyFor(db, "B")};
        ServerProcess one(_dir, "one", testDb.url(), env("5"));
        ServerProcess two(_dir, "two", testDb.url(), env("5"));
        uint16_t ports[2] = {one.port(), two.port()};
        for (int f = 0; f < 2; ++f)
            CPPUNIT_ASSERT_EQUAL(201, postJson(ports[f], "/api/v1/imports",
                                               accountImportBody(f ? "Acct B" : "Acct A"), keys[f])
                                          .status);
        waitSettled(db, 60s);
        std::string accounts[2] = {accountIdByName(db, "Acct A"), accountIdByName(db, "Acct B")};
        // Posted alternately to both instances: the jobs are claimed by workers of both.
        for (int i = 0; i < 50; ++i) {
            auto r = postJson(ports[(i / 2) % 2], "/api/v1/imports",
                              transactionBody(accounts[i % 2], csvOf(i)), keys[i % 2]);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        }
        waitSettled(db, 120s);

        CPPUNIT_ASSERT_EQUAL(int64_t(52),
                             count(db, "SELECT COUNT(*) FROM imports WHERE status = 'complete'"));
        // Exactly one publish job per import, done on its first attempt (no deadlock, no
        // redelivery), and both instances did some of the work.
        CPPUNIT_ASSERT_EQUAL(int64_t(52), count(db, "SELECT COUNT(*) FROM jobs WHERE kind = "
                                                    "'publish' AND status = 'done' AND "
                                                    "attempts = 1"));
        CPPUNIT_ASSERT_EQUAL(int64_t(52), count(db, "SELECT COUNT(*) FROM jobs"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), count(db, "SELECT COUNT(*) FROM (SELECT import_id FROM "
                                                   "jobs GROUP BY import_id HAVING COUNT(*) > "
                                                   "1) d"));
        for (int p : {one.pid(), two.pid()})
            CPPUNIT_ASSERT(count(db, "SELECT COUNT(*) FROM jobs WHERE locked_by LIKE '%/" +
                                         std::to_string(p) + "/%'") > 0);
        // 40 distinct files of 20 rows; the 10 repeated files added nothing.
        CPPUNIT_ASSERT_EQUAL(int64_t(800),
                             count(db, "SELECT COUNT(*) FROM entries WHERE name LIKE 'Tx %'"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0),
                             count(db, "SELECT COUNT(*) FROM (SELECT account_id, date, amount, "
                                       "name FROM entries GROUP BY account_id, date, amount, "
                                       "name HAVING COUNT(*) > 1) d"));
        CPPUNIT_ASSERT(!expectedBalances.empty());
        CPPUNIT_ASSERT_EQUAL(expectedBalances, balanceSnapshot(db));
    }

    void testKilledInstancesPublishIsFinishedByTheOther() {
        TestDatabase testDb(_dir);
        store::Database db(testDb.url(), 4);
        store::migrate(db);
        std::string key = keyFor(db, "A");
        ServerProcess one(_dir, "k1", testDb.url(), env("2"));
        ServerProcess two(_dir, "k2", testDb.url(), env("2"));
        CPPUNIT_ASSERT_EQUAL(
            201, postJson(one.port(), "/api/v1/imports", accountImportBody("Acct A"), key).status);
        waitSettled(db, 60s);
        std::string account = accountIdByName(db, "Acct A");

        // Instance two cannot claim (stopped), so instance one takes the publish job.
        ::kill(two.pid(), SIGSTOP);
        // Large enough that the publish runs for a while (one transaction), small enough to
        // upload within the client's timeout on a loaded CI machine.
        const int rows = 2000;
        auto created = postJson(one.port(), "/api/v1/imports",
                                transactionBody(account, transactionCsv(7, rows)), key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        std::string importId = dataId(created);
        const std::string holder = "%/" + std::to_string(one.pid()) + "/%";
        auto deadline = std::chrono::steady_clock::now() + 30s;
        bool held = false;
        while (!held && std::chrono::steady_clock::now() < deadline) {
            held =
                count(db, "SELECT COUNT(*) FROM jobs WHERE import_id = '" + importId +
                              "' AND status = 'running' AND locked_by LIKE '" + holder + "'") == 1;
            if (!held) std::this_thread::sleep_for(2ms);
        }
        CPPUNIT_ASSERT_MESSAGE("instance one never held the publish job", held);
        one.kill9(); // normally mid-publish: its transaction dies with it
        auto killedAt = std::chrono::steady_clock::now();
        if (count(db, "SELECT COUNT(*) FROM imports WHERE id = '" + importId +
                          "' AND status = 'importing'") == 1)
            CPPUNIT_ASSERT_EQUAL(int64_t(0), count(db, "SELECT COUNT(*) FROM entries WHERE "
                                                       "import_id = '" +
                                                           importId + "'"));
        else // it committed just before the kill: the re-claim must then change nothing
            std::cerr << "multi_instance: the publish committed before the kill\n";
        ::kill(two.pid(), SIGCONT);
        waitSettled(db, 90s);
        // Not before the 2 s lease expired.
        CPPUNIT_ASSERT(std::chrono::steady_clock::now() - killedAt >= 2s);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), count(db, "SELECT COUNT(*) FROM imports WHERE id = '" +
                                                       importId + "' AND status = 'complete'"));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), count(db, "SELECT COUNT(*) FROM entries WHERE "
                                                      "import_id = '" +
                                                          importId + "'"));
        CPPUNIT_ASSERT_EQUAL(int64_t(rows), count(db, "SELECT COUNT(*) FROM entries WHERE "
                                                      "account_id = '" +
                                                          account + "' AND name LIKE 'Tx %'"));
        const std::string byTwo = "%/" + std::to_string(two.pid()) + "/%";
        CPPUNIT_ASSERT_EQUAL(int64_t(1),
                             count(db, "SELECT COUNT(*) FROM jobs WHERE import_id = '" + importId +
                                           "' AND status = 'done' AND attempts = 2 AND "
                                           "locked_by LIKE '" +
                                           byTwo + "'"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultiInstanceTest);
