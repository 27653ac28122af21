// `search` through the dictionary of names (schema v21, docs/decisions.md D240-D242) finds
// exactly what the contains rule of docs/read-api.md §3.2 finds: the ids of every page, in the
// listing's order, and total_count, through inserts, corrections, deletes and a revert. The
// oracle is the unfiltered listing, filtered here by the rule itself (name, notes or merchant
// name contains the text, A-Z case-insensitive). Both databases (PostgreSQL keeps pg_trgm).
#include "LedgerSupport.h"

#include "store/Sql.h"
#include "store/StoreCounters.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cstdint>

using namespace finimport::test;
namespace store = finimport::store;

class SearchDictionaryApiTest : public TwoAccountsFixture {
    CPPUNIT_TEST_SUITE(SearchDictionaryApiTest);
    CPPUNIT_TEST(testNamesMerchantsAndNotesExactly);
    CPPUNIT_TEST(testTotalFollowsEveryWrite);
    CPPUNIT_TEST(testOnePlanPerWrite);
    CPPUNIT_TEST(testPagesMergeManyPairsInListingOrder);
    CPPUNIT_TEST(testMorePairsThanMergedAreCheckedInOrder);
    CPPUNIT_TEST(testPagesOfOneBigPairAmongSmallOnes);
    CPPUNIT_TEST(testOtherFiltersWithSearch);
    CPPUNIT_TEST(testDictionaryFollowsRulesAndRestore);
    CPPUNIT_TEST_SUITE_END();

    struct Row {
        std::string id, name, notes, merchant, account;
    };

    // Every transaction of the family in the listing's order (pages of 100).
    std::vector<Row> listing(const std::string& query = "") {
        std::vector<Row> out;
        for (int page = 1;; ++page) {
            auto r = _app->get(
                "/api/v1/transactions?per_page=100&page=" + std::to_string(page) + query, _key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            auto arr = jsonObject(r)->getArray("transactions");
            for (size_t i = 0; i < arr->size(); ++i) {
                auto o = arr->getObject(static_cast<unsigned>(i));
                Row row{o->getValue<std::string>("id"), o->getValue<std::string>("name"), "", "",
                        o->getObject("account")->getValue<std::string>("id")};
                if (!o->isNull("notes")) row.notes = o->getValue<std::string>("notes");
                if (!o->isNull("merchant"))
                    row.merchant = o->getObject("merchant")->getValue<std::string>("name");
                out.push_back(row);
            }
            // Past the last page the last one is served again (docs/read-api.md §1.4).
            if (page >= jsonObject(r)->getObject("pagination")->getValue<int>("total_pages"))
                return out;
        }
    }

    static std::string fold(std::string s) {
        for (auto& c : s)
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        return s;
    }

    // The ids the rule keeps, in the listing's order, optionally on one account.
    std::string expected(const std::string& text, const std::string& account = "") {
        std::string out;
        const std::string t = fold(text);
        for (const auto& r : listing())
            if ((account.empty() || r.account == account) &&
                (fold(r.name).find(t) != std::string::npos ||
                 fold(r.notes).find(t) != std::string::npos ||
                 fold(r.merchant).find(t) != std::string::npos))
                out += r.id + ";";
        return out;
    }

    // The ids a search answers, every page of `perPage` read in turn, and checks total_count.
    std::string searched(const std::string& query, int perPage = 100) {
        std::string out;
        int64_t rows = 0, total = -1;
        for (int page = 1;; ++page) {
            auto r = _app->get("/api/v1/transactions?per_page=" + std::to_string(perPage) +
                                   "&page=" + std::to_string(page) + "&" + query,
                               _key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            auto body = jsonObject(r);
            total = body->getObject("pagination")->getValue<int64_t>("total_count");
            auto arr = body->getArray("transactions");
            out += joinField(arr, "id");
            rows += static_cast<int64_t>(arr->size());
            if (page >= body->getObject("pagination")->getValue<int>("total_pages")) break;
        }
        CPPUNIT_ASSERT_EQUAL_MESSAGE(query, rows, total);
        return out;
    }

    int64_t total(const std::string& query) {
        auto r = _app->get("/api/v1/transactions?" + query, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getObject("pagination")->getValue<int64_t>("total_count");
    }

    std::string idOf(const std::string& name) {
        for (const auto& r : listing())
            if (r.name == name) return r.id;
        CPPUNIT_FAIL("no transaction named " + name);
        return "";
    }

    // The dictionary equals the entries grouped, and each transaction names its pair (schema
    // v21 SQLite: the pair's id; v22 PostgreSQL: the pair's hash, unique in the dictionary).
    void assertDictionary() {
        _app->server().database().read([&](store::Tx& s) {
            const bool pg = store::sqlIsPostgres(s);
            const std::string key = pg ? "d.name_pair" : "d.rowid";
            auto rows = [&](const std::string& sql) {
                std::string out;
                for (const auto& r : store::sqlQuery(s, sql))
                    out += r.str(0) + "|" + r.str(1) + "|" + r.str(2) + "|" +
                           std::to_string(r.i64(3)) + ";";
                return out;
            };
            CPPUNIT_ASSERT_EQUAL(
                rows("SELECT account_id, name, COALESCE(merchant_id, ''), COUNT(*) FROM entries "
                     "WHERE entryable_type = 'Transaction' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"),
                rows("SELECT account_id, name, merchant_id, n FROM entry_names ORDER BY 1, 2, 3"));
            // Each transaction names its own pair, no other entry names one.
            CPPUNIT_ASSERT_EQUAL(
                int64_t(0),
                store::sqlCount(s,
                                "SELECT COUNT(*) FROM entries e LEFT JOIN entry_names d ON " + key +
                                    " = e.name_pair WHERE CASE WHEN e.entryable_type = "
                                    "'Transaction' THEN " +
                                    key +
                                    " IS NULL OR d.account_id <> e.account_id OR d.name <> "
                                    "e.name OR d.merchant_id <> COALESCE(e.merchant_id, '') ELSE "
                                    "e.name_pair IS NOT NULL END",
                                {}));
            CPPUNIT_ASSERT_EQUAL(int64_t(0),
                                 store::sqlCount(s,
                                                 "SELECT COUNT(*) FROM entry_names d WHERE d.n <> "
                                                 "(SELECT COUNT(*) FROM entries e WHERE "
                                                 "e.name_pair = " +
                                                     key + ")",
                                                 {}));
            if (pg) return;
            store::sqlExec(s, "INSERT INTO entry_names_search (entry_names_search) VALUES "
                              "('integrity-check')");
            store::sqlExec(s, "INSERT INTO entries_notes_search (entries_notes_search) VALUES "
                              "('integrity-check')");
        });
    }

    void assertSearch(const std::string& text, const std::string& encoded) {
        const std::string want = expected(text);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(text, want, searched("search=" + encoded));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(text, want, searched("search=" + encoded, 3));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(text, expected(text, _checking),
                                     searched("account_id=" + _checking + "&search=" + encoded));
    }

public:
    void testNamesMerchantsAndNotesExactly() {
        importRows(_checking, "date,name,amount,notes\n"
                              "2024-02-01,Corner Store,-4.50,\n"
                              "2024-02-02,Corner Store,-5.00,paid at the corner\n"
                              "2024-02-03,Fuel,-40,\n"
                              "2024-02-04,Fuel,-41,corner of main street\n"
                              "2024-02-05,Rent,-900,\n"
                              "2024-02-05,Rent,-900,\n");
        importRows(_savings, "date,name,amount,notes\n"
                             "2024-02-03,Corner Store,-2,\n"
                             "2024-02-06,Interest,1.25,CORNERSTONE bond\n");
        const std::string merchant = seedMerchant(*_app, "Family", "Cornerstone Energy").id;
        // On the Fuel of 2024-02-03 (the listing's second Fuel), whose name and notes do not
        // match.
        std::string fuel;
        for (const auto& r : listing())
            if (r.name == "Fuel") fuel = r.id;
        CPPUNIT_ASSERT_EQUAL(
            200, patchJson(*_app, fuel, R"({"merchant_id":")" + merchant + R"("})", _key).status);
        // Name, notes and merchant arms; an entry found by two arms is listed once.
        const std::string corner = expected("corner");
        CPPUNIT_ASSERT_EQUAL(std::size_t(6 * 37), corner.size());
        assertSearch("corner", "CoRnEr");
        assertSearch("stone", "stone");   // notes and merchant only
        assertSearch("energy", "energy"); // merchant only
        assertSearch("main st", "main%20st");
        assertSearch("nothing", "nothing");
        CPPUNIT_ASSERT_EQUAL(int64_t(6), total("search=corner"));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), total("search=stone"));
        CPPUNIT_ASSERT_EQUAL(int64_t(4), total("search=corner&account_id=" + _checking));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), total("search=energy&account_ids[]=" + _checking));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), total("search=energy&account_ids[]=" + _savings));
        assertDictionary();
    }

    void testTotalFollowsEveryWrite() {
        const std::string first = importRows(_checking, "date,name,amount,notes\n"
                                                        "2024-03-01,Bakery,-3,\n"
                                                        "2024-03-02,Bakery,-4,\n"
                                                        "2024-03-03,Books,-12,for the bakery\n");
        CPPUNIT_ASSERT_EQUAL(int64_t(3), total("search=akery"));
        importRows(_savings, "date,name,amount\n2024-03-04,Bakery,-5\n2024-03-05,Tea,-1\n");
        CPPUNIT_ASSERT_EQUAL(int64_t(4), total("search=akery"));
        assertSearch("akery", "akery");
        // A rename moves an entry between pairs; notes found alone still count once.
        const std::string tea = idOf("Tea");
        CPPUNIT_ASSERT_EQUAL(200, patchJson(*_app, tea, R"({"name":"Bakery Tea"})", _key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(5), total("search=akery"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), total("search=tea"));
        CPPUNIT_ASSERT_EQUAL(200,
                             patchJson(*_app, tea, R"({"notes":"bakery again"})", _key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(5), total("search=akery"));
        CPPUNIT_ASSERT_EQUAL(200, patchJson(*_app, tea, R"({"name":"Tea"})", _key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(5), total("search=akery")); // by its notes now
        CPPUNIT_ASSERT_EQUAL(200, patchJson(*_app, tea, R"({"notes":null})", _key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(4), total("search=akery"));
        assertSearch("akery", "akery");
        assertDictionary();
        // A merchant set and removed.
        const std::string merchant = seedMerchant(*_app, "Family", "Bakery Co").id;
        CPPUNIT_ASSERT_EQUAL(
            200, patchJson(*_app, tea, R"({"merchant_id":")" + merchant + R"("})", _key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(5), total("search=akery"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), total("search=ry%20co"));
        assertSearch("akery", "akery");
        assertDictionary();
        CPPUNIT_ASSERT_EQUAL(200, patchJson(*_app, tea, R"({"merchant_id":null})", _key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(4), total("search=akery"));
        // A delete, then the revert of the first import.
        CPPUNIT_ASSERT_EQUAL(
            200,
            sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + idOf("Books"), _key).status);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), total("search=akery"));
        assertSearch("akery", "akery");
        auto reverted = _app->postJson("/api/v1/imports/" + first + "/revert", "", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(reverted.body, 200, reverted.status);
        _app->waitForJobs();
        CPPUNIT_ASSERT_EQUAL(int64_t(1), total("search=akery"));
        CPPUNIT_ASSERT_EQUAL(expected("akery"), searched("search=akery"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(37), expected("akery").size());
        assertDictionary();
    }

    // A search's count and its pages share one plan per state of the data (docs/decisions.md
    // D251, D284): the first request after a write makes it once, another page size of the same
    // search none. On PostgreSQL the stamp is the cluster's snapshot, which another process's
    // commit (a parallel test's, a job heartbeat) also moves: a request in between then plans
    // again, never less. So each write is one round, and the fewest plans of the rounds count.
    void testOnePlanPerWrite() {
        importRows(_checking, "date,name,amount\n2024-03-01,Bakery,-3\n2024-03-02,Bakery Two,-4\n"
                              "2024-03-03,Tea,-1\n");
        const std::string tea = idOf("Tea");
        uint64_t fewestFirst = UINT64_MAX, fewestNext = UINT64_MAX;
        for (int round = 0; round < 8 && (fewestFirst != 1 || fewestNext != 0); ++round) {
            const std::string notes = R"({"notes":"round )" + std::to_string(round) + R"("})";
            CPPUNIT_ASSERT_EQUAL(200, patchJson(*_app, tea, notes, _key).status);
            const uint64_t before = store::storeCounters().searchPlans;
            CPPUNIT_ASSERT_EQUAL(int64_t(2), total("search=akery"));
            const uint64_t first = store::storeCounters().searchPlans - before;
            auto r = _app->get("/api/v1/transactions?search=akery&per_page=1&page=2", _key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            CPPUNIT_ASSERT_EQUAL(std::size_t(1), jsonObject(r)->getArray("transactions")->size());
            fewestFirst = std::min(fewestFirst, first);
            fewestNext = std::min(fewestNext, store::storeCounters().searchPlans - before - first);
        }
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), fewestFirst);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), fewestNext);
    }

    // Many (account, name) pairs match: every page, read in turn or jumped to, is the listing's.
    void testPagesMergeManyPairsInListingOrder() {
        std::string csv = "date,name,amount\n";
        for (int i = 0; i < 90; ++i)
            csv += "2024-0" + std::to_string(1 + i % 6) + "-1" + std::to_string(i % 7) + ",Shop " +
                   std::to_string(i % 30) + ",-" + std::to_string(1 + i) + "\n";
        csv += "2024-01-01,Other,-1\n";
        importRows(_checking, csv);
        importRows(_savings, csv);
        const std::string want = expected("shop");
        CPPUNIT_ASSERT_EQUAL(std::size_t(180 * 37), want.size());
        for (int perPage : {1, 7, 25, 100})
            CPPUNIT_ASSERT_EQUAL(want, searched("search=SHOP", perPage));
        // A page jumped to without the ones before it.
        auto page = _app->get("/api/v1/transactions?per_page=7&page=9&search=shop", _key);
        CPPUNIT_ASSERT_EQUAL(want.substr(8 * 7 * 37, 7 * 37),
                             joinField(jsonObject(page)->getArray("transactions"), "id"));
        CPPUNIT_ASSERT_EQUAL(expected("shop 2"), searched("search=shop%202", 4));
        assertDictionary();
    }

    // One pair holds most matches, the others a row or two of older dates: a page's cut comes
    // from the pairs' first dates, or from all of a page's dates each when those are too few
    // (docs/decisions.md D251, D281); every page is the listing's either way.
    void testPagesOfOneBigPairAmongSmallOnes() {
        std::string csv = "date,name,amount\n";
        for (int i = 0; i < 100; ++i)
            csv += "2024-0" + std::to_string(1 + i % 9) + "-1" + std::to_string(i % 10) +
                   ",Shop big,-" + std::to_string(1 + i) + "\n";
        csv += "2023-05-01,Shop small 1,-1\n2023-06-01,Shop small 2,-2\n";
        importRows(_checking, csv);
        // Few pairs: their first dates are fewer than a page needs.
        std::string want = expected("shop");
        CPPUNIT_ASSERT_EQUAL(std::size_t(102 * 37), want.size());
        for (int perPage : {1, 7, 25, 100})
            CPPUNIT_ASSERT_EQUAL(want, searched("search=shop", perPage));
        // Many small pairs: their first dates place the cut.
        csv = "date,name,amount\n";
        for (int i = 0; i < 60; ++i)
            csv += "2023-0" + std::to_string(1 + i % 9) + "-0" + std::to_string(1 + i % 9) +
                   ",Shop old " + std::to_string(i) + ",-3\n";
        importRows(_savings, csv);
        want = expected("shop");
        CPPUNIT_ASSERT_EQUAL(std::size_t(162 * 37), want.size());
        // 25 first: its first page is read before any page start of this data is known.
        for (int perPage : {25, 1, 7, 100})
            CPPUNIT_ASSERT_EQUAL(want, searched("search=shop", perPage));
        assertDictionary();
    }

    // More matching names than a page merges (SearchPlan::kMaxStreams): the same answers.
    void testMorePairsThanMergedAreCheckedInOrder() {
        std::string csv = "date,name,amount\n";
        for (int i = 0; i < 260; ++i)
            csv += "2024-0" + std::to_string(1 + i % 9) + "-2" + std::to_string(i % 8) + ",Item " +
                   std::to_string(i) + ",-1\n";
        importRows(_checking, csv);
        CPPUNIT_ASSERT_EQUAL(int64_t(260), total("search=item"));
        CPPUNIT_ASSERT_EQUAL(expected("item"), searched("search=item", 40));
        CPPUNIT_ASSERT_EQUAL(expected("tem 2"), searched("search=tem%202", 9));
        CPPUNIT_ASSERT_EQUAL(int64_t(71), total("search=tem%202"));
    }

    // Search beside other filters: the rows of both, counted exactly.
    void testOtherFiltersWithSearch() {
        importRows(_checking, "date,name,amount,notes\n"
                              "2024-04-01,Pharmacy,-10,\n"
                              "2024-04-02,Pharmacy,-20,\n"
                              "2024-04-03,Grocer,-30,pharmacy items\n"
                              "2024-05-01,Pharmacy,15,refund\n");
        CPPUNIT_ASSERT_EQUAL(int64_t(4), total("search=pharm"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), total("search=pharm&end_date=2024-04-30"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), total("search=pharm&type=income"));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), total("search=pharm&min_amount=20"));
        std::string april;
        for (const auto& r : listing("&end_date=2024-04-30"))
            if (r.name == "Pharmacy" || r.name == "Grocer") april += r.id + ";";
        CPPUNIT_ASSERT_EQUAL(april, searched("search=PHARM&end_date=2024-04-30", 2));
    }

    // The other write paths: rules at publish and re-run (names and merchants set by UPDATE),
    // and a restore (a ServiceImport of the family's export into a new family).
    void testDictionaryFollowsRulesAndRestore() {
        const std::string shop = seedMerchant(*_app, "Family", "Shop Inc").id;
        auto rule = [&](const std::string& members) {
            auto r = _app->postJson(
                "/api/v1/rules",
                R"({"rule":{"resource_type":"transaction","active":true,)" + members + "}}", _key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        };
        rule(R"("name":"A","conditions":[{"condition_type":"transaction_name","operator":)"
             R"("like","value":"shop"}],"actions":[{"action_type":"set_transaction_merchant",)"
             R"("value":")" +
             shop + R"("},{"action_type":"set_transaction_name","value":"Shop Renamed"}])");
        importRows(_checking, "date,name,amount\n2024-06-01,Corner Shop,-3\n2024-06-02,Cafe,-4\n"
                              "2024-06-03,Shop,-5\n2024-06-04,Cafe,-6\n");
        CPPUNIT_ASSERT_EQUAL(int64_t(2), total("search=renamed"));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), total("search=shop%20inc"));
        assertDictionary();
        // A re-run of a new rule over the published rows renames the cafes.
        rule(R"("name":"B","conditions":[{"condition_type":"transaction_name","operator":)"
             R"("like","value":"cafe"}],"actions":[{"action_type":"set_transaction_name",)"
             R"("value":"Cafe Renamed"}])");
        auto run = _app->postJson("/api/v1/rule_runs", "{}", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(run.body, 201, run.status);
        _app->waitForJobs();
        CPPUNIT_ASSERT_EQUAL(int64_t(4), total("search=renamed"));
        assertSearch("renamed", "renamed");
        assertDictionary();
        // The family restored into another: its own pairs, counted.
        auto backup = _app->get("/api/v1/exports/ndjson", _key);
        CPPUNIT_ASSERT_EQUAL(200, backup.status);
        const std::string other = _app->createKey("Restored");
        auto restored =
            _app->postJson("/api/v1/imports",
                           R"({"type":"ServiceImport","publish":"true","raw_file_content":)" +
                               jsonQuote(backup.body) + "}",
                           other);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(restored.body, 201, restored.status);
        _app->waitForJobs();
        auto found = _app->get("/api/v1/transactions?search=renamed", other);
        CPPUNIT_ASSERT_EQUAL(
            int64_t(4),
            jsonObject(found)->getObject("pagination")->getValue<int64_t>("total_count"));
        assertDictionary();
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SearchDictionaryApiTest);
