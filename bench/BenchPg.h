#pragma once
// A fresh PostgreSQL database for a benchmark: in the cluster of FINIMPORT_BENCH_PG_URL (a
// maintenance URL, e.g. postgresql://postgres@127.0.0.1:5432/postgres), or else in a throwaway
// cluster started with scripts/pg-test-cluster.sh. Dropped (and the cluster stopped) at the end.
// On a kept cluster it can start as a copy of another database (a cached state: see
// BenchStateCache.h).

#include "store/Database.h"
#include "store/Sql.h"

#include <Poco/Data/Session.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace finimport::bench {

class PgBenchDatabase {
public:
    explicit PgBenchDatabase(const std::string& sourceDir) : _sourceDir(sourceDir) {
        if (const char* u = std::getenv("FINIMPORT_BENCH_PG_URL"); u && *u) {
            _maintenance = u;
        } else {
            _state = (std::filesystem::temp_directory_path() /
                      ("finimport_pg_bench." + std::to_string(getpid())))
                         .string();
            if (std::system((_sourceDir + "/scripts/pg-test-cluster.sh start " + _state + " >&2")
                                .c_str()) != 0)
                throw std::runtime_error("the PostgreSQL cluster did not start");
            std::ifstream in(_state + "/url");
            std::getline(in, _maintenance);
        }
        store::Database::registerConnectors();
        _name = "fi_bench_" + std::to_string(getpid());
        maintenance("CREATE DATABASE " + _name);
        _url = urlOf(_name);
    }
    ~PgBenchDatabase() {
        try {
            maintenance("DROP DATABASE IF EXISTS " + _name + " WITH (FORCE)");
        } catch (...) {
        }
        if (!_state.empty()) {
            if (std::system(
                    (_sourceDir + "/scripts/pg-test-cluster.sh stop " + _state + " >&2").c_str()) !=
                0) {
            }
            std::filesystem::remove_all(_state);
        }
    }
    PgBenchDatabase(const PgBenchDatabase&) = delete;
    PgBenchDatabase& operator=(const PgBenchDatabase&) = delete;

    const std::string& url() const { return _url; }
    bool keptCluster() const { return _state.empty(); }
    std::string urlOf(const std::string& database) const {
        return _maintenance.substr(0, _maintenance.rfind('/') + 1) + database;
    }

    // The comment of `database`, or nullopt when the cluster has no such database.
    std::optional<std::string> databaseComment(const std::string& database) {
        auto s = maintenanceSession();
        auto r = store::sqlQueryOne(s,
                                    "SELECT COALESCE(shobj_description(oid, 'pg_database'), '') "
                                    "FROM pg_database WHERE datname = ?",
                                    {database});
        if (!r) return std::nullopt;
        return r->str(0);
    }

    // This run's database becomes a file copy of `source` (which no session may be using:
    // PostgreSQL refuses, so a few tries while the builder's connections close).
    void copyFrom(const std::string& source) {
        maintenance("DROP DATABASE " + _name + " WITH (FORCE)");
        for (int attempt = 1;; ++attempt) {
            try {
                maintenance("CREATE DATABASE " + _name + " TEMPLATE " + source +
                            " STRATEGY FILE_COPY");
                return;
            } catch (const std::exception&) {
                if (attempt == 10) throw;
                sleep(1);
            }
        }
    }

    void maintenance(const std::string& sql) {
        auto s = maintenanceSession();
        store::sqlExec(s, sql);
    }

private:
    Poco::Data::Session maintenanceSession() const {
        auto u = store::DatabaseUrl::parse(_maintenance);
        return Poco::Data::Session(u.connector(), u.connectionString());
    }

    std::string _sourceDir, _state, _maintenance, _name, _url;
};

} // namespace finimport::bench
