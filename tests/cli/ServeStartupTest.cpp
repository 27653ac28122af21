// `finimport serve` on day one (docs/operations.md): a busy address is an error, a database a
// newer finimport migrated is refused, and the SQLite database it opens is named by its
// absolute path and created private (file 0600, folder 0700).
#include "TempDirFixture.h"
#include "store/Database.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <Poco/StreamCopier.h>
#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace finimport;

namespace {

struct Outcome {
    int exitCode = -1;
    std::string err;
};

// Runs finimport with a time limit (a server that wrongly starts is killed, not waited for).
Outcome runLimited(const std::string& dir, const std::string& args) {
    const std::string errFile = dir + "/stderr.txt";
    const std::string command = "timeout 30 '" + std::string(FINIMPORT_EXE) + "' " + args +
                                " >/dev/null 2>'" + errFile + "'";
    const int status = std::system(command.c_str());
    Outcome out;
    out.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(errFile);
    std::stringstream text;
    text << in.rdbuf();
    out.err = text.str();
    return out;
}

mode_t modeOf(const std::string& path) {
    struct stat st {};
    CPPUNIT_ASSERT_EQUAL(0, ::stat(path.c_str(), &st));
    return st.st_mode & 07777;
}

} // namespace

class ServeStartupTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(ServeStartupTest);
    CPPUNIT_TEST(testBusyPortIsAnError);
    CPPUNIT_TEST(testNewerSchemaIsRefused);
    CPPUNIT_TEST(testDatabasePathAndModes);
    CPPUNIT_TEST_SUITE_END();

public:
    void testBusyPortIsAnError() {
        // Bound the way Poco binds (SO_REUSEADDR and SO_REUSEPORT): a second server with the
        // same options would share the port silently.
        Poco::Net::ServerSocket holder(Poco::Net::SocketAddress("127.0.0.1", 0));
        const std::string address = "127.0.0.1:" + std::to_string(holder.address().port());
        const Outcome r =
            runLimited(_dir, "serve --listen " + address + " --database sqlite:" + _dir + "/a.db");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.err, 1, r.exitCode);
        CPPUNIT_ASSERT_MESSAGE(r.err, r.err.find("finimport serve: " + address +
                                                 " is already in use\n") != std::string::npos);
    }

    void testNewerSchemaIsRefused() {
        const std::string url = "sqlite:" + _dir + "/future.db";
        {
            store::Database db(url, 2);
            store::migrate(db);
            db.write([](store::Tx& s) {
                store::sqlExec(s, "INSERT INTO schema_migrations (version, name, applied_at) "
                                  "VALUES (999, 'from the future', 0)");
            });
        }
        const std::string message = "the database has schema version 999, newer than this "
                                    "finimport's schema version " +
                                    std::to_string(store::latestSchemaVersion()) +
                                    ": upgrade finimport (nothing was changed)\n";
        const Outcome migrate = runLimited(_dir, "migrate --database " + url);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(migrate.err, 1, migrate.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("finimport migrate: ") + message, migrate.err);
        const Outcome serve = runLimited(_dir, "serve --listen 127.0.0.1:0 --database " + url);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(serve.err, 1, serve.exitCode);
        CPPUNIT_ASSERT_MESSAGE(serve.err,
                               serve.err.find("finimport serve: " + message) != std::string::npos);
    }

    void testDatabasePathAndModes() {
        Poco::Pipe outPipe, errPipe;
        auto handle = Poco::Process::launch(
            FINIMPORT_EXE, {"serve", "--listen", "127.0.0.1:0", "--database", "sqlite:var/db/x.db"},
            _dir, nullptr, &outPipe, &errPipe);
        Poco::PipeInputStream out(outPipe), err(errPipe);
        std::string line;
        std::getline(out, line); // "finimport: listening on ...": everything before is written
        ::kill(handle.id(), SIGTERM);
        CPPUNIT_ASSERT_EQUAL(0, handle.wait());
        std::string errors;
        Poco::StreamCopier::copyToString(err, errors);
        const std::string file = _dir + "/var/db/x.db";
        CPPUNIT_ASSERT_MESSAGE(errors, errors.find("finimport: database sqlite:" + file + "\n") !=
                                           std::string::npos);
        CPPUNIT_ASSERT_EQUAL(mode_t(0600), modeOf(file));
        CPPUNIT_ASSERT_EQUAL(mode_t(0700), modeOf(_dir + "/var/db"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ServeStartupTest);
