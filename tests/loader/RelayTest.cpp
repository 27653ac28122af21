// Inline runs on two threads (plugin/RelayedRun.h): the host sees what a run on one thread shows.
#include "TestSupport.h"
#include "plugin/PluginRegistry.h"
#include "plugin/RelayedRun.h"
#include "plugin/RunBudget.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdio>

using namespace finimport::plugin;
using namespace finimport::plugin::test;

namespace {

using Status = RunResult::Status;

// A bank file big enough for many batches: quoted cells, blank names, bad dates and amounts
// (row errors after their rows), invalid UTF-8 (repaired by the host), lines of every length.
std::string bankFile(int rows) {
    std::string out = "date,name,amount,category,notes\n";
    char line[256];
    for (int i = 0; i < rows; ++i) {
        const bool badDate = i % 997 == 0, badAmount = i % 991 == 0;
        std::snprintf(line, sizeof line, "%s,\"Shop, %d\",%s,%s,%s\n",
                      badDate ? "2024-13-45" : "2024-03-15", i,
                      badAmount ? "1.2.3" : (i % 2 ? "-4.50" : "1234.5"), i % 7 == 0 ? "" : "Food",
                      i % 13 == 0 ? "caf\xC3\xA9 \xFF end" : "");
        out += line;
        out += std::string(i % 40, ' ') + (i % 40 == 0 ? "" : "\n"); // blank lines, not rows
    }
    return out;
}

// What a run answered and showed its sink.
struct Seen {
    Status status;
    std::string error;
    RecordingSink sink;
};

Seen runCsv(bool relayed, const std::string& file, uint64_t maxOutputBytes = 256ull << 20) {
    RunPolicy policy;
    policy.relayed = relayed;
    policy.maxOutputBytes = maxOutputBytes;
    PluginRegistry registry;
    registry.loadDirectories({FINIMPORT_PLUGIN_BUILD_DIR}, policy);
    const ImporterHandle* csv = registry.find("TransactionImport");
    CPPUNIT_ASSERT(csv);
    Seen seen;
    const auto result = runImporter(*csv,
                                    {{"type", "TransactionImport"},
                                     {"date_col_label", "date"},
                                     {"amount_col_label", "amount"},
                                     {"name_col_label", "name"},
                                     {"category_col_label", "category"},
                                     {"notes_col_label", "notes"},
                                     {"date_format", "%Y-%m-%d"},
                                     {"number_format", "1,234.56"}},
                                    readerOf(file), seen.sink);
    seen.status = result.status;
    seen.error = result.error;
    return seen;
}

void assertSameSink(const RecordingSink& one, const RecordingSink& two) {
    CPPUNIT_ASSERT(one.kinds == two.kinds);
    CPPUNIT_ASSERT(one.fields == two.fields);
    CPPUNIT_ASSERT_EQUAL(one.rows.size(), two.rows.size());
    for (size_t i = 0; i < one.rows.size(); ++i) {
        CPPUNIT_ASSERT(one.rows[i] == two.rows[i]);
        CPPUNIT_ASSERT_EQUAL(one.locations[i].record, two.locations[i].record);
        CPPUNIT_ASSERT_EQUAL(one.locations[i].line, two.locations[i].line);
        CPPUNIT_ASSERT(one.locations[i].section == two.locations[i].section);
    }
    CPPUNIT_ASSERT_EQUAL(one.rowErrors.size(), two.rowErrors.size());
    for (size_t i = 0; i < one.rowErrors.size(); ++i) {
        const auto &a = one.rowErrors[i], &b = two.rowErrors[i];
        CPPUNIT_ASSERT_EQUAL(a.code, b.code);
        CPPUNIT_ASSERT_EQUAL(a.location.record, b.location.record);
        CPPUNIT_ASSERT(a.field == b.field);
        CPPUNIT_ASSERT_EQUAL(a.message, b.message);
        CPPUNIT_ASSERT(a.raw == b.raw);
    }
    CPPUNIT_ASSERT(one.logs == two.logs);
}

} // namespace

class RelayTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RelayTest);
    CPPUNIT_TEST(showsTheSinkWhatOneThreadShows);
    CPPUNIT_TEST(refusesACallOverTheOutputBudgetBeforeCopyingIt);
    CPPUNIT_TEST(stopsAtTheSameRowWhenTheRowLimitIsCrossed);
    CPPUNIT_TEST_SUITE_END();

public:
    // 40,000 rows are about 60 batches: every value, location, row error (after its row) and
    // repaired byte arrives as on one thread.
    void showsTheSinkWhatOneThreadShows() {
        const std::string file = bankFile(40000);
        const Seen relayed = runCsv(true, file), direct = runCsv(false, file);
        CPPUNIT_ASSERT(relayed.status == Status::Ok);
        CPPUNIT_ASSERT(direct.status == Status::Ok);
        CPPUNIT_ASSERT_EQUAL(size_t{40001}, direct.sink.rows.size()); // the header, then data
        CPPUNIT_ASSERT_EQUAL(size_t{41 + 41}, direct.sink.rowErrors.size());
        assertSameSink(relayed.sink, direct.sink);
        // The repaired name of row 13: U+FFFD for the lone 0xFF byte.
        const auto& notes = direct.sink.rows[14][7];
        CPPUNIT_ASSERT(notes && *notes == "caf\xC3\xA9 \xEF\xBF\xBD end");
    }

    // A value bigger than the whole output budget ends the run with the budget's sentence; the
    // relay refuses it before copying it (RelayedRun.h).
    void refusesACallOverTheOutputBudgetBeforeCopyingIt() {
        const std::string file = "date,name,amount\n2024-01-02," + std::string(5000, 'n') + ",1\n";
        for (const bool relayed : {true, false}) {
            const Seen seen = runCsv(relayed, file, 1000);
            CPPUNIT_ASSERT(seen.status == Status::Failed);
            CPPUNIT_ASSERT_EQUAL(outputLimitMessage(1000), seen.error);
            CPPUNIT_ASSERT_EQUAL(size_t{1}, seen.sink.rows.size()); // the header only
        }
    }

    void stopsAtTheSameRowWhenTheRowLimitIsCrossed() {
        const std::string file = bankFile(5000);
        Seen results[2];
        for (const bool relayed : {true, false}) {
            RunPolicy policy;
            policy.relayed = relayed;
            policy.maxRows = 3000;
            PluginRegistry registry;
            registry.loadDirectories({FINIMPORT_PLUGIN_BUILD_DIR}, policy);
            Seen& seen = results[relayed];
            const auto result = runImporter(*registry.find("TransactionImport"),
                                            {{"type", "TransactionImport"},
                                             {"date_col_label", "date"},
                                             {"amount_col_label", "amount"},
                                             {"date_format", "%Y-%m-%d"}},
                                            readerOf(file), seen.sink);
            CPPUNIT_ASSERT(result.status == Status::Failed);
            CPPUNIT_ASSERT(result.aborted);
            CPPUNIT_ASSERT_EQUAL(rowLimitMessage(3000), result.error);
            CPPUNIT_ASSERT_EQUAL(size_t{3000}, seen.sink.rows.size());
        }
        assertSameSink(results[0].sink, results[1].sink);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RelayTest);
