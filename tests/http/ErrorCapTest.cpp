// Problem lists are bounded (docs/decisions.md D65): at most 1,000 messages plus
// a count line, built capped so a hostile file cannot make the server hold millions; a row
// keeps at most 10 messages.
#include "ApiSupport.h"
#include "app/imports/RowCollector.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

class ErrorCapTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ErrorCapTest);
    CPPUNIT_TEST(testNdjsonPreflightListsAThousand);
    CPPUNIT_TEST(testRowCollectorCaps);
    CPPUNIT_TEST_SUITE_END();

public:
    void testNdjsonPreflightListsAThousand() {
        AppHarness app;
        auto key = app.createKey("Fam");
        std::string content;
        for (int i = 0; i < 1500; ++i)
            content += "{\"type\":\"Widget\",\"data\":{}}\n";
        auto r = app.postJson(
            "/api/v1/imports/preflight",
            R"({"type":"ServiceImport","raw_file_content":)" + jsonQuote(content) + "}", key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        auto errors = jsonObject(r)->getObject("data")->getArray("errors");
        CPPUNIT_ASSERT_EQUAL(size_t(1001), errors->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Line 1000 has unsupported record type Widget."),
                             errors->getObject(999)->getValue<std::string>("message"));
        CPPUNIT_ASSERT_EQUAL(std::string("more_errors"),
                             errors->getObject(1000)->getValue<std::string>("code"));
        CPPUNIT_ASSERT_EQUAL(std::string("500 more errors not listed."),
                             errors->getObject(1000)->getValue<std::string>("message"));
    }

    void testRowCollectorCaps() {
        app::RowCollector rows;
        rows.begin("transaction", {"name"});
        plugin::Location one;
        one.record = 1;
        rows.row({std::string("a")}, one);
        for (int i = 0; i < 50; ++i)
            rows.rowError("bad", one, std::nullopt, "error " + std::to_string(i), std::nullopt);
        CPPUNIT_ASSERT_EQUAL(size_t(10), rows.rows()[0].errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("error 9"), rows.rows()[0].errors[9].message);
        plugin::Location file;
        for (int i = 0; i < 5000; ++i)
            rows.rowError("bad", file, std::nullopt, "file", std::nullopt);
        // Errors for 3,000 rows that never come: 1,000 wait, the rest count as file errors.
        for (uint64_t n = 100; n < 3100; ++n) {
            plugin::Location later;
            later.record = n;
            rows.rowError("bad", later, std::nullopt, "later", std::nullopt);
        }
        CPPUNIT_ASSERT_EQUAL(size_t(1000), rows.fileErrors().size());
        CPPUNIT_ASSERT_EQUAL(int64_t(4000 + 2000), rows.fileErrorsNotListed());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ErrorCapTest);
