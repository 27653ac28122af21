#include "cli/ImportReport.h"

#include "cli/Progress.h"
#include "domain/Text.h"
#include "domain/Uuid.h"

#include <Poco/JSON/Array.h>
#include <Poco/URI.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

namespace finimport::cli {

namespace {

Poco::JSON::Object::Ptr dataOf(const ApiAnswer& a) {
    if (!a.json || !a.json->isObject("data")) return nullptr;
    return a.json->getObject("data");
}

bool running(const std::string& status) {
    return status == "importing" || status == "reverting";
}

} // namespace

Poco::JSON::Object::Ptr waitForJob(ApiClient& api, const std::string& id) {
    ProgressBar bar;
    // Bounded: a server whose workers all died fails the job itself (jobs.max_attempts), but a
    // client must not wait for ever on a server that stopped answering the question.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::hours(6);
    while (std::chrono::steady_clock::now() < deadline) {
        ApiAnswer a = api.get("/api/v1/imports/" + id);
        auto d = dataOf(a);
        if (!d) return nullptr;
        const std::string status = text(d, "status");
        if (!running(status)) return d;
        if (d->isObject("progress")) {
            auto p = d->getObject("progress");
            bar.rows(status == "reverting" ? "Reverting" : "Publishing", integer(p, "rows_done"),
                     p->has("rows_total") ? integer(p, "rows_total") : -1);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
    }
    return dataOf(api.get("/api/v1/imports/" + id)); // still running: reported as not done
}

void printSummary(ApiClient& api, const Poco::JSON::Object::Ptr& d, std::ostream& out) {
    const std::string id = text(d, "id");
    auto stats = d->getObject("stats");
    out << "import " << id << ": " << text(d, "type") << ", " << text(d, "status") << "\n";
    out << "rows " << integer(stats, "rows_count") << ", valid "
        << integer(stats, "valid_rows_count") << ", invalid "
        << integer(stats, "invalid_rows_count") << ", duplicates "
        << integer(stats, "duplicate_rows_count") << ", excluded "
        << integer(stats, "excluded_rows_count") << "\n";
    if (!text(d, "error").empty()) out << "error: " << text(d, "error") << "\n";
    if (integer(stats, "invalid_rows_count") > 0) {
        ApiAnswer rows = api.get("/api/v1/imports/" + id + "/rows?invalid=true&per_page=10");
        out << "invalid rows (first 10):\n";
        if (rows.json && rows.json->isArray("data"))
            for (const auto& v : *rows.json->getArray("data")) {
                auto row = v.extract<Poco::JSON::Object::Ptr>();
                std::string where = "row " + text(row, "row_number");
                if (row->isArray("error_details"))
                    for (const auto& e : *row->getArray("error_details")) {
                        auto detail = e.extract<Poco::JSON::Object::Ptr>();
                        if (!text(detail, "line").empty()) {
                            where = "line " + text(detail, "line") + " (" + where + ")";
                            break;
                        }
                    }
                std::string messages;
                if (row->isArray("errors"))
                    for (const auto& e : *row->getArray("errors"))
                        messages += (messages.empty() ? "" : "; ") + e.toString();
                out << "  " << where << ": " << messages << "\n";
            }
    }
    if (d->isArray("warnings") && d->getArray("warnings")->size() > 0) {
        out << "warnings:\n";
        for (const auto& w : *d->getArray("warnings"))
            out << "  " << w.toString() << "\n";
    }
}

int finishRequest(ApiClient& api, const ApiAnswer& answer, const std::string& want, bool json,
                  std::ostream& out, std::ostream& err) {
    Poco::JSON::Object::Ptr detail = dataOf(answer);
    std::string refusal;
    if (!answer.ok()) {
        refusal = answer.errorText();
        // A refused publish still uploaded the import (docs/api.md §7.4 step 5): show it.
        const std::string id = answer.json ? text(answer.json, "import_id") : "";
        detail = id.empty() ? nullptr : dataOf(api.get("/api/v1/imports/" + id));
    } else if (detail && running(text(detail, "status"))) {
        detail = waitForJob(api, text(detail, "id"));
    }
    if (detail) {
        if (json) {
            detail->stringify(out);
            out << "\n";
        } else {
            printSummary(api, detail, out);
        }
    }
    if (!refusal.empty()) {
        err << "refused: " << refusal << "\n";
        return 1;
    }
    if (!detail) {
        err << "the import could not be read back\n";
        return 1;
    }
    return text(detail, "status") == want ? 0 : 1;
}

std::string typeFromExtension(ApiClient& api, const std::string& file) {
    std::string ext = domain::toLowerAscii(std::filesystem::path(file).extension().string());
    ApiAnswer types = api.get("/api/v1/import_types");
    std::vector<std::string> fits;
    if (types.json && types.json->isArray("data"))
        for (const auto& v : *types.json->getArray("data")) {
            auto t = v.extract<Poco::JSON::Object::Ptr>();
            if (!t->isArray("extensions")) continue;
            for (const auto& e : *t->getArray("extensions"))
                if (e.toString() == ext) {
                    fits.push_back(text(t, "type"));
                    break;
                }
        }
    // Several types read the extension (the CSV family): the server's default type decides.
    return fits.size() == 1 ? fits.front() : "";
}

std::string resolveAccount(ApiClient& api, const std::string& idOrName) {
    if (auto id = domain::canonicalUuid(idOrName)) return *id;
    std::vector<std::pair<std::string, std::string>> accounts; // name, id
    for (int page = 1; page <= 50; ++page) {
        ApiAnswer a = api.get("/api/v1/accounts?per_page=100&page=" + std::to_string(page));
        if (!a.ok() || !a.json || !a.json->isArray("accounts"))
            throw std::runtime_error("cannot list the accounts: " + a.errorText());
        auto list = a.json->getArray("accounts");
        for (const auto& v : *list) {
            auto o = v.extract<Poco::JSON::Object::Ptr>();
            accounts.emplace_back(text(o, "name"), text(o, "id"));
        }
        auto pagination = a.json->getObject("pagination");
        if (list->size() == 0 || !pagination || integer(pagination, "total_pages") <= page) break;
    }
    for (const auto& [name, id] : accounts)
        if (name == idOrName) return id;
    std::vector<std::string> loose;
    for (const auto& [name, id] : accounts)
        if (domain::toLowerAscii(name) == domain::toLowerAscii(idOrName)) loose.push_back(id);
    if (loose.size() == 1) return loose.front();
    throw std::runtime_error(loose.empty()
                                 ? "no account named " + idOrName
                                 : "several accounts are named " + idOrName + "; give its id");
}

} // namespace finimport::cli
