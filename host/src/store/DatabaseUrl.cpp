#include "store/DatabaseUrl.h"

#include <libpq-fe.h>

#include <memory>
#include <stdexcept>

namespace finimport::store {

namespace {

struct OptionsDeleter {
    void operator()(PQconninfoOption* o) const { PQconninfoFree(o); }
};

// A value for Poco's key=value string: quoted for libpq (\ and ' escaped). Poco splits on
// spaces only and strips the ends of each value, which the quotes protect.
std::string pocoQuote(const std::string& v) {
    std::string out = "'";
    for (char c : v) {
        if (c == '\\' || c == '\'') out += '\\';
        out += c;
    }
    return out + "'";
}

int parsePort(const std::string& text) {
    if (text.empty() || text.size() > 5 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        throw std::invalid_argument("postgresql URL has an invalid port: " + text);
    const int port = std::stoi(text);
    if (port < 1 || port > 65535)
        throw std::invalid_argument("postgresql URL has an invalid port: " + text);
    return port;
}

std::string uriEncode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
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
    if (url.rfind("postgresql://", 0) != 0 && url.rfind("postgres://", 0) != 0)
        throw std::invalid_argument("database URL must start with sqlite: or postgresql://");
    u.kind = Kind::PostgreSql;
    char* error = nullptr;
    std::unique_ptr<PQconninfoOption, OptionsDeleter> options(PQconninfoParse(url.c_str(), &error));
    if (!options) {
        std::string message = error ? error : "out of memory";
        PQfreemem(error);
        while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
            message.pop_back();
        throw std::invalid_argument("invalid postgresql URL: " + message);
    }
    for (auto* o = options.get(); o->keyword; ++o) {
        if (!o->val) continue;
        std::string key = o->keyword, value = o->val;
        if (value.find('\n') != std::string::npos || value.find('\0') != std::string::npos)
            throw std::invalid_argument("postgresql URL: " + key + " holds a line break");
        if (key == "user") u.user = value;
        if (key == "password") u.password = value;
        if (key == "dbname") u.database = value;
        if (key == "host") u.host = value.substr(0, value.find(','));
        if (key == "port") {
            for (size_t at = 0; at <= value.size();) {
                auto comma = value.find(',', at);
                if (comma == std::string::npos) comma = value.size();
                parsePort(value.substr(at, comma - at));
                at = comma + 1;
            }
            u.port = parsePort(value.substr(0, value.find(',')));
        }
        if (key != "password" && value.find(' ') != std::string::npos)
            throw std::invalid_argument("postgresql URL: " + key +
                                        " may not contain a space (Poco's PostgreSQL connector "
                                        "splits on spaces)");
        u.params.emplace_back(key, value);
    }
    if (u.database.empty())
        throw std::invalid_argument("postgresql URL needs a database name (/DB)");
    if (u.host.empty()) u.host = "localhost";
    return u;
}

std::string DatabaseUrl::connector() const {
    return kind == Kind::Sqlite ? "SQLite" : "PostgreSQL";
}

bool DatabaseUrl::passwordNeedsFile() const {
    return password.find(' ') != std::string::npos;
}

std::string DatabaseUrl::connectionString(const std::string& passfile) const {
    if (kind == Kind::Sqlite) return path;
    std::string s;
    for (const auto& [key, value] : params) {
        if (key == "password" && (passwordNeedsFile() || !passfile.empty())) continue;
        s += (s.empty() ? "" : " ") + key + "=" + pocoQuote(value);
    }
    if (passwordNeedsFile() && passfile.empty())
        throw std::invalid_argument("a PostgreSQL password with a space needs a password file");
    if (!passfile.empty()) s += " passfile=" + pocoQuote(passfile);
    return s;
}

std::string DatabaseUrl::redacted() const {
    if (kind == Kind::Sqlite) return "sqlite:" + path;
    std::string hosts, ports;
    for (const auto& [key, value] : params) {
        if (key == "host") hosts = value;
        if (key == "port") ports = value;
    }
    // host:port pairs in the authority; a Unix-socket directory goes into the query instead.
    const bool socket = hosts.find('/') != std::string::npos;
    std::string authority, query;
    if (!socket) {
        std::vector<std::string> hostList, portList;
        for (auto* list : {&hostList, &portList}) {
            const std::string& text = list == &hostList ? hosts : ports;
            for (size_t at = 0; at <= text.size() && !text.empty();) {
                auto comma = text.find(',', at);
                if (comma == std::string::npos) comma = text.size();
                list->push_back(text.substr(at, comma - at));
                at = comma + 1;
            }
        }
        for (size_t i = 0; i < hostList.size(); ++i) {
            const bool v6 = hostList[i].find(':') != std::string::npos;
            authority += (i ? "," : "") + (v6 ? "[" + hostList[i] + "]" : hostList[i]);
            const std::string& p = portList.size() == 1  ? portList[0]
                                   : i < portList.size() ? portList[i]
                                                         : std::string();
            if (!p.empty()) authority += ":" + p;
        }
    }
    for (const auto& [key, value] : params) {
        if (key == "password" || key == "user" || key == "dbname") continue;
        if (!socket && (key == "host" || key == "port")) continue;
        query += (query.empty() ? "?" : "&") + key + "=" + uriEncode(value);
    }
    std::string auth = user.empty() ? "" : uriEncode(user);
    if (!password.empty()) auth += ":***";
    return "postgresql://" + (auth.empty() ? "" : auth + "@") + authority + "/" +
           uriEncode(database) + query;
}

} // namespace finimport::store
