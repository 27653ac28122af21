// Schema v19 (docs/decisions.md D185): rule effects written before it (a run's text id, the
// attribute's name) read back the same after it, attached and detached; runs are numbered in
// creation order and new runs continue the numbering; every key path (filter, replace, delete,
// detach) works on the compact columns. Both databases.
#include "TestDatabase.h"
#include "store/Migrations.h"
#include "store/RuleRunStore.h"
#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::store;

class RuleEffectsMigrationTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RuleEffectsMigrationTest);
    CPPUNIT_TEST(testEffectsOfEarlierVersionsReadTheSame);
    CPPUNIT_TEST_SUITE_END();

    static std::string listed(Tx& s, const EffectFilter& f = {}) {
        std::string out;
        for (const auto& e : listEffects(s, "f", f, 0, 20))
            out += e.entryId + " " + e.attribute + " [" + e.tagId + "] " + e.value.value_or("-") +
                   " <" + e.previousValue.value_or("-") + "> " + e.ruleRunId.value_or("-") + " " +
                   e.ruleId.value_or("-") + " " + e.ruleName.value_or("-") + " " + e.executionType +
                   " " + e.importId.value_or("-") + " " + std::to_string(e.appliedAt) + ";";
        return out;
    }

public:
    void testEffectsOfEarlierVersionsReadTheSame() {
        test::ScratchDatabase db(3);
        migrate(db, 18);
        db.write([&](Tx& s) {
            auto run = [&](const std::string& id, const std::string& rule, int64_t at) {
                sqlExec(s,
                        "INSERT INTO rule_runs (id, family_id, rule_id, rule_name, "
                        "execution_type, status, executed_at, import_id, pass_id, pass_position, "
                        "created_at, updated_at) VALUES (?, 'f', ?, ?, 'import', 'success', ?, "
                        "'i1', 'p1', 0, ?, ?)",
                        {id, rule, "Rule " + rule, at, at, at});
            };
            run("r2", "rule2", 200); // created second, inserted first: numbered by creation
            run("r1", "rule1", 100);
            sqlExec(s, "INSERT INTO rule_effects (entry_id, attribute, tag_id, value, "
                       "previous_value, rule_run_id) VALUES ('e1', 'category_id', '', 'c1', "
                       "NULL, 'r1'), ('e1', 'tag_ids', 't1', 't1', NULL, 'r2'), ('e3', "
                       "'merchant_id', '', 'm1', 'm0', 'r1')");
            sqlExec(s, "INSERT INTO rule_effects (entry_id, attribute, tag_id, value, "
                       "previous_value, family_id, rule_name, execution_type, applied_at) VALUES "
                       "('e2', 'name', '', 'New', 'Old', 'f', 'Gone', 'manual', 50)");
        });
        const std::string before = "e1 tag_ids [t1] t1 <-> r2 rule2 Rule rule2 import i1 200;"
                                   "e3 merchant_id [] m1 <m0> r1 rule1 Rule rule1 import i1 100;"
                                   "e1 category_id [] c1 <-> r1 rule1 Rule rule1 import i1 100;"
                                   "e2 name [] New <Old> - - Gone manual - 50;";
        CPPUNIT_ASSERT_EQUAL(1, migrate(db, 19));
        migrate(db); // the later versions, which leave rule effects alone
        db.write([&](Tx& s) {
            CPPUNIT_ASSERT_EQUAL(before, listed(s));
            CPPUNIT_ASSERT_EQUAL(std::string("1 2"),
                                 std::to_string(sqlCount(s, "SELECT seq FROM rule_runs WHERE id "
                                                            "= 'r1'")) +
                                     " " +
                                     std::to_string(sqlCount(s, "SELECT seq FROM rule_runs "
                                                                "WHERE id = 'r2'")));
            EffectFilter byAttribute;
            byAttribute.attribute = "merchant_id";
            CPPUNIT_ASSERT_EQUAL(int64_t(1), countEffects(s, "f", byAttribute));
            byAttribute.attribute = "unknown";
            CPPUNIT_ASSERT_EQUAL(int64_t(0), countEffects(s, "f", byAttribute));
            EffectFilter byRun;
            byRun.ruleRunId = "r2";
            CPPUNIT_ASSERT_EQUAL(std::string("e1 tag_ids [t1] t1 <-> r2 rule2 Rule rule2 import "
                                             "i1 200;"),
                                 listed(s, byRun));

            // A new run continues the numbering; its effects are found by its id.
            RuleRunRow r3;
            r3.familyId = "f";
            r3.ruleId = "rule3";
            r3.ruleName = "Rule rule3";
            r3.executionType = "manual";
            r3.passId = "p2";
            r3.executedAt = 300;
            insertRuleRun(s, r3);
            CPPUNIT_ASSERT_EQUAL(int64_t(3), r3.seq);
            std::vector<EffectRow> later(1);
            later[0].entryId = "e1";
            later[0].attribute = "category_id";
            later[0].value = "c2";
            later[0].previousValue = "c1";
            later[0].runSeq = r3.seq;
            replaceEffects(s, later); // keeps the first previous value
            EffectBatch batch(s);
            batch.add("e4", "excluded", "", std::string("true"), std::string("false"), std::nullopt,
                      r3.seq);
            batch.flush();
            detachEffectsOfRule(s, "rule1");
            deleteEffect(s, "e2", "name");
            const std::string after =
                "e4 excluded [] true <false> " + r3.id + " rule3 Rule rule3 manual - 300;" +
                "e1 category_id [] c2 <-> " + r3.id + " rule3 Rule rule3 manual - 300;" +
                "e1 tag_ids [t1] t1 <-> r2 rule2 Rule rule2 import i1 200;" +
                "e3 merchant_id [] m1 <m0> - - Rule rule1 import i1 100;";
            CPPUNIT_ASSERT_EQUAL(after, listed(s));
            EffectRow tag;
            tag.entryId = "e1";
            tag.attribute = "tag_ids";
            tag.tagId = "t1";
            deleteEffectByKey(s, tag);
            CPPUNIT_ASSERT_EQUAL(int64_t(3), countEffects(s, "f", {}));
        });
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RuleEffectsMigrationTest);
