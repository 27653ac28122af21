// Import read endpoints and publish/revert (docs/api.md §12.1–§12.3, §12.5): lookups, 404s,
// scope before lookup, list filters and tenant isolation.
#include "ApiSupport.h"
#include "KeyedAppFixture.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;

class ImportReadApiTest : public finimport::test::KeyedAppFixture {
    CPPUNIT_TEST_SUITE(ImportReadApiTest);
    CPPUNIT_TEST(testUnknownMalformedAndForeignAre404);
    CPPUNIT_TEST(testScopeBeatsLookup);
    CPPUNIT_TEST(testListFiltersAndMeta);
    CPPUNIT_TEST(testShowAndRows);
    CPPUNIT_TEST(testPublishAndRevertStates);
    CPPUNIT_TEST_SUITE_END();

    std::string createImport(const std::string& body, const std::string& key) {
        return finimport::test::createImport(*_app, key, body);
    }

public:
    void testUnknownMalformedAndForeignAre404() {
        std::string other = _app->createKey("Other");
        std::string foreign = createImport("{}", other);
        for (const std::string& id :
             {std::string("nope"), std::string("00000000-0000-4000-8000-000000000000"), foreign}) {
            for (const std::string& suffix : {std::string(""), std::string("/rows")})
                ASSERT_API_ERROR(_app->get("/api/v1/imports/" + id + suffix, _key), 404,
                                 "not_found", "Import not found", kNoErrors);
            for (const char* action : {"/publish", "/revert"})
                ASSERT_API_ERROR(_app->postJson("/api/v1/imports/" + id + action, "", _key), 404,
                                 "not_found", "Import not found", kNoErrors);
        }
        // The other family's import is untouched.
        CPPUNIT_ASSERT_EQUAL(std::string("pending"),
                             jsonObject(_app->get("/api/v1/imports/" + foreign, other))
                                 ->getObject("data")
                                 ->getValue<std::string>("status"));
    }

    void testScopeBeatsLookup() {
        std::string readKey = _app->createKey("Family", "read", "reader");
        ASSERT_API_ERROR(_app->postJson("/api/v1/imports/nope/publish", "", readKey), 403,
                         "insufficient_scope", "This action requires the 'write' scope", kNoErrors);
        ASSERT_API_ERROR(_app->get("/api/v1/imports/nope", ""), 401, "unauthorized",
                         "Access token or API key is invalid, expired, or missing", kNoErrors);
    }

    void testListFiltersAndMeta() {
        std::string a = createImport("{}", _key);
        std::string b = createImport(
            R"({"type":"ServiceImport","raw_file_content":"{\"type\":\"Tag\",\"data\":{}}"})",
            _key);
        _app->createKey("Other");
        auto list = [&](const std::string& q) {
            return jsonObject(_app->get("/api/v1/imports" + q, _key));
        };
        auto all = list("");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), all->getArray("data")->size());
        CPPUNIT_ASSERT_EQUAL(
            b, all->getArray("data")->getObject(0)->getValue<std::string>("id")); // newest first
        auto summary = all->getArray("data")->getObject(1);
        CPPUNIT_ASSERT_EQUAL(std::size_t(8), summary->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), summary->getObject("status_detail")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), list("?type=SureImport")->getArray("data")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), list("?type=Nope")->getArray("data")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), list("?status=PENDING")->getArray("data")->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), list("?status=pending")->getArray("data")->size());
        auto paged = list("?per_page=1&page=7");
        auto meta = paged->getObject("meta");
        CPPUNIT_ASSERT_EQUAL(2, meta->getValue<int>("current_page"));
        CPPUNIT_ASSERT(meta->isNull("next_page"));
        CPPUNIT_ASSERT_EQUAL(1, meta->getValue<int>("prev_page"));
        CPPUNIT_ASSERT_EQUAL(2, meta->getValue<int>("total_pages"));
        CPPUNIT_ASSERT_EQUAL(2, meta->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(1, meta->getValue<int>("per_page"));
        CPPUNIT_ASSERT_EQUAL(a, paged->getArray("data")->getObject(0)->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(100,
                             list("?per_page=101")->getObject("meta")->getValue<int>("per_page"));
    }

    void testShowAndRows() {
        std::string id = createImport(
            R"({"raw_file_content":"date,amount,name\n01/02/2024,5,A\n13/45/2024,,B\n"})", _key);
        std::string upper = id;
        for (auto& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        auto shown = _app->get("/api/v1/imports/" + upper, _key);
        CPPUNIT_ASSERT_EQUAL(200, shown.status);
        auto d = jsonObject(shown)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(id, d->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(1, d->getObject("stats")->getValue<int>("invalid_rows_count"));
        CPPUNIT_ASSERT(!d->has("rows"));
        auto rows = jsonObject(_app->get("/api/v1/imports/" + id + "/rows", _key));
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), rows->getArray("data")->size());
        auto row = rows->getArray("data")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(1, row->getValue<int>("row_number"));
        CPPUNIT_ASSERT_EQUAL(true, row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(17), row->getObject("fields")->size());
        auto invalid = jsonObject(_app->get("/api/v1/imports/" + id + "/rows?invalid=true", _key));
        CPPUNIT_ASSERT_EQUAL(1, invalid->getObject("meta")->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(2,
                             invalid->getArray("data")->getObject(0)->getValue<int>("row_number"));
        // The plugin's row errors keep their code, field, line and raw text.
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), row->getArray("error_details")->size());
        auto details = invalid->getArray("data")->getObject(0)->getArray("error_details");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), details->size());
        auto date = details->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_date"), date->getValue<std::string>("code"));
        CPPUNIT_ASSERT_EQUAL(std::string("date"), date->getValue<std::string>("field"));
        CPPUNIT_ASSERT_EQUAL(std::string("Date must exactly match the format: %m/%d/%Y"),
                             date->getValue<std::string>("message"));
        CPPUNIT_ASSERT_EQUAL(3, date->getValue<int>("line"));
        CPPUNIT_ASSERT_EQUAL(std::string("13/45/2024"), date->getValue<std::string>("raw"));
        CPPUNIT_ASSERT(date->isNull("section"));
        CPPUNIT_ASSERT_EQUAL(std::string("amount"),
                             details->getObject(1)->getValue<std::string>("field"));
    }

    void testPublishAndRevertStates() {
        std::string empty = createImport("{}", _key);
        auto body =
            ASSERT_API_ERROR(_app->postJson("/api/v1/imports/" + empty + "/publish", "", _key), 422,
                             "not_publishable", "Import was uploaded but is not ready to publish.",
                             Errors({"No content was uploaded"}));
        CPPUNIT_ASSERT_EQUAL(empty, body->getValue<std::string>("import_id"));
        ASSERT_API_ERROR(_app->postJson("/api/v1/imports/" + empty + "/revert", "", _key), 422,
                         "not_revertable", "Import cannot be reverted in its current state.",
                         kNoErrors);
        auto account = seedAccount(*_app, "Family", "Checking");
        std::string ok = createImport(R"({"account_id":")" + account.id +
                                          R"(","raw_file_content":"date,amount\n01/02/2024,5\n"})",
                                      _key);
        auto published = _app->postJson("/api/v1/imports/" + ok + "/publish", "", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(published.body, 200, published.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("importing"),
            jsonObject(published)->getObject("data")->getValue<std::string>("status"));
        _app->waitForJobs();
        auto reverted = _app->postJson("/api/v1/imports/" + ok + "/revert", "", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(reverted.body, 200, reverted.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("reverting"),
            jsonObject(reverted)->getObject("data")->getValue<std::string>("status"));
        _app->waitForJobs();
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ImportReadApiTest);
