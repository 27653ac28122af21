#pragma once
// The cached SQLite state of BenchState.h, shared by state_bench and state_reads_bench: built on
// first use in build/bench-state/ (FINIMPORT_BENCH_STATE_DIR), keyed by schema version and sizes,
// and copied for each run. On PostgreSQL, a kept cluster caches it as a database (pgState). A state
// cached by an older schema version is upgraded by the migrations (as a user's database would be)
// instead of being built again.

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

// The state's API key, created with it (the family's owner, read and write).
inline std::string stateKey(store::Database& db) {
    return app::ApiKeys(db).create("bench", "owner", "bench", "read_write", std::nullopt).key;
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
            seedState("sqlite:" + building, false, total, big, info, stateKey);
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
    for (const char* suffix : {"", "-wal", "-shm"}) // an earlier run's copy
        std::filesystem::remove(dir + "/state.db" + suffix);
    std::filesystem::copy_file(cached, dir + "/state.db");
    std::printf("  copied it in %.1f s\n", secondsSince(start));
    return info;
}

// The PostgreSQL state of a run in `pg`'s database: built once into a database named by schema
// version and sizes (its key and family in the database's comment) and copied for each run. On
// a kept cluster (FINIMPORT_BENCH_PG_URL) that database outlives the run; a throwaway cluster
// builds it anew.
inline void pgState(PgBenchDatabase& pg, int64_t total, int64_t big, StateInfo& info) {
    auto start = std::chrono::steady_clock::now();
    const std::string cached = "fi_state_v" +
                               std::to_string(store::allMigrations().back().version) + "_" +
                               std::to_string(total) + "_" + std::to_string(big);
    const auto comment = pg.databaseComment(cached);
    if (!comment || comment->empty()) {
        // No comment: a build that did not finish.
        if (comment) pg.maintenance("DROP DATABASE " + cached + " WITH (FORCE)");
        pg.maintenance("CREATE DATABASE " + cached);
        seedState(pg.urlOf(cached), true, total, big, info, stateKey);
        pg.maintenance("COMMENT ON DATABASE " + cached + " IS '" + info.key + " " + info.familyId +
                       "'");
        std::printf("  built the state %s in %.0f s\n", cached.c_str(), secondsSince(start));
        start = std::chrono::steady_clock::now();
    } else {
        std::printf("  reusing the state %s\n", cached.c_str());
        const auto space = comment->find(' ');
        info.key = comment->substr(0, space);
        info.familyId = comment->substr(space + 1);
    }
    pg.copyFrom(cached);
    std::printf("  copied it in %.1f s\n", secondsSince(start));
}

// The state a run measures, on `backend` ("sqlite": the cached state copied into `dir`; "pg":
// a database of the cluster `pg` keeps alive, see pgState): its URL, and its key in `info`.
// Called again, it copies the state afresh over the last copy (no server may hold it open).
inline std::string openState(const std::string& backend, const std::string& dir, int64_t total,
                             int64_t big, std::unique_ptr<PgBenchDatabase>& pg, StateInfo& info) {
    if (backend != "pg") {
        info = sqliteState(dir, total, big);
        return "sqlite:" + dir + "/state.db";
    }
    if (!pg) pg = std::make_unique<PgBenchDatabase>(FINIMPORT_SOURCE_DIR);
    pgState(*pg, total, big, info);
    return pg->url();
}

} // namespace finimport::bench
