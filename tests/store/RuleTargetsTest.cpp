// A re-run's targets, chunk by chunk (docs/decisions.md D186): each account's transactions in
// (date, created_at, id) order, each once, across chunk boundaries that fall inside one date and
// inside one creation time; the date range bounds both ends. An import's targets in id order.
// Both databases.
#include "store/RuleTargets.h"
#include "LedgerSeed.h"
#include "TestDatabase.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <tuple>

using namespace finimport;
using namespace finimport::store;
using namespace std::string_literals;

class RuleTargetsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RuleTargetsTest);
    CPPUNIT_TEST(testChunksFollowTheIndexOrder);
    CPPUNIT_TEST_SUITE_END();

    static std::string visit(Tx& s, const TargetQuery& q, size_t size) {
        std::string out;
        forEachTargetChunk(s, q, size, [&](std::vector<RuleTarget>& chunk) {
            for (const auto& t : chunk)
                out += t.id + " ";
            out += "| ";
        });
        return out;
    }

public:
    void testChunksFollowTheIndexOrder() {
        test::ScratchDatabase db(3);
        migrate(db);
        db.write([&](Tx& s) {
            test::insertFamilyWithAccounts(s, {"a1", "a2"});
            // id, account, date, created_at: ids out of creation order on purpose.
            const std::tuple<const char*, const char*, const char*, int64_t> rows[] = {
                {"t9", "a1", "2024-01-01", 5}, {"t1", "a1", "2024-01-02", 7},
                {"t3", "a1", "2024-01-02", 7}, {"t2", "a1", "2024-01-02", 7},
                {"t0", "a1", "2024-01-02", 9}, {"t5", "a1", "2024-01-02", 3},
                {"t4", "a1", "2024-01-03", 1}, {"t6", "a2", "2024-01-02", 1}};
            for (const auto& [id, account, date, created] : rows)
                sqlExec(
                    s,
                    "INSERT INTO entries (id, account_id, entryable_type, date, amount, "
                    "currency, name, created_at, updated_at) VALUES (?, ?, 'Transaction', ?, "
                    "100, 'USD', 'Payee', ?, ?)",
                    {std::string(id), std::string(account), std::string(date), created, created});
        });
        db.read([&](Tx& s) {
            TargetQuery q;
            q.accountIds = {"a1", "a2"};
            const std::string all = "t9 t5 t1 t2 t3 t0 t4 ";
            CPPUNIT_ASSERT_EQUAL("t9 t5 | t1 t2 | t3 t0 | t4 | t6 | "s, visit(s, q, 2));
            CPPUNIT_ASSERT_EQUAL("t9 t5 t1 | t2 t3 t0 | t4 | t6 | "s, visit(s, q, 3));
            CPPUNIT_ASSERT_EQUAL(all + "| t6 | ", visit(s, q, 1000));
            q.accountIds = {"a1"};
            q.startDate = "2024-01-02";
            q.endDate = "2024-01-02";
            CPPUNIT_ASSERT_EQUAL("t5 t1 | t2 t3 | t0 | "s, visit(s, q, 2));
        });
        // An import's targets (a publish's pass over what it stored): in id order, by chunks.
        db.write([&](Tx& s) {
            sqlExec(s, "UPDATE entries SET import_id = 'i1' WHERE id IN ('t9', 't4', 't1', 't6', "
                       "'t0')");
        });
        db.read([&](Tx& s) {
            TargetQuery q;
            q.importId = "i1";
            CPPUNIT_ASSERT_EQUAL("t0 t1 | t4 t6 | t9 | "s, visit(s, q, 2));
            CPPUNIT_ASSERT_EQUAL("t0 t1 t4 t6 t9 | "s, visit(s, q, 5));
            q.importId = "none";
            CPPUNIT_ASSERT_EQUAL(""s, visit(s, q, 2));
        });
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RuleTargetsTest);
