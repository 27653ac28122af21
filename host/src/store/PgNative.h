#pragma once
// libpq under a Poco PostgreSQL session, for the hot paths where Poco's statement machinery
// costs more than the work: bulk writes with COPY (publish, upload rows) and cached prepared
// reads. Only for sessions of the "postgresql" connector; the libpq calls run on Poco's own
// connection, so they are inside the session's transaction.

#include "domain/NoCopy.h"

#include <string>
#include <utility>
#include <vector>

struct pg_conn;

namespace Poco::Data {
class Session;
}

namespace finimport::store {

bool isPostgresSession(Poco::Data::Session& s);
// The session's PGconn (pooled sessions included). Throws std::logic_error on other sessions.
pg_conn* pgHandle(Poco::Data::Session& s);

// True when the connection's open transaction has written (or locked) rows: it has been
// assigned a transaction id. Throws std::runtime_error when the query fails.
bool pgTransactionWrote(pg_conn* conn);

// Connects once with libpq's own keyword arrays (no connection string) and disconnects;
// returns libpq's reason when that fails, "" when it worked. Poco's connector keeps the socket
// of a failed attempt open (the server then waits out authentication_timeout for it).
std::string pgConnectProblem(const std::vector<std::pair<std::string, std::string>>& params);

// Runs `sql` (one or more statements, no parameters, no rows wanted); throws
// std::runtime_error with PostgreSQL's message.
void pgExec(pg_conn* conn, const std::string& sql);

// `COPY table (columns) FROM STDIN` in text format: `rows` holds complete lines (CopyText.h).
// Throws std::runtime_error with PostgreSQL's message on any failure (a constraint, a bad
// value); the caller's transaction is then aborted and rolled back by Database::write.
void pgCopyIn(pg_conn* conn, const std::string& table, const std::vector<std::string>& columns,
              const std::string& rows);

// One `COPY table (columns) FROM STDIN` fed piece by piece: the server inserts the rows sent so
// far while the caller prepares the next ones. Between the first send() and finish() the
// connection is inside the COPY: no other statement may run on the session. Destroyed while
// open (an exception path), it aborts the COPY, so nothing of it is written.
class PgCopyStream : domain::NoCopy {
public:
    PgCopyStream(pg_conn* conn, std::string table, std::vector<std::string> columns);
    ~PgCopyStream();

    // Sends complete lines (CopyText.h), starting the COPY on the first call.
    void send(const std::string& rows);
    // Ends the COPY (starting it first when nothing was sent) and throws std::runtime_error
    // with PostgreSQL's message on any failure. The stream can then start a new COPY.
    void finish();

private:
    void start();

    pg_conn* _conn;
    std::string _table;
    std::vector<std::string> _columns;
    bool _open = false;
};

} // namespace finimport::store
