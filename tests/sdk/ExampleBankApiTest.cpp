// The plain-C example plugin (sdk/examples/example_bank) served by the real server: a type the
// server does not ship, its own option over HTTP, and its own fatal error code through the ABI
// 1.1 fail() callback (and the sandbox child: a third-party directory runs isolated) as a 422.
// (Preflight of a third-party type still parses it as CSV on this host: the manifest-driven
// preflight that runs the plugin is not there yet.)
#include "AppHarness.h"
#include "app/rows/RowCodec.h"
#include "store/ImportStore.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

namespace {

const std::string kStatement = "Date;Description;Debit;Credit;Currency;Status\\n"
                               "05.01.2024;Coffee shop;3,50;;EUR;booked\\n"
                               "06.01.2024;Salary;;2.500,00;EUR;booked\\n"
                               "07.01.2024;Card payment;12,99;;EUR;pending\\n";
const std::string kNoHeader = "Datum;Text;Betrag\\n05.01.2024;Coffee;-3,50\\n";
const std::string kFatal = "The ExampleBank file could not be parsed: the header must name the "
                           "columns Date, Description, Debit and Credit (line 1)";

} // namespace

class ExampleBankApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ExampleBankApiTest);
    CPPUNIT_TEST(importsWithItsOwnOption);
    CPPUNIT_TEST(itsFatalErrorIsA422WithItsCode);
    CPPUNIT_TEST(anEditedRowFollowsTheHostRuleWithoutARowCheck);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        HarnessOptions options;
        options.pluginDirs = {EXAMPLE_BANK_PLUGIN_DIR};
        _app = std::make_unique<AppHarness>(options);
        _key = _app->createKey("Family");
    }
    void tearDown() override { _app.reset(); }

    HttpResult create(const std::string& content, const std::string& extra = "") {
        return _app->postJson("/api/v1/imports",
                              R"({"type":"ExampleBankImport",)" + extra +
                                  R"("raw_file_content":")" + content + R"("})",
                              _key);
    }

    void importsWithItsOwnOption() {
        auto skipped = create(kStatement, R"("skip_pending":"true",)");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(skipped.body, 201, skipped.status);
        auto body = jsonObject(skipped)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("ExampleBankImport"), body->getValue<std::string>("type"));
        CPPUNIT_ASSERT_EQUAL(2, body->getObject("stats")->getValue<int>("rows_count"));
        auto rows =
            _app->get("/api/v1/imports/" + body->getValue<std::string>("id") + "/rows", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(rows.body, 200, rows.status);
        auto data = jsonObject(rows)->getArray("data");
        CPPUNIT_ASSERT_EQUAL(size_t{2}, data->size());
        CPPUNIT_ASSERT(data->getObject(0)->getValue<bool>("valid"));
        CPPUNIT_ASSERT(data->getObject(1)->getValue<bool>("valid"));
        auto first = data->getObject(0)->getObject("fields");
        auto second = data->getObject(1)->getObject("fields");
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-05"), first->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("-3.50"), first->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), first->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("Coffee shop"), first->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("2500.00"), second->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Salary"), second->getValue<std::string>("name"));

        auto all = create(kStatement); // skip_pending defaults to false (the manifest's default)
        CPPUNIT_ASSERT_EQUAL_MESSAGE(all.body, 201, all.status);
        CPPUNIT_ASSERT_EQUAL(
            3, jsonObject(all)->getObject("data")->getObject("stats")->getValue<int>("rows_count"));
    }

    void itsFatalErrorIsA422WithItsCode() {
        auto refused = create(kNoHeader);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(refused.body, 422, refused.status);
        auto body = jsonObject(refused);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_examplebank"),
                             body->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(kFatal, body->getValue<std::string>("message"));
        auto list = _app->get("/api/v1/imports", _key);
        CPPUNIT_ASSERT_EQUAL(size_t{0}, jsonObject(list)->getArray("data")->size());
    }

    // The example exports no finimport_row_checks_v1 (docs/decisions.md D67): an edited amount
    // keeps the sign relation its row had, computed by the host (docs/api.md §12.6).
    void anEditedRowFollowsTheHostRuleWithoutARowCheck() {
        auto created = create(kStatement);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        const std::string id = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        auto patch = [&](const std::string& row, const std::string& body) {
            auto r = httpSend(_app->port(), "PATCH", "/api/v1/imports/" + id + "/rows/" + row,
                              {{"X-Api-Key", _key}}, body, "application/json");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            return jsonObject(r)->getObject("data");
        };
        auto row = patch("1", R"({"fields":{"amount":"-4.25"}})"); // a debit: money out
        CPPUNIT_ASSERT(row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("-4.25"),
                             row->getObject("fields")->getValue<std::string>("amount"));
        row = patch("2", R"({"fields":{"amount":"2600"}})"); // a credit: money in
        CPPUNIT_ASSERT(row->getValue<bool>("valid"));
        row = patch("3", R"({"fields":{"amount":"12.123456789"}})");
        CPPUNIT_ASSERT(!row->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("Amount has more than 8 decimal places"),
                             row->getArray("errors")->getElement<std::string>(0));
        std::vector<std::string> signedAmounts;
        _app->server().database().read([&](finimport::store::Tx& s) {
            store::ImportStore(s).forEachRowView(id, [&](const store::ImportRowView& stored) {
                signedAmounts.push_back(
                    app::rows::decodeFields(stored.fields).text("signed_amount"));
            });
        });
        CPPUNIT_ASSERT_EQUAL(size_t{3}, signedAmounts.size());
        CPPUNIT_ASSERT_EQUAL(std::string("4.25"), signedAmounts[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("-2600"), signedAmounts[1]);
        CPPUNIT_ASSERT_EQUAL(std::string(""), signedAmounts[2]); // invalid: no engine value
    }

private:
    std::unique_ptr<AppHarness> _app;
    std::string _key;
};

CPPUNIT_TEST_SUITE_REGISTRATION(ExampleBankApiTest);
