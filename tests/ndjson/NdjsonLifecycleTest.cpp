// ServiceImport lifecycle: revert and re-publish (docs/decisions.md D20), preflight as a function
// (the POST /imports/preflight engine), rule operands by value_ref (implicit taxonomy, D19).
#include "NdjsonSupport.h"

#include "app/backup/RestoreChecks.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

class NdjsonLifecycleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NdjsonLifecycleTest);
    CPPUNIT_TEST(testRevertRemovesEverythingAndRepublishMatches);
    CPPUNIT_TEST(testSecondImportOfSameTaxonomyCollides);
    CPPUNIT_TEST(testPreflightFunctionWarningsAndStats);
    CPPUNIT_TEST(testPreflightFunctionInvalidJsonAndNoRows);
    CPPUNIT_TEST(testRuleValueRefsCreateImplicitTaxonomy);
    CPPUNIT_TEST_SUITE_END();

public:
    void testRevertRemovesEverythingAndRepublishMatches() {
        AppHarness app;
        std::string key = app.createKey("Revert");
        auto first = publishService(app, key, ndjsonFixture("sample.ndjson"));
        CPPUNIT_ASSERT_EQUAL(std::string("matched"),
                             readback(first.import)->getValue<std::string>("status"));
        auto reverted = app.postJson("/api/v1/imports/" + first.importId + "/revert", "", key);
        CPPUNIT_ASSERT_EQUAL(200, reverted.status);
        app.waitForJobs();
        auto after = importData(app, key, first.importId);
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), after->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("reverted"),
                             readback(after)->getValue<std::string>("status"));
        for (const char* table :
             {"accounts", "entries", "categories", "tags", "merchants", "balances"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                table, int64_t(0), sqlCount(app, std::string("SELECT COUNT(*) FROM ") + table));

        auto again = app.postJson("/api/v1/imports/" + first.importId + "/publish", "", key);
        CPPUNIT_ASSERT_EQUAL(200, again.status);
        app.waitForJobs();
        auto republished = importData(app, key, first.importId);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), republished->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("matched"),
                             readback(republished)->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), sqlCount(app, "SELECT COUNT(*) FROM categories"));
    }

    void testSecondImportOfSameTaxonomyCollides() {
        AppHarness app;
        std::string key = app.createKey("Collide");
        publishService(app, key, ndjsonFixture("sample.ndjson"));
        auto second = publishService(app, key, ndjsonFixture("sample.ndjson"));
        CPPUNIT_ASSERT_EQUAL(422, second.createStatus);
        auto lines = errorLines(second.created);
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), lines.size());
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                "Line 3 Category name \"Verified Category\" already exists in this family."),
            lines[1]);
        CPPUNIT_ASSERT_EQUAL(
            std::string("Line 4 Tag name \"Verified Tag\" already exists in this family."),
            lines[2]);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                "Line 5 Merchant name \"Verified Merchant\" already exists in this family."),
            lines[3]);
        CPPUNIT_ASSERT_EQUAL(second.importId, second.created->getValue<std::string>("import_id"));
    }

    void testPreflightFunctionWarningsAndStats() {
        AppHarness app;
        app.createKey("Preflight");
        finimport::app::RestoreCheckReport report;
        app.server().database().read([&](finimport::store::Tx& s) {
            auto family = finimport::store::sqlQueryOne(
                s, "SELECT id FROM families WHERE name = 'Preflight'");
            report = finimport::app::checkRestore(
                s, family->str(0), ndjsonFixture("service_preflight_warnings_only.ndjson"));
        });
        CPPUNIT_ASSERT(report.valid());
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), report.warnings.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Line 2 RejectedTransfer references missing "
                                         "inflow_transaction_id \"missing-inflow\". "
                                         "It will be skipped during import."),
                             report.warnings[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("Line 2 RejectedTransfer references missing "
                                         "outflow_transaction_id \"missing-outflow\". "
                                         "It will be skipped during import."),
                             report.warnings[1]);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), report.stats.rowsCount);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), report.stats.validRowsCount);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), report.stats.entityCounts.at("rules"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), report.stats.entityCounts.at("rejected_transfers"));
    }

    void testPreflightFunctionInvalidJsonAndNoRows() {
        AppHarness app;
        app.createKey("Preflight");
        finimport::app::RestoreCheckReport bad, empty, unsupported;
        app.server().database().read([&](finimport::store::Tx& s) {
            auto family =
                finimport::store::sqlQueryOne(s, "SELECT id FROM families WHERE name = 'Preflight'")
                    ->str(0);
            bad =
                finimport::app::checkRestore(s, family, ndjsonFixture("skip_invalid_line.ndjson"));
            empty = finimport::app::checkRestore(s, family, "\n  \n");
            unsupported =
                finimport::app::checkRestore(s, family,
                                             "[1]\n\n{\"type\":\"X\",\"data\":{}}\n{\"type\":"
                                             "\"Tag\"}\n{\"type\":\"Tag\",\"data\":[]}\n");
        });
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), bad.errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_json"), bad.errors[0].code);
        CPPUNIT_ASSERT_EQUAL(
            0, bad.errors[0].message.rfind("Line 1 is not valid JSON: ", 0) == 0 ? 0 : 1);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), bad.stats.rowsCount);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), bad.stats.invalidRowsCount);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), empty.errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("no_data_rows"), empty.errors[0].code);
        CPPUNIT_ASSERT_EQUAL(std::string("No data rows were found."), empty.errors[0].message);
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), unsupported.errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Line 1 must be a JSON object."),
                             unsupported.errors[0].message);
        CPPUNIT_ASSERT_EQUAL(std::string("Line 3 has unsupported record type X."),
                             unsupported.errors[1].message);
        CPPUNIT_ASSERT_EQUAL(std::string("Line 4 must include type and data."),
                             unsupported.errors[2].message);
        CPPUNIT_ASSERT_EQUAL(std::string("Line 5 data must be a JSON object."),
                             unsupported.errors[3].message);
        CPPUNIT_ASSERT(unsupported.warnings.empty()); // line 5 counts as a Tag line
        finimport::app::RestoreCheckReport nothing;
        app.server().database().read([&](finimport::store::Tx& s) {
            auto family =
                finimport::store::sqlQueryOne(s, "SELECT id FROM families WHERE name = 'Preflight'")
                    ->str(0);
            nothing = finimport::app::checkRestore(s, family, "{\"type\":\"X\",\"data\":{}}");
        });
        CPPUNIT_ASSERT_EQUAL(std::string("No importable records were found."),
                             nothing.warnings.at(0));
    }

    // rules_value_refs.ndjson with an id added (hidden-file style): operands by value_ref name.
    void testRuleValueRefsCreateImplicitTaxonomy() {
        AppHarness app;
        std::string key = app.createKey("Rules");
        std::string file = ndjsonFixture("rules_value_refs.ndjson");
        file.replace(file.find("\"data\":{") + 8, 0, "\"id\":\"rule-1\",");
        auto run = publishService(app, key, file);
        auto rb = readback(run.import);
        CPPUNIT_ASSERT_EQUAL(std::string("matched"), rb->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countOf(rb->getObject("implicit_counts"), "categories"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countOf(rb->getObject("implicit_counts"), "merchants"));
        auto rule = sqlRows(app, "SELECT r.name, r.conditions, r.actions, c.id, m.id FROM rules r, "
                                 "categories c, merchants m "
                                 "WHERE c.name = 'Dining' AND m.name = 'Coffee Bar'");
        CPPUNIT_ASSERT_EQUAL(std::string("Map Merchant To Dining"), rule[0][0]);
        CPPUNIT_ASSERT_EQUAL(
            "[{\"condition_type\":\"transaction_merchant\",\"operator\":\"=\",\"value\":\"" +
                rule[0][4] + "\"}]",
            rule[0][1]);
        CPPUNIT_ASSERT_EQUAL("[{\"action_type\":\"set_transaction_category\",\"value\":\"" +
                                 rule[0][3] + "\"}]",
                             rule[0][2]);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NdjsonLifecycleTest);
