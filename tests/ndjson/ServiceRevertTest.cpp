// ServiceImport revert with dependants (docs/decisions.md D20, D64): an account the service import
// created that another import wrote into blocks the revert with 409 revert_blocked.
#include "NdjsonSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

class ServiceRevertTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ServiceRevertTest);
    CPPUNIT_TEST(accountUsedByAnotherImportBlocksRevert);
    CPPUNIT_TEST_SUITE_END();

public:
    void accountUsedByAnotherImportBlocksRevert() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto service =
            publishService(app, key,
                           R"({"type":"Account","data":{"id":"a1","name":"Joint","balance":"10",)"
                           R"("currency":"USD","accountable_type":"Depository"}})"
                           "\n");
        CPPUNIT_ASSERT_EQUAL(std::string("complete"),
                             service.import->getValue<std::string>("status"));
        auto tx = app.postJson(
            "/api/v1/imports",
            R"({"type":"TransactionImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"date,name,amount,account\n2024-03-01,Rent,-900,Joint\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, tx.status);
        auto txId = jsonObject(tx)->getObject("data")->getValue<std::string>("id");
        app.waitForJobs();
        CPPUNIT_ASSERT_EQUAL(std::string("complete"),
                             importData(app, key, txId)->getValue<std::string>("status"));

        const int64_t entries = sqlCount(app, "SELECT COUNT(*) FROM entries");
        auto r = app.postJson("/api/v1/imports/" + service.importId + "/revert", "", key);
        CPPUNIT_ASSERT_EQUAL(409, r.status);
        CPPUNIT_ASSERT_EQUAL(
            R"({"error":"revert_blocked","message":"Import cannot be reverted because other )"
            R"(data depends on it: import )" +
                txId + R"(.","import_id":")" + service.importId + R"("})",
            r.body);
        app.waitForJobs();
        CPPUNIT_ASSERT_EQUAL(
            std::string("complete"),
            importData(app, key, service.importId)->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(entries, sqlCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), sqlCount(app,
                                                  "SELECT COUNT(*) FROM entries WHERE "
                                                  "import_id = ?",
                                                  {txId}));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), sqlCount(app, "SELECT COUNT(*) FROM accounts"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ServiceRevertTest);
