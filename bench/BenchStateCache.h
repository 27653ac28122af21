#pragma once
// The cached SQLite state of BenchState.h, shared by state_bench and state_reads_bench: built on
// first use in build/bench-state/ (FINIMPORT_BENCH_STATE_DIR), keyed by schema version and sizes,
// and copied for each run. A state cached by an older schema version is upgraded by the
// migrations (as a user's database would be) instead of being built again.

#include "BenchHttp.h"
#include "BenchPg.h"
#include "BenchState.h"

#include "app/auth/ApiKeys.h"
#include "store/Migrations.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace finimport::bench {

inline std::string stateDir() {
    if (const char* d = std::getenv("FINIMPORT_BENCH_STATE_DIR"); d && *d) return d;
    return std::string(FINIMPORT_SOURCE_DIR) + "/build/bench-state";
}

// The cached SQLite state (built on first use), copied into `dir`: its URL and key.
inline StateInfo sqliteState(const std::string& dir, int64_t total, int64_t big) {
    const int version = store::allMigrations().back().version;
    auto nameOf = [&](int v) {
        return stateDir() + "/v" + std::to_string(v) + "-" + std::to_string(total) + "-" +
               std::to_string(big) + ".db";
    };
    const std::string cached = nameOf(version);
    StateInfo info;
    if (!std::filesystem::exists(cached)) {
        std::filesystem::create_directories(stateDir());
        const std::string building = cached + ".building";
        std::filesystem::remove(building);
        auto start = std::chrono::steady_clock::now();
        int older = version - 1;
        while (older > 0 && !std::filesystem::exists(nameOf(older)))
            --older;
        if (older > 0) {
            std::filesystem::copy_file(nameOf(older), building);
            std::filesystem::copy_file(nameOf(older) + ".key", cached + ".key",
                                       std::filesystem::copy_options::overwrite_existing);
            store::Database db("sqlite:" + building);
            store::migrate(db);
            std::printf("  upgraded the state of schema v%d to v%d in %.0f s\n", older, version,
                        secondsSince(start));
        } else {
            seedState("sqlite:" + building, false, total, big, info, [](store::Database& db) {
                return app::ApiKeys(db)
                    .create("bench", "owner", "bench", "read_write", std::nullopt)
                    .key;
            });
            std::ofstream(cached + ".key") << info.key << "\n" << info.familyId << "\n";
        }
        std::filesystem::rename(building, cached);
        std::printf("  built the state %s in %.0f s\n", cached.c_str(), secondsSince(start));
    } else {
        std::printf("  reusing the state %s\n", cached.c_str());
    }
    {
        std::ifstream in(cached + ".key");
        std::getline(in, info.key);
        std::getline(in, info.familyId);
    }
    auto start = std::chrono::steady_clock::now();
    std::filesystem::copy_file(cached, dir + "/state.db");
    std::printf("  copied it in %.1f s\n", secondsSince(start));
    return info;
}

// The state a run measures, on `backend` ("sqlite": the cached state copied into `dir`; "pg": a
// throwaway cluster kept alive by `pg`, seeded anew): its URL, and its key in `info`.
inline std::string openState(const std::string& backend, const std::string& dir, int64_t total,
                             int64_t big, std::unique_ptr<PgBenchDatabase>& pg, StateInfo& info) {
    if (backend != "pg") {
        info = sqliteState(dir, total, big);
        return "sqlite:" + dir + "/state.db";
    }
    pg = std::make_unique<PgBenchDatabase>(FINIMPORT_SOURCE_DIR);
    auto start = std::chrono::steady_clock::now();
    seedState(pg->url(), true, total, big, info, [](store::Database& db) {
        return app::ApiKeys(db).create("bench", "owner", "bench", "read_write", std::nullopt).key;
    });
    std::printf("  built the state in %.0f s\n", secondsSince(start));
    return pg->url();
}

} // namespace finimport::bench
