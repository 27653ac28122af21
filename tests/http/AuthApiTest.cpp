// docs/api.md §3 against the real key store: 401 for missing, empty, unknown, revoked, expired and
// deactivated keys; 403 for a read key on a write operation; keys of one family see nothing of
// another's.
#include "AppHarness.h"

#include "app/auth/ApiKeys.h"
#include "store/Sql.h"

#include <Poco/Data/Binding.h>
#include <Poco/Data/Extraction.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

namespace {
const std::string kInvalid =
    R"({"error":"unauthorized","message":"Access token or API key is invalid, expired, or missing"})";
}

class AuthApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AuthApiTest);
    CPPUNIT_TEST(testMissingEmptyAndUnknownKeys);
    CPPUNIT_TEST(testRevokedAndExpiredKeys);
    CPPUNIT_TEST(testDeactivatedUser);
    CPPUNIT_TEST(testReadKeyCannotWrite);
    CPPUNIT_TEST(testFamiliesAreIsolated);
    CPPUNIT_TEST(testKeysAreStoredHashed);
    CPPUNIT_TEST_SUITE_END();

public:
    void testMissingEmptyAndUnknownKeys() {
        AppHarness app;
        auto missing = app.get("/api/v1/balances", "");
        CPPUNIT_ASSERT_EQUAL(401, missing.status);
        CPPUNIT_ASSERT_EQUAL(kInvalid, missing.body);
        CPPUNIT_ASSERT(!missing.hasHeader("X-RateLimit-Limit"));
        auto empty = httpSend(app.port(), "GET", "/api/v1/balances", {{"X-Api-Key", ""}});
        CPPUNIT_ASSERT_EQUAL(401, empty.status);
        CPPUNIT_ASSERT_EQUAL(kInvalid, empty.body);
        std::string key = app.createKey("A");
        std::string upper = key;
        for (auto& c : upper)
            c = static_cast<char>(std::toupper(c));
        CPPUNIT_ASSERT_EQUAL(401, app.get("/api/v1/balances", upper).status);
        // (Surrounding whitespace is not part of an HTTP field value, RFC 9110 §5.5.)
        CPPUNIT_ASSERT_EQUAL(401, app.get("/api/v1/balances", key.substr(1)).status);
        CPPUNIT_ASSERT_EQUAL(200, app.get("/api/v1/balances", key).status);
    }

    void testRevokedAndExpiredKeys() {
        AppHarness app;
        finimport::app::ApiKeys keys(app.server().database());
        auto revoked = keys.create("A", "u", "k1", "read", std::nullopt);
        CPPUNIT_ASSERT_EQUAL(200, app.get("/api/v1/balances", revoked.key).status);
        CPPUNIT_ASSERT_EQUAL(1, keys.revoke(revoked.prefix));
        auto r = app.get("/api/v1/balances", revoked.key);
        CPPUNIT_ASSERT_EQUAL(401, r.status);
        CPPUNIT_ASSERT_EQUAL(kInvalid, r.body);
        auto expired = keys.create("A", "u", "k2", "read", int64_t(1000000)); // 1970
        CPPUNIT_ASSERT_EQUAL(401, app.get("/api/v1/balances", expired.key).status);
    }

    void testDeactivatedUser() {
        AppHarness app;
        std::string key = app.createKey("A", "read_write", "alice");
        app.deactivateUser("A", "alice");
        auto r = app.get("/api/v1/balances", key);
        CPPUNIT_ASSERT_EQUAL(401, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"error":"unauthorized","message":"Account has been deactivated"})"),
            r.body);
    }

    void testReadKeyCannotWrite() {
        AppHarness app;
        std::string key = app.createKey("A", "read");
        auto r = app.postJson("/api/v1/imports", "{}", key);
        CPPUNIT_ASSERT_EQUAL(403, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"insufficient_scope","message":"This action requires the 'write' scope"})"),
            r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("Infinity"), r.header("X-RateLimit-Limit"));
        auto list = app.get("/api/v1/imports", key);
        CPPUNIT_ASSERT_EQUAL(200, list.status);
        CPPUNIT_ASSERT_EQUAL(0, jsonObject(list)->getObject("meta")->getValue<int>("total_count"));
    }

    void testFamiliesAreIsolated() {
        AppHarness app;
        std::string a = app.createKey("A"), b = app.createKey("B");
        auto created = app.postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","raw_file_content":"type,name,amount\nChecking,Mine,10.00\n"})",
            a);
        CPPUNIT_ASSERT_EQUAL(201, created.status);
        app.waitForJobs();
        std::string importId = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        CPPUNIT_ASSERT_EQUAL(1, jsonObject(app.get("/api/v1/balances", a))
                                    ->getObject("pagination")
                                    ->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(0, jsonObject(app.get("/api/v1/balances", b))
                                    ->getObject("pagination")
                                    ->getValue<int>("total_count"));
        auto foreign = app.get("/api/v1/imports/" + importId, b);
        CPPUNIT_ASSERT_EQUAL(404, foreign.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"error":"not_found","message":"Import not found"})"),
                             foreign.body);
        std::string accountId = jsonObject(app.get("/api/v1/balances", a))
                                    ->getArray("balances")
                                    ->getObject(0)
                                    ->getObject("account")
                                    ->getValue<std::string>("id");
        auto misuse = app.postJson("/api/v1/imports",
                                   R"({"account_id":")" + accountId +
                                       R"(","raw_file_content":"date,amount\n01/02/2024,1\n"})",
                                   b);
        CPPUNIT_ASSERT_EQUAL(422, misuse.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"validation_failed","message":"Import could not be created","errors":["Account must belong to your family"]})"),
            misuse.body);
    }

    void testKeysAreStoredHashed() {
        AppHarness app;
        std::string key = app.createKey("A");
        CPPUNIT_ASSERT_EQUAL(size_t(64), key.size());
        int64_t plain = 0, hashed = 0;
        app.server().database().read([&](finimport::store::Tx& s) {
            // The store's portable statements (`?` is not PostgreSQL syntax: http_api_pg).
            plain = finimport::store::sqlCount(
                s, "SELECT COUNT(*) FROM api_keys WHERE key_hash = ?", {key});
            hashed =
                finimport::store::sqlCount(s, "SELECT COUNT(*) FROM api_keys WHERE key_hash = ?",
                                           {finimport::app::sha256Hex(key)});
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(0), plain);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), hashed);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AuthApiTest);
