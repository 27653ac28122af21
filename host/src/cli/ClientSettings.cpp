#include "cli/ClientSettings.h"

#include "domain/Text.h"
#include "server/Config.h"

#include <Poco/Exception.h>
#include <Poco/URI.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>

namespace finimport::cli {

namespace {

std::string readKeyFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw UsageError("cannot read the key file " + path);
    std::string line;
    std::getline(in, line);
    return domain::trim(line);
}

std::map<std::string, std::string> configFile(const Args& args) {
    std::string path;
    if (auto c = args.get("config"))
        path = *c;
    else if (const char* e = std::getenv("FINIMPORT_CONFIG"))
        path = e;
    if (path.empty()) return {};
    try {
        return server::readConfigFile(path);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

} // namespace

ClientSettings clientSettings(const Args& args) {
    auto file = configFile(args);
    auto fromFile = [&](const std::string& k) -> std::optional<std::string> {
        auto it = file.find(k);
        if (it == file.end() || it->second.empty()) return std::nullopt;
        return it->second;
    };
    std::string url;
    if (auto v = args.get("server"))
        url = *v;
    else if (const char* e = std::getenv("FINIMPORT_URL"); e && *e)
        url = e;
    else if (auto f = fromFile("client.url"))
        url = *f;
    else if (const char* l = std::getenv("FINIMPORT_LISTEN"); l && *l)
        url = std::string("http://") + l;
    else
        url = "http://" + fromFile("listen").value_or("127.0.0.1:3000");
    ClientSettings s;
    try {
        Poco::URI uri(url);
        if (uri.getScheme() != "http" || uri.getHost().empty())
            throw UsageError("the server URL must be http://HOST[:PORT], got " + url);
        s.host = uri.getHost();
        s.port = uri.getPort();
    } catch (const Poco::SyntaxException&) {
        throw UsageError("the server URL must be http://HOST[:PORT], got " + url);
    }
    if (auto k = args.get("key-file"))
        s.key = readKeyFile(*k);
    else if (const char* e = std::getenv("FINIMPORT_API_KEY"); e && *e)
        s.key = domain::trim(e);
    else if (auto f = fromFile("client.key_file"))
        s.key = readKeyFile(*f);
    if (s.key.empty())
        throw UsageError("no API key: give --key-file FILE, or set FINIMPORT_API_KEY or "
                         "client.key_file in the config file");
    return s;
}

} // namespace finimport::cli
