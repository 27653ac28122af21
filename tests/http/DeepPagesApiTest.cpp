// Deep pages of GET /api/v1/transactions (docs/decisions.md D215): a page read after the page
// before it seeks from where that page ended instead of skipping every row before it with
// OFFSET, any per_page shares those page starts, and a write between two pages makes the next
// page skip again rather than serve rows of the older data. Exact ids and page metadata on both
// databases; the rows skipped come from PageAnchors::skippedRows() (no timing).
// PostgreSQL's stamp (store/ReadStamps.h) also moves on commits of other databases of the
// cluster (another suite running beside this one): the rows skipped are asserted whenever the
// stamp did not move since checkpoint(), which is every time on SQLite.
#include "LedgerSupport.h"

#include "store/Database.h"
#include "store/ImportListQuery.h"
#include "store/PageAnchors.h"
#include "store/ReadStamps.h"
#include "store/Sql.h"
#include "store/TransactionReads.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <vector>

using namespace finimport::test;
namespace store = finimport::store;

class DeepPagesApiTest : public TwoAccountsFixture {
    CPPUNIT_TEST_SUITE(DeepPagesApiTest);
    CPPUNIT_TEST(testPagesInTurnSkipNothing);
    CPPUNIT_TEST(testWriteBetweenPages);
    CPPUNIT_TEST(testFiltersKeepTheirOwnPageStarts);
    CPPUNIT_TEST(testBalancePagesInTurnSkipNothing);
    CPPUNIT_TEST(testImportListReadsItsIndex);
    CPPUNIT_TEST_SUITE_END();

    std::string _checkpoint; // the data stamp the skipped rows are asserted against

    std::string stamp() { return _app->server().database().readStamps().current(); }
    void checkpoint() { _checkpoint = stamp(); }

public:
    // `count` rows named <prefix><i>, three to a day from `firstDay` of January 2024 on (ties
    // of date: created_at and id decide the order).
    void importNumberedRows(const std::string& accountId, const std::string& prefix, int count,
                            int firstDay = 1) {
        std::string csv = "date,name,amount\n";
        for (int i = 0; i < count; ++i) {
            const int day = firstDay + i / 3;
            csv += "2024-01-" + std::string(day < 10 ? "0" : "") + std::to_string(day) + "," +
                   prefix + std::to_string(i) + ",-" + std::to_string(i + 1) + "\n";
        }
        importRows(accountId, csv);
    }

    struct Page {
        std::vector<std::string> ids;
        std::string meta;    // page/per_page/total_count/total_pages
        int64_t skipped = 0; // rows the page's query skipped with OFFSET
    };
    Page page(const std::string& query, const std::string& list = "transactions") {
        const int64_t before = store::PageAnchors::skippedRows();
        auto r = _app->get("/api/v1/" + list + "?" + query, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        Page p;
        p.skipped = store::PageAnchors::skippedRows() - before;
        auto body = jsonObject(r);
        auto rows = body->getArray(list);
        for (size_t i = 0; i < rows->size(); ++i)
            p.ids.push_back(rows->getObject(i)->getValue<std::string>("id"));
        auto m = body->getObject("pagination");
        p.meta = std::to_string(m->getValue<int64_t>("page")) + "/" +
                 std::to_string(m->getValue<int64_t>("per_page")) + "/" +
                 std::to_string(m->getValue<int64_t>("total_count")) + "/" +
                 std::to_string(m->getValue<int64_t>("total_pages"));
        return p;
    }
    // Every id of the listing in its order (one page of 100: no skipping).
    std::vector<std::string> all(const std::string& filter = "",
                                 const std::string& list = "transactions") {
        Page p = page("per_page=100" + filter, list);
        CPPUNIT_ASSERT(p.ids.size() < 100);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), p.skipped);
        return p.ids;
    }
    static std::vector<std::string> slice(const std::vector<std::string>& ids, size_t from,
                                          size_t n) {
        if (from >= ids.size()) return {};
        return {ids.begin() + static_cast<std::ptrdiff_t>(from),
                ids.begin() + static_cast<std::ptrdiff_t>(std::min(ids.size(), from + n))};
    }
    void assertPage(const Page& p, const std::vector<std::string>& ids, const std::string& meta,
                    int64_t skipped) {
        CPPUNIT_ASSERT_EQUAL(meta, p.meta);
        CPPUNIT_ASSERT(ids == p.ids);
        if (stamp() == _checkpoint) CPPUNIT_ASSERT_EQUAL(skipped, p.skipped);
    }

    void testPagesInTurnSkipNothing() {
        importNumberedRows(_checking, "T", 60);
        checkpoint();
        const auto ids = all();
        CPPUNIT_ASSERT_EQUAL(size_t(60), ids.size());
        // Page by page: each begins where the one before it ended (its extra row).
        for (int n = 1; n <= 9; ++n)
            assertPage(page("per_page=7&page=" + std::to_string(n)), slice(ids, 7 * (n - 1), 7),
                       std::to_string(n) + "/7/60/9", 0);
        // Past the end: the last page (docs/read-api.md §1.4), from its own start.
        assertPage(page("per_page=7&page=10"), slice(ids, 56, 7), "9/7/60/9", 0);
        assertPage(page("per_page=7&page=99999999"), slice(ids, 56, 7), "9/7/60/9", 0);
        // Another per_page starts from the nearest page start of the first: row 45 from 42.
        assertPage(page("per_page=5&page=10"), slice(ids, 45, 5), "10/5/60/12", 3);
        // The same page again (a fresh read: page=010 is another cache key) skips nothing.
        assertPage(page("per_page=5&page=010"), slice(ids, 45, 5), "10/5/60/12", 0);
        // A cold deep page of a new shape skips, once; the page after it does not.
        assertPage(page("per_page=4&page=8&account_id=" + _checking), slice(ids, 28, 4),
                   "8/4/60/15", 28);
        assertPage(page("per_page=4&page=9&account_id=" + _checking), slice(ids, 32, 4),
                   "9/4/60/15", 0);
    }

    void testWriteBetweenPages() {
        importNumberedRows(_checking, "T", 30, 5);
        checkpoint();
        auto ids = all();
        assertPage(page("per_page=10&page=1"), slice(ids, 0, 10), "1/10/30/3", 0);
        assertPage(page("per_page=10&page=2"), slice(ids, 10, 10), "2/10/30/3", 0);
        // One row older than all and one newer: page 3 shows the data as it is now, skipping
        // from the start (the page starts of the older data are not used).
        importNumberedRows(_checking, "New", 1, 31);
        importNumberedRows(_savings, "Old", 1, 1);
        checkpoint();
        ids = all();
        CPPUNIT_ASSERT_EQUAL(size_t(32), ids.size());
        assertPage(page("per_page=10&page=3"), slice(ids, 20, 10), "3/10/32/4", 20);
        assertPage(page("per_page=10&page=4"), slice(ids, 30, 10), "4/10/32/4", 0);
        // A delete of a row of page 1, then page 2 again; a correction that moves a row from
        // the end to the top, then page 4 again.
        CPPUNIT_ASSERT_EQUAL(
            200, sendWithKey(*_app, "DELETE", "/api/v1/transactions/" + ids[3], _key).status);
        checkpoint();
        auto after = all();
        CPPUNIT_ASSERT_EQUAL(size_t(31), after.size());
        assertPage(page("per_page=10&page=2"), slice(after, 10, 10), "2/10/31/4", 10);
        CPPUNIT_ASSERT_EQUAL(
            200, patchJson(*_app, after.back(), R"({"date":"2024-02-01"})", _key).status);
        checkpoint();
        auto moved = all();
        CPPUNIT_ASSERT_EQUAL(after.back(), moved.front());
        assertPage(page("per_page=10&page=4"), slice(moved, 30, 10), "4/10/31/4", 30);
        assertPage(page("per_page=10&page=3"), slice(moved, 20, 10), "3/10/31/4", 20);
    }

    // Each filter has its own page starts: a page of one account never starts from a row of
    // the family's listing.
    void testFiltersKeepTheirOwnPageStarts() {
        importNumberedRows(_checking, "C", 24);
        importNumberedRows(_savings, "S", 24, 2);
        checkpoint();
        const auto family = all();
        const auto savings = all("&account_id=" + _savings);
        const auto search = all("&search=s1");
        CPPUNIT_ASSERT_EQUAL(size_t(48), family.size());
        CPPUNIT_ASSERT_EQUAL(size_t(24), savings.size());
        CPPUNIT_ASSERT_EQUAL(size_t(11), search.size()); // S1, S10-S19
        for (int n = 1; n <= 4; ++n) {
            const std::string p = "per_page=6&page=" + std::to_string(n);
            assertPage(page(p), slice(family, 6 * (n - 1), 6), std::to_string(n) + "/6/48/8", 0);
            assertPage(page(p + "&account_id=" + _savings), slice(savings, 6 * (n - 1), 6),
                       std::to_string(n) + "/6/24/4", 0);
        }
        assertPage(page("per_page=3&page=2&search=s1"), slice(search, 3, 3), "2/3/11/4", 3);
        assertPage(page("per_page=3&page=3&search=s1"), slice(search, 6, 3), "3/3/11/4", 0);
        assertPage(page("per_page=3&page=4&search=s1"), slice(search, 9, 3), "4/3/11/4", 0);
    }

    // GET /balances pages the same way (date, created_at, id descending).
    void testBalancePagesInTurnSkipNothing() {
        importNumberedRows(_checking, "T", 45);
        checkpoint();
        const auto ids = all("", "balances");
        const std::string total = std::to_string(ids.size());
        CPPUNIT_ASSERT(ids.size() >= 16);
        const size_t pages = (ids.size() + 3) / 4;
        for (size_t n = 1; n <= pages; ++n)
            assertPage(page("per_page=4&page=" + std::to_string(n), "balances"),
                       slice(ids, 4 * (n - 1), 4),
                       std::to_string(n) + "/4/" + total + "/" + std::to_string(pages), 0);
        // A write: the next page skips from the start, and shows the data as it is now.
        importNumberedRows(_savings, "S", 3);
        checkpoint();
        const auto after = all("", "balances");
        const std::string meta =
            "3/4/" + std::to_string(after.size()) + "/" + std::to_string((after.size() + 3) / 4);
        assertPage(page("per_page=4&page=3", "balances"), slice(after, 8, 4), meta, 8);
    }

    // GET /imports (docs/decisions.md D216): the statement of the list, with each of its
    // filters, reads imports_family_created in its order; no sort of the family's imports.
    // PostgreSQL is told to avoid scans and sorts, so the plan shows whether an index can serve
    // the order at all (on a near-empty table it would rightly pick a scan).
    void testImportListReadsItsIndex() {
        store::ImportListFilter plain, byStatus, byAccount;
        plain.familyId = byStatus.familyId = byAccount.familyId = "f";
        byStatus.status = "complete";
        byAccount.accountId = _checking;
        for (const auto* f : {&plain, &byStatus, &byAccount}) {
            std::vector<store::SqlValue> params;
            const std::string sql = store::importListQuery(*f, params);
            params.push_back(int64_t(25));
            params.push_back(int64_t(100));
            std::string plan;
            _app->server().database().read([&](store::Tx& s) {
                const bool pg = store::sqlIsPostgres(s);
                if (pg) store::sqlExec(s, "SET enable_seqscan = off");
                if (pg) store::sqlExec(s, "SET enable_sort = off");
                for (const auto& r :
                     store::sqlQuery(s, (pg ? "EXPLAIN " : "EXPLAIN QUERY PLAN ") + sql, params))
                    plan += r.str(pg ? 0 : 3) + "\n";
                if (pg) store::sqlExec(s, "RESET enable_seqscan");
                if (pg) store::sqlExec(s, "RESET enable_sort");
            });
            CPPUNIT_ASSERT_MESSAGE(plan, plan.find("imports_family_created") != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(plan, plan.find("TEMP B-TREE") == std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(plan, plan.find("Sort") == std::string::npos);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DeepPagesApiTest);
