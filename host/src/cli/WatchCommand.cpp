// watch: imports each new file of a folder through the HTTP API and moves it to DIR/imported/ or
// DIR/failed/ with a .log beside it (docs/cli.md).
#include "cli/ClientSettings.h"
#include "cli/Commands.h"
#include "cli/ImportReport.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

namespace finimport::cli {

namespace {

namespace fs = std::filesystem;

std::atomic<bool> g_stop{false};

extern "C" void onStopSignal(int) {
    g_stop = true;
}

// DIR/sub/NAME, or NAME.2, NAME.3 … when a file of that name is there already.
fs::path freeName(const fs::path& dir, const std::string& name) {
    fs::path target = dir / name;
    for (int n = 2; fs::exists(target) || fs::exists(target.string() + ".log"); ++n)
        target = dir / (name + "." + std::to_string(n));
    return target;
}

bool candidate(const fs::directory_entry& e) {
    const std::string name = e.path().filename().string();
    return e.is_regular_file() && !name.empty() && name.front() != '.' &&
           e.path().extension() != ".log" && e.path().extension() != ".part";
}

} // namespace

int runWatch(const Args& args) {
    const fs::path dir = args.positional.back();
    if (!fs::is_directory(dir)) {
        std::cerr << "finimport watch: " << dir.string() << " is not a directory\n";
        return 1;
    }
    ApiClient api(clientSettings(args));
    std::vector<FormField> fields = importFields(api, args);
    fields.push_back({"template_from_import_id", args.require("template")});
    const std::string type = args.get("type").value_or("auto");
    const bool once = args.has("once");
    fs::create_directories(dir / "imported");
    fs::create_directories(dir / "failed");
    std::signal(SIGTERM, onStopSignal);
    std::signal(SIGINT, onStopSignal);
    std::cerr << "finimport watch: watching " << dir.string() << "\n";

    // A file is taken once its size held still across two looks (it is no longer being written).
    std::map<fs::path, std::uintmax_t> seen;
    int failures = 0;
    while (!g_stop) {
        std::vector<fs::path> ready;
        std::map<fs::path, std::uintmax_t> now;
        for (const auto& e : fs::directory_iterator(dir)) {
            if (!candidate(e)) continue;
            now[e.path()] = e.file_size();
            auto it = seen.find(e.path());
            if (once || (it != seen.end() && it->second == e.file_size()))
                ready.push_back(e.path());
        }
        seen = now;
        std::sort(ready.begin(), ready.end());
        for (const auto& file : ready) {
            std::ostringstream log;
            int code = 1;
            try {
                code = importFile(api, file.string(), type, fields, true, false, log, log);
            } catch (const std::exception& e) {
                log << "error: " << e.what() << "\n";
            }
            const fs::path target =
                freeName(dir / (code == 0 ? "imported" : "failed"), file.filename().string());
            fs::rename(file, target);
            std::ofstream(target.string() + ".log") << log.str();
            std::cout << (code == 0 ? "imported " : "failed ") << file.filename().string() << " -> "
                      << fs::relative(target, dir).string() << "\n"
                      << std::flush;
            if (code != 0) ++failures;
            seen.erase(file);
        }
        if (once) break;
        for (int i = 0; i < 10 && !g_stop; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    // --once: 1 when a file failed; watching: stopped by a signal, 0.
    return once && failures > 0 ? 1 : 0;
}

} // namespace finimport::cli
