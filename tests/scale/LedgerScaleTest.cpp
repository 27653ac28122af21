// docs/decisions.md D80: what the import path asks of the store does not grow with the ledger.
// The same 2,000-row file is uploaded, published and reverted into an empty account and into an
// account holding 20,000 entries over the same two years (300 of them twins of rows); the store's
// statements and rows read on this thread (store/StoreCounters.h) are compared, not times. A
// re-read of the account's entries per batch (or once: 20k rows) fails the bounds below.
#include "AppHarness.h"

#include "app/auth/ApiKeys.h"
#include "app/publish/PublishRows.h"
#include "app/requests/ImportService.h"
#include "domain/Date.h"
#include "jobs/BalanceMaterializer.h"
#include "server/Config.h"
#include "store/AccountStore.h"
#include "store/Columns.h"
#include "store/EntryBatch.h"
#include "store/EntryLookups.h"
#include "store/RevertQueries.h"
#include "store/Sql.h"
#include "store/StoreCounters.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace finimport;

namespace {

constexpr int kLedger = 20000, kRows = 2000, kTwins = 300, kDays = 730;
constexpr int64_t kRowsPerBatch = 512; // app/imports/UploadWriter.h, kBatchRows

std::string day(int offset) {
    return domain::Date::parseIso("2023-01-01")->addDays(offset).iso();
}

// Row j of the file: days in a scrambled order, amounts under 100.00 (the ledger's other entries
// are 1,000.00 and more).
struct FileRow {
    std::string date, name;
    int64_t cents = 0;
};
FileRow fileRow(int j) {
    // From the ledger's second day: the day before the file's first has a stored balance, so
    // the publish and the revert apply their delta (jobs/BalanceDelta.h).
    return {day(1 + (j * 7919) % (kDays - 1)), "Shop " + std::to_string(j),
            -(100 + (j * 37) % 9800)};
}

std::string money(int64_t cents) {
    char text[32];
    std::snprintf(text, sizeof text, "%s%lld.%02lld", cents < 0 ? "-" : "",
                  static_cast<long long>(std::llabs(cents) / 100),
                  static_cast<long long>(std::llabs(cents) % 100));
    return text;
}

// `copyOf`: row `copyAt` is row `copyOf` again (-1: none).
std::string fileCsv(int copyAt = -1, int copyOf = -1) {
    std::string csv = "date,name,amount\n";
    for (int j = 0; j < kRows; ++j) {
        auto r = fileRow(j == copyAt ? copyOf : j);
        csv += r.date + "," + r.name + "," + money(r.cents) + "\n";
    }
    return csv;
}

// The engine's sign: money out positive (a file's -4.50 is stored as +4.50).
int64_t stored(int64_t cents) {
    return -cents * 1000000;
}

store::StoreCounters since(const store::StoreCounters& before) {
    auto now = store::threadStoreCounters();
    return {now.statements - before.statements, now.rowsRead - before.rowsRead,
            now.keysProbed - before.keysProbed};
}

struct Costs {
    store::StoreCounters upload, publish, revert;
    int64_t duplicates = 0, created = 0, pageReads = 0;
    std::string id;
};

} // namespace

class LedgerScaleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LedgerScaleTest);
    CPPUNIT_TEST(importCostsWhatItsRowsCostWhateverTheLedger);
    CPPUNIT_TEST(streamedPublishHoldsOnePageAndMatchesAsOneRead);
    CPPUNIT_TEST(publishProbesOnlyTheRowsItsUploadCouldNotClear);
    CPPUNIT_TEST(aWriteBetweenUploadAndPublishMakesThePublishProbeEveryRow);
    CPPUNIT_TEST(revertFindsTheMatchingImportsEntryByEntry);
    CPPUNIT_TEST(duplicateProbeIsAnIndexProbePerKeyWhateverThePlanner);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        test::HarnessOptions options;
        options.workers = 0; // publish and revert run below, on this thread
        _app = std::make_unique<test::AppHarness>(options);
        auto& db = _app->server().database();
        auto key = app::ApiKeys(db).create("Fam", "owner", "test", "read_write", std::nullopt);
        _familyId = key.familyId;
        _userId = key.userId;
        db.write([&](store::Tx& s) {
            for (auto* account : {&_empty, &_full}) {
                store::AccountRow a;
                a.familyId = _familyId;
                a.name = account == &_empty ? "Empty" : "Full";
                a.accountType = "depository";
                a.currency = "USD";
                store::AccountStore(s).insert(a);
                *account = a.id;
            }
            store::TransactionBatch batch(s);
            for (int i = 0; i < kLedger; ++i) {
                store::EntryRow e;
                e.accountId = _full;
                const bool twin = i < kTwins;
                const FileRow r = twin ? fileRow(i) : FileRow{};
                e.date = twin ? r.date : day(i % kDays);
                e.amount = stored(twin ? r.cents : -(100000 + i));
                e.currency = "USD";
                e.name = twin ? r.name : "Old " + std::to_string(i);
                batch.add(e, store::TransactionDetail{});
            }
            batch.flush();
            jobs::materializeBalances(s, _full, domain::Date::today());
        });
    }

    void tearDown() override {
        app::setPublishPageChunks(0);
        _app.reset();
    }

    void importCostsWhatItsRowsCostWhateverTheLedger() {
        const Costs empty = importInto(_empty);
        const Costs full = importInto(_full);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), empty.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows), empty.created);
        CPPUNIT_ASSERT_EQUAL(int64_t(kTwins), full.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows - kTwins), full.created);

        const int64_t batches = (kRows + kRowsPerBatch - 1) / kRowsPerBatch;
        // Upload: a few probes per batch of rows (their keys, their external ids) beyond the
        // empty account's statements; rows read: the twins found, not the ledger.
        assertWithin("upload statements", empty.upload.statements, full.upload.statements,
                     3 * batches + 4);
        assertWithin("upload rows read", empty.upload.rowsRead, full.upload.rowsRead,
                     2 * kTwins + 8);
        // Publish: the rows' keys probed a few hundred at a time, the twins absorbed; the
        // balance rebuild reads a sum a day since the file's first day (incremental), not the
        // entries.
        assertWithin("publish statements", empty.publish.statements, full.publish.statements,
                     kRows / 400 + 12);
        assertWithin("publish rows read", empty.publish.rowsRead, full.publish.rowsRead,
                     2 * kTwins + 2 * kDays + 16);
        assertWithin("revert statements", empty.revert.statements, full.revert.statements, 12);
        assertWithin("revert rows read", empty.revert.rowsRead, full.revert.rowsRead,
                     2 * kDays + 16);
    }

    // docs/decisions.md D125: with pages of 2 chunks (512 rows) the 2,000-row file is published
    // 512 rows at a time, and it matches as when it was read whole: the same twins, rows of the
    // file never matching each other across pages, and a second import matching every row.
    void streamedPublishHoldsOnePageAndMatchesAsOneRead() {
        constexpr int64_t kPageChunks = 2, kPageRows = 512; // RowInserter::kChunkRows 256
        app::setPublishPageChunks(kPageChunks);
        // Row 1,800 repeats row 1,000 (not a twin): pages 2 and 4; both are new rows.
        app::resetMaxPublishRowsHeld();
        const Costs streamed = importInto(_full, fileCsv(1800, 1000), false);
        CPPUNIT_ASSERT_EQUAL(int64_t(kTwins), streamed.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows - kTwins), streamed.created);
        CPPUNIT_ASSERT_EQUAL(kPageRows, app::maxPublishRowsHeld());
        // The pages: 8 chunks, 2 a statement, and the read that finds none left.
        CPPUNIT_ASSERT_EQUAL(int64_t(5), streamed.pageReads);
        // Again: every row matches one entry (the twins, then the rows the first one created;
        // row 1,800 the second of the two copies of row 1,000).
        const Costs again = importInto(_full, fileCsv(1800, 1000), false);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows), again.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), again.created);
        CPPUNIT_ASSERT_EQUAL(kPageRows, app::maxPublishRowsHeld());
        // Read whole (the default page is larger than the file), the same file counts the same.
        app::setPublishPageChunks(0);
        app::resetMaxPublishRowsHeld();
        const Costs whole = importInto(_full, fileCsv(1800, 1000), false);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows), whole.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows), app::maxPublishRowsHeld());
        CPPUNIT_ASSERT_EQUAL(int64_t(0), whole.pageReads);
    }

    // docs/decisions.md D210: the upload probes every row's key against the 20k-entry account;
    // the publish, finding the account unchanged since, probes the twins' keys only (the upload
    // found a candidate for them), in one statement: not a probe per row.
    void publishProbesOnlyTheRowsItsUploadCouldNotClear() {
        const Costs empty = importInto(_empty, fileCsv(), false);
        const Costs full = importInto(_full, fileCsv(), false);
        CPPUNIT_ASSERT_EQUAL(int64_t(kTwins), full.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows - kTwins), full.created);
        // The empty account: nothing to probe, at upload or at publish.
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), empty.upload.keysProbed);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), empty.publish.keysProbed);
        // Every row of the file has a key of its own (fileRow).
        CPPUNIT_ASSERT_EQUAL(uint64_t(kRows), full.upload.keysProbed);
        CPPUNIT_ASSERT_EQUAL(uint64_t(kTwins), full.publish.keysProbed);
        // Those 300 keys are one statement (store::kKeysPerStatement); beyond it, the publish
        // runs what it runs into the empty account, plus the stamp's two reads and the absorbed
        // twins' few statements.
        assertWithin("publish statements (probes cleared)", empty.publish.statements,
                     full.publish.statements, 1 + 2 + 10);
        // The same file again: every row had a candidate at upload (the entries just
        // published), so every row is probed, and every row matches.
        const Costs again = importInto(_full, fileCsv(), false);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows), again.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), again.created);
        CPPUNIT_ASSERT_EQUAL(uint64_t(kRows), again.publish.keysProbed);
    }

    // docs/decisions.md D210: an entry written to the account after the upload (here the twin of
    // a row the upload found no candidate for) moves the account's changes: the publish probes
    // every row again and matches that row too.
    void aWriteBetweenUploadAndPublishMakesThePublishProbeEveryRow() {
        const FileRow late = fileRow(1000);
        const Costs costs = importInto(_full, fileCsv(), false, [&] {
            _app->server().database().write([&](store::Tx& s) {
                store::TransactionBatch batch(s);
                store::EntryRow e;
                e.accountId = _full;
                e.date = late.date;
                e.amount = stored(late.cents);
                e.currency = "USD";
                e.name = late.name;
                batch.add(e, store::TransactionDetail{});
                batch.flush();
                jobs::materializeBalances(s, _full, domain::Date::today());
            });
        });
        CPPUNIT_ASSERT_EQUAL(uint64_t(kRows), costs.upload.keysProbed);
        CPPUNIT_ASSERT_EQUAL(uint64_t(kRows), costs.publish.keysProbed);
        CPPUNIT_ASSERT_EQUAL(int64_t(kTwins + 1), costs.duplicates);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows - kTwins - 1), costs.created);
    }

    // docs/decisions.md D235: the revert's guard finds the import that matched the entries the
    // first one created by one index probe per created entry, the entries read through
    // entries_import, whatever the planner would make of its statistics. PostgreSQL is told to
    // avoid scans other than through an index (on a table this small it would rightly scan),
    // then each join method in turn, nested loops included (a plain join then turns into a hash
    // or merge join over the whole of import_records, as stale statistics can make it): the
    // plan must not change, as it is the only one the statement allows.
    void revertFindsTheMatchingImportsEntryByEntry() {
        const Costs first = importInto(_full, fileCsv(), false);
        const Costs again = importInto(_full, fileCsv(), false);
        CPPUNIT_ASSERT_EQUAL(int64_t(kRows), again.duplicates);
        auto& server = _app->server();
        const auto plans = plansUnderEachJoinMethod([&](bool pg) {
            return Statement{store::matchedCreatedEntriesQuery(pg), {first.id, first.id}};
        });
        for (const auto& [setting, plan] : plans) {
            const std::string message = setting + ":\n" + plan;
            const auto outer = plan.find("entries_import");
            const auto inner = plan.find("import_records_record");
            CPPUNIT_ASSERT_MESSAGE(message, outer != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(message, inner != std::string::npos && inner > outer);
            for (const char* scan : {"Hash Join", "Merge Join", "Seq Scan", "SCAN o", "SCAN e"})
                CPPUNIT_ASSERT_MESSAGE(message, plan.find(scan) == std::string::npos);
        }
        // And it finds that import: the first one cannot be reverted while the second matched
        // its entries.
        server::Config config;
        app::ImportService imports(server.database(), server.plugins(), server.types(), config,
                                   server.jobs());
        const auto refused = imports.revert(_familyId, first.id);
        const auto* error = std::get_if<app::Error>(&refused);
        CPPUNIT_ASSERT(error);
        CPPUNIT_ASSERT_EQUAL(std::string("revert_blocked"), error->error);
        CPPUNIT_ASSERT_EQUAL(
            std::string("Import cannot be reverted because other data depends on it: import ") +
                again.id + ".",
            error->message);
    }

    // docs/decisions.md D270: the duplicate probe of a batch's keys is one probe of
    // entries_account_key per key whatever the planner makes of its statistics (a publish's
    // rows are in none until the next ANALYZE): PostgreSQL is told to avoid scans other than
    // through an index, then each join method in turn; the plan must not change. A join the
    // planner may flatten turns into a hash join over all of the account's entries per
    // statement (what it chose when the account looked empty).
    void duplicateProbeIsAnIndexProbePerKeyWhateverThePlanner() {
        const FileRow a = fileRow(1), b = fileRow(2), c = fileRow(3);
        // Each probe's plans go through its one index, never through a join over the account.
        auto assertOnlyThrough = [&](const char* index,
                                     const std::function<Statement(bool)>& statement) {
            for (const auto& [setting, plan] : plansUnderEachJoinMethod(statement)) {
                const std::string message = setting + ":\n" + plan;
                CPPUNIT_ASSERT_MESSAGE(message, plan.find(index) != std::string::npos);
                for (const char* other : {"Hash Join", "Merge Join", "Seq Scan", "SCAN e",
                                          "SCAN entries", "entries_account_transaction_order"})
                    CPPUNIT_ASSERT_MESSAGE(message, plan.find(other) == std::string::npos);
            }
        };
        assertOnlyThrough("entries_account_key", [&](bool pg) {
            std::vector<store::SqlValue> params;
            if (pg) {
                params.emplace_back(store::pgArray({a.date, b.date, c.date}));
                params.emplace_back(store::pgArray({std::to_string(stored(a.cents)),
                                                    std::to_string(stored(b.cents)),
                                                    std::to_string(stored(c.cents))}));
            } else {
                params.emplace_back("[[\"" + a.date + "\"," + std::to_string(stored(a.cents)) +
                                    "]]");
            }
            params.emplace_back(_full);
            params.emplace_back(std::string("no-such-import"));
            return Statement{store::transactionCandidatesQuery(pg, true), params};
        });
        assertOnlyThrough("entries_external_id", [&](bool pg) {
            std::vector<store::SqlValue> params;
            if (pg)
                params.emplace_back(store::pgArray({"id-1", "id-2"}));
            else
                params.assign({std::string("id-1"), std::string("id-2")});
            params.emplace_back(_full);
            params.emplace_back(std::string());
            return Statement{store::externalIdHoldersQuery(pg, 2), params};
        });
        // And it finds the twins, oldest created first.
        std::vector<std::string> found;
        _app->server().database().read([&](store::Tx& s) {
            store::transactionCandidates(
                s, _full,
                {{a.date, stored(a.cents)}, {b.date, stored(b.cents)}, {c.date, stored(c.cents)}},
                [&](store::TransactionCandidate&& t) { found.push_back(t.name); });
        });
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), found.size());
        CPPUNIT_ASSERT_EQUAL(a.name, found[0]);
        CPPUNIT_ASSERT_EQUAL(b.name, found[1]);
        CPPUNIT_ASSERT_EQUAL(c.name, found[2]);
    }

private:
    // A statement and its parameters.
    struct Statement {
        std::string sql;
        std::vector<store::SqlValue> params;
    };

    // docs/decisions.md D235, D270: the plans of `statement` (EXPLAIN; EXPLAIN QUERY PLAN on
    // SQLite), each with the setting it was read under: PostgreSQL told to avoid scans other
    // than through an index (on tables this small it would rightly scan), then each join method
    // disabled in turn, nested loops included; SQLite's one plan.
    std::vector<std::pair<std::string, std::string>>
    plansUnderEachJoinMethod(const std::function<Statement(bool)>& statement) {
        std::vector<std::pair<std::string, std::string>> plans;
        for (const char* setting : {"", "SET enable_nestloop = off", "SET enable_hashjoin = off",
                                    "SET enable_mergejoin = off"}) {
            _app->server().database().read([&](store::Tx& s) {
                const bool pg = store::sqlIsPostgres(s);
                if (!pg && *setting) return;
                if (pg) store::sqlExec(s, "SET enable_seqscan = off");
                if (pg) store::sqlExec(s, "SET enable_bitmapscan = off");
                if (*setting) store::sqlExec(s, setting);
                const Statement st = statement(pg);
                std::string plan;
                for (const auto& r : store::sqlQuery(
                         s, (pg ? "EXPLAIN " : "EXPLAIN QUERY PLAN ") + st.sql, st.params))
                    plan += r.str(pg ? 0 : 3) + "\n";
                if (pg) store::sqlExec(s, "RESET ALL");
                plans.emplace_back(setting, plan);
            });
        }
        return plans;
    }

    static void assertWithin(const std::string& what, uint64_t empty, uint64_t full,
                             int64_t allowance) {
        const std::string message = what + ": empty account " + std::to_string(empty) +
                                    ", 20k-entry account " + std::to_string(full) + ", allowance " +
                                    std::to_string(allowance);
        std::printf("  %s\n", message.c_str());
        CPPUNIT_ASSERT_MESSAGE(message, full <= empty + static_cast<uint64_t>(allowance));
    }

    // The stored balances (as a publish or revert left them: a delta on the 20k-entry account,
    // docs/decisions.md D80) are those a rebuild from the first day computes.
    void assertBalancesAsRebuilt(const std::string& accountId) {
        auto snapshot = [&] {
            std::vector<std::string> rows;
            _app->server().database().read([&](store::Tx& s) {
                for (const auto& r : store::sqlQuery(
                         s,
                         "SELECT date, balance, cash_balance, start_cash_balance, cash_inflows, "
                         "cash_outflows, cash_adjustments, end_cash_balance, flows_factor FROM "
                         "balances WHERE account_id = ? ORDER BY date",
                         {accountId})) {
                    std::string row;
                    for (size_t c = 0; c < 9; ++c)
                        row += r.str(c) + " ";
                    rows.push_back(row);
                }
                auto account = store::AccountStore(s).byIdAnyFamily(accountId);
                rows.push_back("account " + std::to_string(account->balance));
            });
            return rows;
        };
        const auto stored = snapshot();
        _app->server().database().write(
            [&](store::Tx& s) { jobs::materializeBalances(s, accountId, domain::Date::today()); });
        const auto rebuilt = snapshot();
        CPPUNIT_ASSERT_EQUAL(rebuilt.size(), stored.size());
        for (size_t i = 0; i < stored.size(); ++i)
            CPPUNIT_ASSERT_EQUAL(rebuilt[i], stored[i]);
    }

    // `revert`: revert it afterwards (the ledger as before).
    // `betweenUploadAndPublish`: run after the upload, before the publish.
    Costs importInto(const std::string& accountId, const std::string& csv = fileCsv(),
                     bool revert = true,
                     const std::function<void()>& betweenUploadAndPublish = {}) {
        server::Config config;
        auto& server = _app->server();
        app::ImportService imports(server.database(), server.plugins(), server.types(), config,
                                   server.jobs());
        app::CreateImportRequest request;
        request.familyId = _familyId;
        request.userId = _userId;
        using Kind = app::FieldValue::Kind;
        request.fields["type"] = {Kind::String, "TransactionImport"};
        request.fields["account_id"] = {Kind::String, accountId};
        request.fields["date_format"] = {Kind::String, "%Y-%m-%d"};
        request.fields["raw_file_content"] = {Kind::String, csv};

        Costs costs;
        auto before = store::threadStoreCounters();
        auto created = imports.create(request);
        costs.upload = since(before);
        auto* view = std::get_if<app::ImportView>(&created);
        if (!view) {
            const auto& error = std::get<app::Error>(created);
            CPPUNIT_FAIL("upload refused: " + error.error + ": " + error.message);
        }
        const std::string id = view->record.id;
        costs.id = id;
        if (betweenUploadAndPublish) betweenUploadAndPublish();
        CPPUNIT_ASSERT(std::holds_alternative<app::ImportView>(imports.publish(_familyId, id)));
        before = store::threadStoreCounters();
        const auto pagesBefore = store::threadPageReads();
        server.importJobs().publish(id);
        costs.publish = since(before);
        costs.pageReads = store::threadPageReads() - pagesBefore;
        server.database().read([&](store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(
                std::string("complete"),
                store::sqlQueryOne(s, "SELECT status FROM imports WHERE id = ?", {id})->str(0));
            costs.created =
                store::sqlCount(s, "SELECT COUNT(*) FROM entries WHERE import_id = ?", {id});
            costs.duplicates = store::sqlCount(
                s,
                "SELECT COUNT(*) FROM import_records WHERE import_id = ? AND relation = "
                "'matched'",
                {id});
        });
        assertBalancesAsRebuilt(accountId);
        if (!revert) return costs;
        CPPUNIT_ASSERT(std::holds_alternative<app::ImportView>(imports.revert(_familyId, id)));
        before = store::threadStoreCounters();
        server.importJobs().revert(id);
        costs.revert = since(before);
        server.database().read([&](store::Tx& s) {
            CPPUNIT_ASSERT_EQUAL(
                int64_t(0),
                store::sqlCount(s, "SELECT COUNT(*) FROM entries WHERE import_id = ?", {id}));
        });
        assertBalancesAsRebuilt(accountId);
        return costs;
    }

    std::unique_ptr<test::AppHarness> _app;
    std::string _familyId, _userId, _empty, _full;
};

CPPUNIT_TEST_SUITE_REGISTRATION(LedgerScaleTest);
