#include "TestDatabase.h"
#include "LedgerSeed.h"

#include "store/Database.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <Poco/Data/Session.h>
#include <Poco/TemporaryFile.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace finimport::test {

namespace {

// CREATE/DROP DATABASE cannot run inside a transaction: a plain session autocommits.
void runOnMaintenanceDb(const std::string& sql) {
    auto url = store::DatabaseUrl::parse(TestDatabase::postgresBaseUrl());
    Poco::Data::Session s(url.connector(), url.connectionString());
    store::sqlExec(s, sql);
}

} // namespace

bool TestDatabase::postgresPass() {
    const char* f = std::getenv("FINIMPORT_TEST_PG_URL_FILE");
    return f && *f;
}

std::string TestDatabase::postgresBaseUrl() {
    const char* f = std::getenv("FINIMPORT_TEST_PG_URL_FILE");
    if (!f || !*f) throw std::runtime_error("FINIMPORT_TEST_PG_URL_FILE is not set");
    std::ifstream in(f);
    std::string url;
    if (!in || !std::getline(in, url) || url.empty())
        throw std::runtime_error(
            std::string("the PostgreSQL test cluster is not running (no URL in ") + f +
            "): see the output of the pg_cluster_start test");
    return url;
}

TestDatabase::TestDatabase(const std::string& sqliteDir) {
    if (!postgresPass()) {
        _url = "sqlite:" + sqliteDir + "/finimport.db";
        return;
    }
    store::Database::registerConnectors();
    std::string id = store::newUuid();
    id.erase(std::remove(id.begin(), id.end(), '-'), id.end());
    _pgName = "fi_test_" + id;
    runOnMaintenanceDb("CREATE DATABASE " + _pgName);
    auto base = postgresBaseUrl();
    _url = base.substr(0, base.rfind('/') + 1) + _pgName;
}

TestDatabase::~TestDatabase() {
    if (_pgName.empty()) return;
    try {
        runOnMaintenanceDb("DROP DATABASE IF EXISTS " + _pgName + " WITH (FORCE)");
    } catch (...) {
        // The cluster is removed at the end of the run anyway.
    }
}

ScratchPlace::ScratchPlace() : dir(Poco::TemporaryFile::tempName()) {
    std::filesystem::create_directories(dir);
    test = std::make_unique<TestDatabase>(dir);
}

ScratchPlace::~ScratchPlace() {
    test.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
}

void insertFamilyWithAccounts(store::Tx& s, std::initializer_list<std::string> accounts) {
    store::sqlExec(s, "INSERT INTO families (id, name, currency, created_at, updated_at) VALUES "
                      "('f', 'F', 'USD', 1, 1)");
    for (const std::string& a : accounts)
        store::sqlExec(s,
                       "INSERT INTO accounts (id, family_id, name, account_type, currency, "
                       "balance, created_at, updated_at) VALUES (?, 'f', ?, 'depository', 'USD', "
                       "0, 1, 1)",
                       {a, a});
}

} // namespace finimport::test
