#include "plugin/PluginLoader.h"
#include "domain/Exceptions.h"

#include <boost/dll/shared_library.hpp>
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>

namespace finimport::plugin {
namespace {

// dlopen, static initializers and entry functions are not assumed re-entrant: one at a time.
std::mutex& loadMutex() {
    static std::mutex mutex;
    return mutex;
}

} // namespace

PluginLoader::PluginLoader(Logger logger) : _logger(std::move(logger)) {}

std::optional<std::string> PluginLoader::directoryRefusal(const std::filesystem::path& directory,
                                                          uid_t euid) {
    struct stat st {};
    if (::stat(directory.c_str(), &st) != 0) return "cannot be inspected";
    // Sticky or not: a world-writable directory lets any local user drop in a .so.
    if (st.st_mode & S_IWOTH) return "is world-writable (anyone could add a plugin)";
    if (euid == 0 && st.st_uid != 0)
        return "is not owned by root (refused while the server runs as root)";
    return std::nullopt;
}

std::vector<std::filesystem::path>
PluginLoader::listPluginFiles(const std::filesystem::path& directory, std::string& error) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(directory, ec)) {
        error = fs::exists(directory, ec) ? "is not a directory" : "does not exist";
        return {};
    }
    if (auto refusal = directoryRefusal(directory, ::geteuid())) {
        error = *refusal;
        return {};
    }
    std::vector<fs::path> files;
    fs::directory_iterator it(directory, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::error_code statError;
        if (it->path().extension() == ".so" && it->is_regular_file(statError)) {
            files.push_back(it->path());
        }
    }
    if (ec) {
        error = "cannot be read: " + ec.message();
        return {};
    }
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    return files;
}

PluginFileLoad PluginLoader::load(const std::filesystem::path& file) const {
    namespace dll = boost::dll;
    std::lock_guard lock(loadMutex());
    PluginFileLoad outcome;
    auto library = std::make_shared<dll::shared_library>();
    std::error_code ec;
    library->load(file, ec, dll::load_mode::rtld_now | dll::load_mode::rtld_local);
    if (ec || !library->is_loaded()) {
        // Boost.DLL's error_code only says "bad file descriptor"; dlerror() has the reason.
        const char* reason = dlerror();
        outcome.result.error = "cannot be loaded: " + std::string(reason ? reason : ec.message());
        return outcome;
    }
    outcome.library = library;
    if (!library->has(FINIMPORT_ENTRY_SYMBOL)) {
        outcome.result.error = "does not export the entry symbol " FINIMPORT_ENTRY_SYMBOL;
        return outcome;
    }
    const fi_plugin* descriptor = nullptr;
    try {
        descriptor = library->get<const fi_plugin*()>(FINIMPORT_ENTRY_SYMBOL)();
    } catch (...) {
        outcome.result.error =
            "entry function threw: " + domain::describeException(std::current_exception());
        return outcome;
    }
    outcome.result = readDescriptor(descriptor, file.string(), library, _logger);
    // ABI 1.1: the optional single-record checks of row edits (plugin.h fi_row_checks).
    if (outcome.result.plugin && library->has(FINIMPORT_ROW_CHECKS_SYMBOL)) {
        std::optional<std::string> refusal;
        try {
            refusal =
                readRowChecks(library->get<const fi_row_checks*()>(FINIMPORT_ROW_CHECKS_SYMBOL)(),
                              *outcome.result.plugin);
        } catch (...) {
            refusal =
                "row checks function threw: " + domain::describeException(std::current_exception());
        }
        if (refusal) outcome.result = {std::nullopt, *refusal};
    }
    return outcome;
}

} // namespace finimport::plugin
