// The list indexes of schema v18 (docs/decisions.md D145, D146): total_count from the
// maintained counts stays exact through every write (publish, correction, delete, revert), equal
// to a count of the rows; search answered through the trigram index finds exactly what the
// contains rule of docs/read-api.md §3.2 finds, also after the indexed text changed.
#include "LedgerSupport.h"

#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;
namespace store = finimport::store;

class ListIndexesApiTest : public TwoAccountsFixture {
    CPPUNIT_TEST_SUITE(ListIndexesApiTest);
    CPPUNIT_TEST(testCountsFollowEveryWrite);
    CPPUNIT_TEST(testSearchThroughTheIndexIsExact);
    CPPUNIT_TEST(testSearchFollowsCorrectionsAndDeletes);
    CPPUNIT_TEST(testCommonTextIsCheckedInListingOrder);
    CPPUNIT_TEST_SUITE_END();

public:
    int64_t total(const std::string& list, const std::string& query = "") {
        auto r = _app->get("/api/v1/" + list + query, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getObject("pagination")->getValue<int64_t>("total_count");
    }
    std::string names(const std::string& query) {
        auto r = _app->get("/api/v1/transactions?per_page=100&" + query, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return joinField(jsonObject(r)->getArray("transactions"), "name");
    }
    std::string idOf(const std::string& name) {
        auto arr = jsonObject(_app->get("/api/v1/transactions?per_page=100", _key))
                       ->getArray("transactions");
        for (size_t i = 0; i < arr->size(); ++i)
            if (arr->getObject(i)->getValue<std::string>("name") == name)
                return arr->getObject(i)->getValue<std::string>("id");
        CPPUNIT_FAIL("no transaction named " + name);
        return "";
    }

    // Every maintained count equals the count of its rows (zero counts aside); on SQLite the
    // FTS5 index matches its content table.
    void assertCountsMatchRows() {
        _app->server().database().read([&](store::Tx& s) {
            auto rows = [&](const std::string& sql) {
                std::string out;
                for (const auto& r : store::sqlQuery(s, sql))
                    out += r.str(0) + " " + r.str(1) + " " + std::to_string(r.i64(2)) + ";";
                return out;
            };
            CPPUNIT_ASSERT_EQUAL(
                rows("SELECT account_id, entryable_type, COUNT(*) FROM entries GROUP BY "
                     "account_id, entryable_type ORDER BY account_id, entryable_type"),
                rows("SELECT account_id, entryable_type, n FROM entry_counts WHERE n <> 0 "
                     "ORDER BY account_id, entryable_type"));
            CPPUNIT_ASSERT_EQUAL(
                rows("SELECT account_id, currency, COUNT(*) FROM balances GROUP BY account_id, "
                     "currency ORDER BY account_id, currency"),
                rows("SELECT account_id, currency, n FROM balance_counts WHERE n <> 0 ORDER BY "
                     "account_id, currency"));
            // The dictionary of names (schema v21 SQLite, v22 PostgreSQL) equals its entries
            // grouped.
            CPPUNIT_ASSERT_EQUAL(
                rows("SELECT account_id || ' ' || name, COALESCE(merchant_id, ''), COUNT(*) "
                     "FROM entries WHERE entryable_type = 'Transaction' GROUP BY account_id, "
                     "name, COALESCE(merchant_id, '') ORDER BY 1, 2"),
                rows("SELECT account_id || ' ' || name, merchant_id, n FROM entry_names ORDER "
                     "BY 1, 2"));
            if (store::sqlIsPostgres(s)) {
                CPPUNIT_ASSERT_EQUAL(int64_t(2),
                                     store::sqlCount(s, "SELECT COUNT(*) FROM pg_indexes WHERE "
                                                        "indexname IN ('entry_names_trgm', "
                                                        "'entries_notes_trgm')"));
            } else {
                // The trigram indexes throw when they and their content disagree.
                store::sqlExec(s, "INSERT INTO entry_names_search (entry_names_search) VALUES "
                                  "('integrity-check')");
                store::sqlExec(s, "INSERT INTO entries_notes_search (entries_notes_search) "
                                  "VALUES ('integrity-check')");
            }
        });
    }
    // total_count of the counted lists against the same lists counted row by row (a date
    // filter that keeps everything takes the counting path).
    void assertTotals(int64_t transactions, int64_t checking) {
        const std::string all = "start_date=1900-01-01";
        CPPUNIT_ASSERT_EQUAL(transactions, total("transactions"));
        CPPUNIT_ASSERT_EQUAL(transactions, total("transactions", "?" + all));
        CPPUNIT_ASSERT_EQUAL(checking, total("transactions", "?account_id=" + _checking));
        CPPUNIT_ASSERT_EQUAL(checking,
                             total("transactions", "?account_id=" + _checking + "&" + all));
        CPPUNIT_ASSERT_EQUAL(transactions, total("transactions", "?account_ids[]=" + _checking +
                                                                     "&account_ids[]=" + _savings));
        CPPUNIT_ASSERT_EQUAL(total("balances", "?" + all), total("balances"));
        CPPUNIT_ASSERT_EQUAL(total("balances", "?currency=usd&" + all),
                             total("balances", "?currency=usd"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), total("balances", "?currency=eur"));
        CPPUNIT_ASSERT_EQUAL(total("balances", "?account_id=" + _checking + "&" + all),
                             total("balances", "?account_id=" + _checking));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), total("trades"));
        assertCountsMatchRows();
    }

    void testCountsFollowEveryWrite() {
        assertTotals(0, 0);
        const std::string first = importRows(_checking, "date,name,amount\n2024-02-01,Rent,-1200\n"
                                                        "2024-02-02,Coffee,-4.50\n"
                                                        "2024-02-03,Salary,2500\n");
        importRows(_savings, "date,name,amount\n2024-02-05,Interest,1.25\n");
        assertTotals(4, 3);
        // A correction that moves money and date, then a delete.
        CPPUNIT_ASSERT_EQUAL(
            200, patchJson(*_app, idOf("Coffee"), R"({"amount":"9.00","date":"2024-03-01"})", _key)
                     .status);
        assertTotals(4, 3);
        CPPUNIT_ASSERT_EQUAL(
            200, sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + idOf("Rent"), _key).status);
        assertTotals(3, 2);
        // The revert takes the import's remaining rows and their balances.
        auto reverted = _app->postJson("/api/v1/imports/" + first + "/revert", "", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(reverted.body, 200, reverted.status);
        _app->waitForJobs();
        assertTotals(1, 0);
    }

    void testSearchThroughTheIndexIsExact() {
        importRows(_checking, "date,name,amount,notes\n"
                              "2024-02-01,Blue Bottle Coffee,-4.50,\n"
                              "2024-02-02,Hardware,-20,\"said \"\"blue\"\" twice\"\n"
                              "2024-02-03,CAFÉ Noir,-3,\n"
                              "2024-02-04,café crème,-3,\n"
                              "2024-02-05,50% OFF sale,-7,\n"
                              "2024-02-06,snake_case_x,-1,\n"
                              "2024-02-07,Ab,-1,\n");
        // Three characters and more go through the trigram index; the results are exact.
        CPPUNIT_ASSERT_EQUAL(std::string("Hardware;Blue Bottle Coffee;"), names("search=BLUE"));
        CPPUNIT_ASSERT_EQUAL(std::string("Blue Bottle Coffee;"), names("search=e%20bOtT"));
        CPPUNIT_ASSERT_EQUAL(std::string("Hardware;"), names("search=%22blue%22"));
        CPPUNIT_ASSERT_EQUAL(std::string("CAFÉ Noir;"), names("search=caf%C3%89"));
        CPPUNIT_ASSERT_EQUAL(std::string("café crème;"), names("search=CAF%C3%A9"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("search=cr%C3%88me"));
        CPPUNIT_ASSERT_EQUAL(std::string("50% OFF sale;"), names("search=0%25%20o"));
        CPPUNIT_ASSERT_EQUAL(std::string("snake_case_x;"), names("search=e_c"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("search=e%25c"));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), total("transactions", "?search=blue"));
        // Shorter than a trigram: the same rule, without the index.
        CPPUNIT_ASSERT_EQUAL(std::string("Ab;"), names("search=aB"));
        CPPUNIT_ASSERT_EQUAL(std::string("snake_case_x;"), names("search=_"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), total("transactions", "?search=ab"));
        assertCountsMatchRows();
    }

    void testSearchFollowsCorrectionsAndDeletes() {
        importRows(_checking, "date,name,amount\n2024-02-01,Groceries,-40\n"
                              "2024-02-02,Bookshop,-12\n");
        const std::string groceries = idOf("Groceries");
        CPPUNIT_ASSERT_EQUAL(
            200,
            patchJson(*_app, groceries, R"({"name":"Market","notes":"weekly veg"})", _key).status);
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("search=ocer"));
        CPPUNIT_ASSERT_EQUAL(std::string("Market;"), names("search=arke"));
        CPPUNIT_ASSERT_EQUAL(std::string("Market;"), names("search=Y%20VEG"));
        CPPUNIT_ASSERT_EQUAL(200, patchJson(*_app, groceries, R"({"notes":null})", _key).status);
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("search=veg"));
        CPPUNIT_ASSERT_EQUAL(
            200,
            sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + idOf("Bookshop"), _key).status);
        CPPUNIT_ASSERT_EQUAL(std::string(""), names("search=ooks"));
        assertCountsMatchRows();
    }

    // A text most transactions contain (more candidates than the index is worth, D146): the
    // rows are checked in the listing's order instead, with the same answers.
    void testCommonTextIsCheckedInListingOrder() {
        std::string csv = "date,name,amount\n";
        for (int i = 0; i < 1005; ++i)
            csv += "2024-0" + std::to_string(1 + i % 9) + "-1" + std::to_string(i % 10) +
                   ",Coffee " + std::to_string(i) + ",-1\n";
        csv += "2024-01-01,Tea,-1\n";
        importRows(_checking, csv);
        CPPUNIT_ASSERT_EQUAL(int64_t(1005), total("transactions", "?search=COFFEE"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), total("transactions", "?search=tea"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), total("transactions", "?search=coffees"));
        // The listing's order either way: the same page as without the search.
        auto first = _app->get("/api/v1/transactions?per_page=3&search=offe", _key);
        auto plain = _app->get("/api/v1/transactions?per_page=3", _key);
        CPPUNIT_ASSERT_EQUAL(joinField(jsonObject(plain)->getArray("transactions"), "name"),
                             joinField(jsonObject(first)->getArray("transactions"), "name"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), jsonObject(first)->getArray("transactions")->size());
        CPPUNIT_ASSERT_EQUAL(std::string("Coffee 1004;"), names("search=fee%201004"));
        assertCountsMatchRows();
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ListIndexesApiTest);
