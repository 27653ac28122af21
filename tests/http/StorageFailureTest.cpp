// A database that cannot take a write (docs/decisions.md D115): on SQLite a full disk (the
// process's file-size limit, RLIMIT_FSIZE, with SIGXFSZ ignored: every write past it fails with
// EFBIG, which SQLite reports as "database or disk is full"), on PostgreSQL a read-only database
// (`ALTER DATABASE … SET default_transaction_read_only = on`). An upload then answers the
// documented 500 body, writes one `server_error` line naming the cause (docs/decisions.md D76)
// without the key or any row, and leaves no part of the import behind.
#include "ApiSupport.h"
#include "LogCapture.h"
#include "TempDirFixture.h"

#include <Poco/Data/Session.h>
#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <sys/resource.h>

#include <csignal>
#include <filesystem>

using namespace finimport;
using namespace finimport::test;

namespace {

// A distinctive row: neither its name nor its amount may reach the log.
const std::string kRowName = "Zanzibar Spice Coffee";
const std::string kRowAmount = "4711.93";

std::string csvBody(const std::string& accountId) {
    return R"({"account_id":")" + accountId +
           R"(","raw_file_content":"date,amount,name\n01/02/2024,)" + kRowAmount + "," + kRowName +
           R"(\n"})";
}

// The whole process may write no file past `bytes` while it lives; SIGXFSZ is ignored so such a
// write fails (EFBIG, or a short write) instead of killing the process.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        _oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        ::getrlimit(RLIMIT_FSIZE, &_old);
        rlimit limit = _old;
        limit.rlim_cur = bytes;
        CPPUNIT_ASSERT_EQUAL(0, ::setrlimit(RLIMIT_FSIZE, &limit));
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &_old);
        std::signal(SIGXFSZ, _oldHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit _old{};
    void (*_oldHandler)(int) = nullptr;
};

// The limit for the WAL file's next frame (a 24-byte header, then the page) to be cut short:
// SQLite reports a short write as SQLITE_FULL, "database or disk is full" (a write wholly past
// the limit fails with EFBIG, which it reports as a generic I/O error). Frames are written one
// after another, so the first write to cross the limit starts before it.
rlim_t roomForLessThanAFrame(const std::string& url) {
    const std::string wal = url.substr(std::string("sqlite:").size()) + "-wal";
    std::error_code ec;
    const auto size = std::filesystem::file_size(wal, ec);
    return static_cast<rlim_t>((ec ? 0 : size) + 1000);
}

void onMaintenanceDb(const std::string& sql) {
    auto url = store::DatabaseUrl::parse(TestDatabase::postgresBaseUrl());
    Poco::Data::Session s(url.connector(), url.connectionString());
    store::sqlExec(s, sql);
}

std::string databaseName(const std::string& url) {
    return url.substr(url.rfind('/') + 1);
}

int64_t importCount(AppHarness& app, const std::string& key) {
    auto list = jsonObject(app.get("/api/v1/imports", key));
    return static_cast<int64_t>(list->getArray("data")->size());
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

class StorageFailureTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(StorageFailureTest);
    CPPUNIT_TEST(testAnUploadTheDatabaseCannotStoreIsA500ThatSaysWhy);
    CPPUNIT_TEST_SUITE_END();

public:
    void testAnUploadTheDatabaseCannotStoreIsA500ThatSaysWhy() {
        TestDatabase database(_dir);
        HarnessOptions options;
        options.database = database.url();
        std::string key, account;
        {
            AppHarness first(options);
            key = first.createKey("F");
            account = seedAccount(first, "F", "Checking").id;
            CPPUNIT_ASSERT_EQUAL(201,
                                 first.postJson("/api/v1/imports", csvBody(account), key).status);
        }
        if (database.isPostgres())
            onMaintenanceDb("ALTER DATABASE " + databaseName(database.url()) +
                            " SET default_transaction_read_only = on");
        // Started on the read-only database (PostgreSQL applies the setting to new sessions).
        AppHarness app(options);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), importCount(app, key));

        HttpResult r;
        std::string log;
        {
            LogCapture capture;
            {
                std::optional<FileSizeLimit> full;
                if (!database.isPostgres()) full.emplace(roomForLessThanAFrame(database.url()));
                r = app.postJson("/api/v1/imports", csvBody(account), key);
                CPPUNIT_ASSERT_MESSAGE(capture.current(),
                                       capture.waitFor("\"event\":\"server_error\""));
            }
            log = capture.stop();
        }
        // The route's documented 500 (docs/api.md), nothing of the cause in the answer.
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 500, r.status);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(
            log,
            std::string(
                R"({"error":"internal_server_error","message":"Import could not be created"})"),
            r.body);
        const std::string id = r.header("X-Request-Id");
        CPPUNIT_ASSERT(!id.empty());

        const auto lines = LogCapture::linesWith(log, "\"event\":\"server_error\"");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(log, size_t(1), lines.size());
        const std::string& line = lines.front();
        CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"level\":\"error\",\"request_id\":\"" + id +
                                                   "\",\"method\":\"POST\",\"route\":\"/api/v1/"
                                                   "imports\",\"status\":500,\"exception\":\""));
        CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"layer\":\"store\""));
        if (database.isPostgres()) {
            CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"exception\":\"Poco::Data::PostgreSQL::"));
            CPPUNIT_ASSERT_MESSAGE(line, has(line, "cannot execute INSERT in a read-only "
                                                   "transaction"));
        } else {
            CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"exception\":\"Poco::Data::SQLite::"));
            CPPUNIT_ASSERT_MESSAGE(
                line, has(line, "\"message\":\"I/O error: disk I/O error: SQLITE_IOERR_WRITE: "
                                "writing the database file or its WAL "
                                "failed"));
        }
        // Never the key, the row or the file's name in any line; every line is JSON.
        CPPUNIT_ASSERT_MESSAGE(log, !has(log, key));
        CPPUNIT_ASSERT_MESSAGE(log, !has(log, kRowName));
        CPPUNIT_ASSERT_MESSAGE(log, !has(log, kRowAmount));
        for (const auto& any : LogCapture::linesWith(log, ""))
            CPPUNIT_ASSERT_MESSAGE(any, any.rfind("{\"ts\":\"", 0) == 0 && any.back() == '}');

        // Nothing of the refused upload was stored: the one import from before, its rows only.
        CPPUNIT_ASSERT_EQUAL(int64_t(1), importCount(app, key));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(app, "imports"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storedRowCount(app));
        if (database.isPostgres()) return; // the database stays read-only until it is dropped
        // Room again: the same upload is stored.
        CPPUNIT_ASSERT_EQUAL(201, app.postJson("/api/v1/imports", csvBody(account), key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), importCount(app, key));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StorageFailureTest);
