// The options of docs/api.md §7.1 end to end: the amounts stored after publish (scaled 1e8) for
// custom_column, every number format, inflows_negative and tag escapes; every date pattern of
// docs/imports.md §5.9 on the rows endpoint; encoding (§12.5) and D4/D5 row errors.
#include "LifecycleSupport.h"

#include <Poco/JSON/Array.h>

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;

namespace {

const std::string kIso = R"("date_format":"%Y-%m-%d")";

// Engine-sign amounts of the entries an import created, in row order.
std::vector<int64_t> storedAmounts(AppHarness& app, const std::string& importId) {
    std::vector<int64_t> out;
    for (const auto& r : storeQuery(
             app, "SELECT amount FROM entries WHERE import_id = ? ORDER BY date, name", {importId}))
        out.push_back(r.i64(0));
    return out;
}

std::string joined(const std::vector<int64_t>& v) {
    std::string out;
    for (auto x : v)
        out += (out.empty() ? "" : " ") + std::to_string(x);
    return out;
}

std::string errorsOf(const Poco::JSON::Object::Ptr& row) {
    std::string out;
    auto errors = row->getArray("errors");
    for (size_t i = 0; i < errors->size(); ++i)
        out += (i ? " | " : "") + errors->getElement<std::string>(unsigned(i));
    return out;
}

} // namespace

class OptionsLifecycleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OptionsLifecycleTest);
    CPPUNIT_TEST(amountsPerOption);
    CPPUNIT_TEST(datePatterns);
    CPPUNIT_TEST(numberErrors);
    CPPUNIT_TEST(tagEscapes);
    CPPUNIT_TEST(windows1250OverHttp);
    CPPUNIT_TEST(currencyDiffersFromAccount);
    CPPUNIT_TEST_SUITE_END();

public:
    void amountsPerOption() {
        AppHarness app;
        auto key = app.createKey("Fam");
        struct Case {
            std::string csv, options, expected;
        } cases[] = {
            // docs/imports.md §5.6's example: identifier debit, inflows_positive → -100, 200, -300.
            {"date,name,amount,type\n2024-01-01,c1,100,debit\n2024-01-02,c2,200,credit\n2024-01-03,"
             "c3,300,debit\n",
             R"("amount_type_strategy":"custom_column","amount_type_inflow_value":"debit")",
             "-10000000000 20000000000 -30000000000"},
            // The API's usual meaning: rows typed "credit" are inflows.
            {"date,name,amount,entity_type\n2024-01-04,k1,25.10,credit\n2024-01-05,k2,10,debit\n",
             R"("amount_type_strategy":"custom_column","amount_type_inflow_value":"credit")",
             "-2510000000 1000000000"},
            {"date,name,amount\n2024-01-06,n1,\"$1,234.56\"\n2024-01-07,n2,(50.00)\n2024-01-08,n3,-"
             "0.00000001\n",
             "", "-123456000000 5000000000 1"},
            {"date;name;amount\n2024-01-09;n4;1.234,56\n2024-01-10;n5;-7,5\n",
             R"("col_sep":";","number_format":"1.234,56")", "-123456000000 750000000"},
            {"date;name;amount\n2024-01-11;n6;\xE2\x82\xAC"
             "1 234,56\n2024-01-12;n7;1\xC2\xA0"
             "234,56 kr\n",
             R"("col_sep":";","number_format":"1 234,56")", "-123456000000 -123456000000"},
            {"date,name,amount\n2024-01-13,n8,\"1,234\"\n", R"("number_format":"1,234")",
             "-123400000000"},
            {"date,name,amount\n2024-01-14,s1,-25.00\n2024-01-15,s2,40\n",
             R"("signage_convention":"inflows_negative")", "-2500000000 4000000000"},
            {"junk line\ndate,name,amount\n2024-01-16,r1,1\n", R"("rows_to_skip":"1")",
             "-100000000"},
        };
        // Every case books into one account (account_id), created by an AccountImport.
        auto acc = createImport(
            app, key, importBody("AccountImport", "type,name,balance\nchecking,Main,0\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, acc));
        const std::string accountId = accountIdByName(app, "Main");
        for (const auto& c : cases) {
            std::string extra = kIso + ",\"account_id\":\"" + accountId + "\"" +
                                (c.options.empty() ? "" : "," + c.options);
            auto id = createImport(app, key, importBody("TransactionImport", c.csv, extra));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(c.csv, std::string("complete"),
                                         publishImport(app, key, id));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(c.csv, c.expected, joined(storedAmounts(app, id)));
        }
    }

    void datePatterns() {
        AppHarness app;
        auto key = app.createKey("Fam");
        struct Case {
            const char *format, *text;
        } cases[] = {
            {"%m-%d-%Y", "01-15-2024"}, {"%d.%m.%Y", "15.01.2024"},  {"%d-%m-%Y", "15-01-2024"},
            {"%Y-%m-%d", "2024-01-15"}, {"%d/%m/%Y", "15/01/2024"},  {"%Y/%m/%d", "2024/01/15"},
            {"%m/%d/%Y", "1/15/2024"},  {"%e/%m/%Y", "15/01/2024"},  {"%Y.%m.%d", "2024.01.15"},
            {"%Y%m%d", "20240115"},     {"%d %b %Y", "15 Jan 2024"}, {"%d/%m/%y", "15/01/24"},
        };
        for (const auto& c : cases) {
            auto id = createImport(
                app, key,
                importBody("TransactionImport", std::string("date,amount\n") + c.text + ",1\n",
                           std::string(R"("date_format":)") + jsonQuote(c.format)));
            auto row = importRows(app, key, id)->getObject(0);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(c.format, std::string(""), errorsOf(row));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(c.format, std::string("2024-01-15"),
                                         row->getObject("fields")->getValue<std::string>("date"));
        }
        // Strict: trailing text, impossible dates and rows outside the docs/decisions.md D1 window
        // (50 years) are errors.
        auto id = createImport(
            app, key,
            importBody("TransactionImport",
                       "date,amount\n2024-01-15T00:00:00Z,1\n2024-02-30,1\n1970-01-01,1\n", kIso));
        auto rows = importRows(app, key, id);
        CPPUNIT_ASSERT_EQUAL(std::string("Date must exactly match the format: %Y-%m-%d"),
                             errorsOf(rows->getObject(0)));
        CPPUNIT_ASSERT_EQUAL(
            std::string("2024-01-15T00:00:00Z"),
            rows->getObject(0)->getObject("fields")->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("Date must exactly match the format: %Y-%m-%d"),
                             errorsOf(rows->getObject(1)));
        CPPUNIT_ASSERT_EQUAL(
            0u, static_cast<unsigned>(errorsOf(rows->getObject(2)).find("Date must be between ")));
        CPPUNIT_ASSERT_EQUAL(
            3, importDetail(app, key, id)->getObject("stats")->getValue<int>("invalid_rows_count"));
    }

    void numberErrors() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(app, key,
                               importBody("TransactionImport",
                                          "date,amount\n2024-01-15,\"1.234,56\"\n2024-01-15,1."
                                          "123456789\n2024-01-15,abc\n2024-01-15,\n",
                                          kIso));
        auto rows = importRows(app, key, id);
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"1.234,56\" does not match the number format 1,234.56"),
            errorsOf(rows->getObject(0)));
        CPPUNIT_ASSERT_EQUAL(
            std::string("1.234,56"),
            rows->getObject(0)->getObject("fields")->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Amount has more than 8 decimal places"),
                             errorsOf(rows->getObject(1)));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Amount \"abc\" does not match the number format 1,234.56"),
            errorsOf(rows->getObject(2)));
        CPPUNIT_ASSERT_EQUAL(std::string("Amount is required"), errorsOf(rows->getObject(3)));
        CPPUNIT_ASSERT(
            !importDetail(app, key, id)->getObject("status_detail")->getValue<bool>("cleaned"));
    }

    void tagEscapes() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(app, key,
                               importBody("TransactionImport",
                                          "date,name,amount,tags,account\n"
                                          "2024-01-15,t1,1,\"Food\\, Dining,essentials\",Main\n"
                                          "2024-01-16,t2,1,Food\\|Dining|essentials,Main\n"
                                          "2024-01-17,t3,1,\"a|b,c\",Main\n",
                                          kIso));
        auto rows = importRows(app, key, id);
        auto tags = rows->getObject(0)->getObject("mappings")->getArray("tags");
        CPPUNIT_ASSERT_EQUAL(2u, static_cast<unsigned>(tags->size()));
        CPPUNIT_ASSERT_EQUAL(std::string("Food, Dining"),
                             tags->getObject(0)->getValue<std::string>("key"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        std::string names;
        for (const auto& r : storeQuery(app, "SELECT name FROM tags ORDER BY name"))
            names += r.str(0) + ";";
        CPPUNIT_ASSERT_EQUAL(std::string("Food, Dining;Food|Dining;a|b;c;essentials;"), names);
        CPPUNIT_ASSERT_EQUAL(
            int64_t(2),
            storeCount(app, "SELECT COUNT(*) FROM transaction_tags tt JOIN entries e ON "
                            "e.id = tt.entry_id WHERE e.name = 't3'"));
    }

    void windows1250OverHttp() {
        AppHarness app;
        auto key = app.createKey("Fam");
        MultipartBuilder form;
        form.field("type", "TransactionImport")
            .field("date_format", "%Y-%m-%d")
            .field("signage_convention", "inflows_negative")
            .file("file", "windows1250.csv", "text/csv",
                  readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/windows1250.csv"));
        auto created = app.postMultipart("/api/v1/imports", form, key);
        CPPUNIT_ASSERT_EQUAL(201, created.status);
        auto id = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        auto rows = importRows(app, key, id);
        CPPUNIT_ASSERT_EQUAL(3u, static_cast<unsigned>(rows->size()));
        auto f0 = rows->getObject(0)->getObject("fields");
        CPPUNIT_ASSERT_EQUAL(std::string("Sklep spo\xC5\xBCywczy"),
                             f0->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("\xC5\xBBywno\xC5\x9B\xC4\x87"),
                             f0->getValue<std::string>("category"));
        CPPUNIT_ASSERT_EQUAL(std::string("Konto g\xC5\x82\xC3\xB3wne"),
                             f0->getValue<std::string>("account"));
        auto f1 = rows->getObject(1)->getObject("fields");
        CPPUNIT_ASSERT_EQUAL(std::string("Kawiarnia Caf\xC3\xA9"),
                             f1->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("Kawa|\xC5\x9Aniadanie"),
                             f1->getValue<std::string>("tags"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(int64_t(-5000000000),
                             storeQuery(app, "SELECT amount FROM entries WHERE name = ?",
                                        {std::string("Sklep spo\xC5\xBCywczy")})
                                 .at(0)
                                 .i64(0));
    }

    void currencyDiffersFromAccount() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto acc = createImport(
            app, key,
            importBody("AccountImport",
                       "type,name,balance,currency\nchecking,Euro,0,EUR\nchecking,Dollar,0,USD\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, acc));
        // Existing account by name: a given other currency is a row error; a missing one takes
        // the account's (EUR, though the family is USD).
        auto id =
            createImport(app, key,
                         importBody("TransactionImport",
                                    "date,name,amount,account,currency\n2024-01-15,a,1,Dollar,EUR\n"
                                    "2024-01-15,b,1,Euro,\n2024-01-15,c,1,New One,EUR\n",
                                    kIso));
        auto rows = importRows(app, key, id);
        CPPUNIT_ASSERT_EQUAL(std::string("Currency EUR differs from the account's currency USD"),
                             errorsOf(rows->getObject(0)));
        CPPUNIT_ASSERT_EQUAL(std::string(""), errorsOf(rows->getObject(1)));
        CPPUNIT_ASSERT_EQUAL(
            std::string("EUR"),
            rows->getObject(1)->getObject("fields")->getValue<std::string>("currency"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), errorsOf(rows->getObject(2)));
        CPPUNIT_ASSERT_EQUAL(
            1, importDetail(app, key, id)->getObject("stats")->getValue<int>("invalid_rows_count"));
        // With account_id every row targets that account.
        auto byId = createImport(
            app, key,
            importBody("TransactionImport",
                       "date,amount,currency\n2024-01-15,1,GBP\n2024-01-15,2,\n",
                       kIso + ",\"account_id\":\"" + accountIdByName(app, "Euro") + "\""));
        auto rows2 = importRows(app, key, byId);
        CPPUNIT_ASSERT_EQUAL(std::string("Currency GBP differs from the account's currency EUR"),
                             errorsOf(rows2->getObject(0)));
        CPPUNIT_ASSERT_EQUAL(std::string(""), errorsOf(rows2->getObject(1)));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OptionsLifecycleTest);
