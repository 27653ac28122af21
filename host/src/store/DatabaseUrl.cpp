#include "store/DatabaseUrl.h"

#include <stdexcept>

namespace finimport::store {

namespace {

std::string pgQuote(const std::string& v) {
    // libpq key=value: single-quote and escape \ and '.
    std::string out = "'";
    for (char c : v) {
        if (c == '\\' || c == '\'') out += '\\';
        out += c;
    }
    return out + "'";
}

std::string percentDecode(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && isxdigit(static_cast<unsigned char>(s[i + 1])) &&
            isxdigit(static_cast<unsigned char>(s[i + 2]))) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

} // namespace

DatabaseUrl DatabaseUrl::parse(const std::string& url) {
    DatabaseUrl u;
    if (url.rfind("sqlite:", 0) == 0) {
        u.kind = Kind::Sqlite;
        u.path = url.substr(7);
        if (u.path.rfind("//", 0) == 0) u.path = u.path.substr(2);
        if (u.path.empty()) throw std::invalid_argument("database URL sqlite: needs a file path");
        return u;
    }
    std::string rest;
    if (url.rfind("postgresql://", 0) == 0)
        rest = url.substr(13);
    else if (url.rfind("postgres://", 0) == 0)
        rest = url.substr(11);
    else
        throw std::invalid_argument("database URL must start with sqlite: or postgresql://");
    u.kind = Kind::PostgreSql;
    auto at = rest.rfind('@');
    if (at == std::string::npos) throw std::invalid_argument("postgresql URL needs USER@HOST");
    std::string auth = rest.substr(0, at), hostPart = rest.substr(at + 1);
    auto colon = auth.find(':');
    u.user = percentDecode(auth.substr(0, colon));
    if (colon != std::string::npos) u.password = percentDecode(auth.substr(colon + 1));
    auto slash = hostPart.find('/');
    if (slash == std::string::npos || slash + 1 >= hostPart.size())
        throw std::invalid_argument("postgresql URL needs a database name (/DB)");
    u.database = percentDecode(hostPart.substr(slash + 1));
    std::string hp = hostPart.substr(0, slash);
    auto pc = hp.rfind(':');
    if (pc != std::string::npos) {
        try {
            u.port = std::stoi(hp.substr(pc + 1));
        } catch (const std::exception&) {
            throw std::invalid_argument("postgresql URL has an invalid port");
        }
        hp = hp.substr(0, pc);
    }
    u.host = hp;
    if (u.user.empty() || u.host.empty())
        throw std::invalid_argument("postgresql URL needs USER@HOST");
    return u;
}

std::string DatabaseUrl::connector() const {
    return kind == Kind::Sqlite ? "SQLite" : "PostgreSQL";
}

std::string DatabaseUrl::connectionString() const {
    if (kind == Kind::Sqlite) return path;
    std::string s = "host=" + pgQuote(host) + " port=" + std::to_string(port) +
                    " dbname=" + pgQuote(database) + " user=" + pgQuote(user);
    if (!password.empty()) s += " password=" + pgQuote(password);
    return s;
}

std::string DatabaseUrl::redacted() const {
    if (kind == Kind::Sqlite) return "sqlite:" + path;
    return "postgresql://" + user + (password.empty() ? "" : ":***") + "@" + host + ":" +
           std::to_string(port) + "/" + database;
}

} // namespace finimport::store
