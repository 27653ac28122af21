// `import FILE` and `imports list|show|rows|publish|revert`: the public HTTP API from a terminal
// (docs/cli.md "Talking to a server").
#include "cli/ClientSettings.h"
#include "cli/Commands.h"
#include "cli/ImportReport.h"
#include "cli/Progress.h"
#include "domain/NoCopy.h"
#include "domain/Uuid.h"

#include <Poco/JSON/Array.h>
#include <Poco/URI.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

namespace finimport::cli {

namespace {

std::string encoded(const std::string& s) {
    std::string out;
    Poco::URI::encode(s, "/?&=#+%", out);
    return out;
}

bool typeRefused(const ApiAnswer& a) {
    if (a.status != 422 || !a.json || !a.json->isArray("errors")) return false;
    for (const auto& e : *a.json->getArray("errors"))
        if (e.toString().rfind("Type ", 0) == 0) return true;
    return false;
}

// "per_page=…&page=…" of a listing's options; `perPage` when none is given.
std::string pageQuery(const Args& args, const char* perPage) {
    return "per_page=" + encoded(args.get("per-page").value_or(perPage)) +
           "&page=" + encoded(args.get("page").value_or("1"));
}

// GET `path`; a refusal is printed as `finimport <command>: …` and answers nullopt.
std::optional<ApiAnswer> fetched(ApiClient& api, const std::string& path, const char* command) {
    ApiAnswer a = api.get(path);
    if (a.ok()) return a;
    std::cerr << "finimport " << command << ": " << a.errorText() << "\n";
    return std::nullopt;
}

// A listing: its body as it came with --json, else `table` prints its data.
int printListing(const Args& args, const std::string& path, const char* command,
                 const std::function<void(const ApiAnswer&)>& table) {
    ApiClient api(clientSettings(args));
    auto a = fetched(api, path, command);
    if (!a) return 1;
    if (args.has("json"))
        std::cout << a->body << "\n";
    else
        table(*a);
    return 0;
}

std::string importId(const Args& args) {
    const std::string& word = args.positional.back();
    return domain::canonicalUuid(word).value_or(word);
}

// docs/decisions.md D165: once the file is sent, the server's side of the upload (the rows it has
// read) from GET /api/v1/imports/{id} on a second connection, drawn on the terminal's bar.
class ServerProgress : domain::NoCopy {
public:
    ServerProgress(const ClientSettings& settings, std::string id, ProgressBar& bar)
        : _settings(settings), _id(std::move(id)), _bar(bar) {
        if (_bar.enabled()) _thread = std::thread([this] { run(); });
    }
    ~ServerProgress() {
        {
            std::lock_guard lock(_mutex);
            _stop = true;
        }
        _wake.notify_all();
        if (_thread.joinable()) _thread.join();
    }

    // The bytes the client has sent, drawn on the bar (under the lock the poller draws with).
    void sent(int64_t done, int64_t total) {
        std::lock_guard lock(_mutex);
        _sentAll = done >= total;
        _bar.bytes("Uploading", done, total);
    }

private:
    void run() {
        ApiClient watcher(_settings);
        std::unique_lock lock(_mutex);
        while (!_wake.wait_for(lock, std::chrono::milliseconds(500), [this] { return _stop; })) {
            if (!_sentAll) continue;
            lock.unlock();
            ApiAnswer a;
            try {
                a = watcher.get("/api/v1/imports/" + _id);
            } catch (const std::exception&) { // only a view: the upload's answer decides
            }
            lock.lock();
            if (_stop || a.status != 200 || !a.json || !a.json->isObject("data")) continue;
            auto data = a.json->getObject("data");
            auto progress = data->getObject("progress");
            if (text(data, "status") == "uploading" && progress &&
                text(progress, "phase") == "parsing")
                _bar.rows("Reading", integer(progress, "rows_done"), -1);
        }
    }

    ClientSettings _settings;
    std::string _id;
    ProgressBar& _bar;
    std::mutex _mutex;
    std::condition_variable _wake;
    bool _stop = false, _sentAll = false;
    std::thread _thread;
};

} // namespace

int importFile(ApiClient& api, const std::string& file, const std::string& type,
               std::vector<FormField> fields, bool publish, bool json, std::ostream& out,
               std::ostream& err) {
    if (publish) fields.push_back({"publish", "true"});
    auto upload = [&](const std::string& asType) {
        std::vector<FormField> all;
        if (!asType.empty()) all.push_back({"type", asType});
        all.insert(all.end(), fields.begin(), fields.end());
        ProgressBar bar;
        const std::string id = domain::newUuidV7(); // the import's id (docs/decisions.md D165)
        ServerProgress server(api.settings(), id, bar);
        return api.postFile("/api/v1/imports", all, file,
                            [&](int64_t done, int64_t total) { server.sent(done, total); },
                            {{"X-Import-Id", id}});
    };
    ApiAnswer answer = upload(type);
    // docs/decisions.md D103: a server that cannot detect types gets the extension's type.
    if (type == "auto" && typeRefused(answer)) answer = upload(typeFromExtension(api, file));
    return finishRequest(api, answer, publish ? "complete" : "pending", json, out, err);
}

std::vector<FormField> importFields(ApiClient& api, const Args& args) {
    std::vector<FormField> fields;
    for (const auto& option : args.all("option")) {
        auto eq = option.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError("--option takes KEY=VALUE, got " + option);
        fields.push_back({option.substr(0, eq), option.substr(eq + 1)});
    }
    if (auto account = args.get("account"))
        fields.push_back({"account_id", resolveAccount(api, *account)});
    if (auto t = args.get("template")) fields.push_back({"template_from_import_id", *t});
    return fields;
}

int runImport(const Args& args) {
    const std::string file = args.positional.back();
    for (const auto& option : args.all("option")) // usage errors before anything else
        if (option.find('=') == std::string::npos || option.front() == '=')
            throw UsageError("--option takes KEY=VALUE, got " + option);
    ApiClient api(clientSettings(args));
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        std::cerr << "finimport import: cannot read " << file << "\n";
        return 1;
    }
    return importFile(api, file, args.get("type").value_or("auto"), importFields(api, args),
                      args.has("publish"), args.has("json"), std::cout, std::cerr);
}

int runImportsList(const Args& args) {
    std::string path = "/api/v1/imports?" + pageQuery(args, "25");
    if (auto s = args.get("status")) path += "&status=" + encoded(*s);
    return printListing(args, path, "imports list", [](const ApiAnswer& a) {
        for (const auto& v : *a.json->getArray("data")) {
            auto i = v.extract<Poco::JSON::Object::Ptr>();
            std::cout << text(i, "id") << "  " << text(i, "created_at") << "  " << text(i, "type")
                      << "  " << text(i, "status") << "  " << integer(i, "rows_count") << " rows\n";
        }
        auto meta = a.json->getObject("meta");
        std::cout << "page " << integer(meta, "current_page") << " of "
                  << integer(meta, "total_pages") << ", " << integer(meta, "total_count")
                  << " imports\n";
    });
}

int runImportsShow(const Args& args) {
    ApiClient api(clientSettings(args));
    auto a = fetched(api, "/api/v1/imports/" + encoded(importId(args)), "imports show");
    if (!a) return 1;
    auto d = a->json->getObject("data");
    if (args.has("json")) {
        d->stringify(std::cout);
        std::cout << "\n";
    } else {
        printSummary(api, d, std::cout);
    }
    return 0;
}

int runImportsRows(const Args& args) {
    std::string path =
        "/api/v1/imports/" + encoded(importId(args)) + "/rows?" + pageQuery(args, "100");
    if (args.has("invalid")) path += "&invalid=true";
    return printListing(args, path, "imports rows", [](const ApiAnswer& a) {
        for (const auto& v : *a.json->getArray("data")) {
            auto r = v.extract<Poco::JSON::Object::Ptr>();
            auto f = r->getObject("fields");
            std::cout << text(r, "row_number") << "  "
                      << (r->getValue<bool>("excluded") ? "excluded"
                          : r->getValue<bool>("valid")  ? "valid"
                                                        : "invalid");
            for (const char* key : {"date", "name", "amount", "currency", "ticker", "qty"})
                if (!text(f, key).empty()) std::cout << "  " << key << "=" << text(f, key);
            for (const auto& e : *r->getArray("errors"))
                std::cout << "  [" << e.toString() << "]";
            std::cout << "\n";
        }
    });
}

int runImportsPublish(const Args& args) {
    ApiClient api(clientSettings(args));
    ApiAnswer a = api.post("/api/v1/imports/" + encoded(importId(args)) + "/publish");
    return finishRequest(api, a, "complete", args.has("json"), std::cout, std::cerr);
}

int runImportsRevert(const Args& args) {
    ApiClient api(clientSettings(args));
    ApiAnswer a = api.post("/api/v1/imports/" + encoded(importId(args)) + "/revert");
    return finishRequest(api, a, "pending", args.has("json"), std::cout, std::cerr);
}

} // namespace finimport::cli
