#include "store/PgPassFile.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace finimport::store {

PgPassFile::PgPassFile(const std::string& password) {
    // One line for every host, port, database and user: the file belongs to one pool only.
    // In a password file \ and : are escaped with a backslash.
    std::string line = "*:*:*:*:";
    for (char c : password) {
        if (c == '\\' || c == ':') line += '\\';
        line += c;
    }
    line += '\n';
    _fd = memfd_create("finimport-pgpass", MFD_CLOEXEC);
    if (_fd < 0)
        throw std::runtime_error(std::string("cannot create the PostgreSQL password file: ") +
                                 std::strerror(errno));
    // libpq ignores a password file that its group or others may read.
    bool ok = fchmod(_fd, 0600) == 0;
    for (size_t at = 0; ok && at < line.size();) {
        ssize_t n = ::write(_fd, line.data() + at, line.size() - at);
        if (n < 0 && errno == EINTR) continue;
        ok = n > 0;
        if (ok) at += static_cast<size_t>(n);
    }
    if (!ok) {
        const int e = errno;
        ::close(_fd);
        throw std::runtime_error(std::string("cannot write the PostgreSQL password file: ") +
                                 std::strerror(e));
    }
    _path = "/proc/self/fd/" + std::to_string(_fd);
}

PgPassFile::~PgPassFile() {
    if (_fd >= 0) ::close(_fd);
}

} // namespace finimport::store
