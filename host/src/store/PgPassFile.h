#pragma once
// A PostgreSQL password handed to libpq as a password file (`passfile`) that exists only in
// memory (memfd, mode 0600, closed on exec): Poco's PostgreSQL connector splits its connection
// string on spaces, so a password holding one cannot travel in it (store/DatabaseUrl.h).

#include "domain/NoCopy.h"

#include <string>

namespace finimport::store {

class PgPassFile : domain::NoCopy {
public:
    // Throws std::runtime_error when the in-memory file cannot be made.
    explicit PgPassFile(const std::string& password);
    ~PgPassFile();

    // /proc/self/fd/N: what libpq opens for `passfile`.
    const std::string& path() const { return _path; }

private:
    int _fd = -1;
    std::string _path;
};

} // namespace finimport::store
