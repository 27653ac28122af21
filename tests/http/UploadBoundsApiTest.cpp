// The upload bounds and the bodies before authentication: every upload bound answers its exact
// 422 and stores nothing; hostile files and bodies answer in bounded time and memory; rows and
// stats are read without scanning the import.
#include "ApiSupport.h"
#include "Budget.h"
#include "app/imports/UploadSink.h"
#include "domain/Date.h"
#include "server/Config.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>

using namespace finimport::test;

namespace {

const std::string kPath = "/api/v1/imports";

// CPU seconds of this process (the server runs in it): what a request costs, independent of
// how many other processes share the machine's two cores.
double cpuNow() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}
double secondsSince(double start) {
    return cpuNow() - start;
}

// This process's resident set, and its peak since resetPeak() (the server runs in-process).
int64_t statusKb(const char* field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(field, 0) == 0) return std::stoll(line.substr(std::strlen(field)));
    return 0;
}
void resetPeak() {
    std::ofstream("/proc/self/clear_refs") << "5";
}

std::string bankCsv(int rows) {
    std::string out = "date,name,amount\n";
    for (int i = 0; i < rows; ++i)
        out += "2024-01-" + std::string(i % 28 < 9 ? "0" : "") + std::to_string(i % 28 + 1) +
               ",Shop " + std::to_string(i) + "," + std::to_string(i % 500) + ".25\n";
    return out;
}

std::string createBody(const std::string& csv) {
    return "{\"type\":\"TransactionImport\",\"date_col_label\":\"date\",\"amount_col_label\":"
           "\"amount\",\"name_col_label\":\"name\",\"date_format\":\"%Y-%m-%d\","
           "\"raw_file_content\":" +
           jsonQuote(csv) + "}";
}

} // namespace

class UploadBoundsApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UploadBoundsApiTest);
    CPPUNIT_TEST(testRowCapIsExact);
    CPPUNIT_TEST(testRowCapIsExactWhenParsingOverlapsStoring);
    CPPUNIT_TEST(testDefaultRowCap);
    CPPUNIT_TEST(testTooManyColumns);
    CPPUNIT_TEST(testLabelAndFormatLengths);
    CPPUNIT_TEST(testRowTooLarge);
    CPPUNIT_TEST(testMessagesPerRowAreCapped);
    CPPUNIT_TEST(testHostileFilesAnswerFast);
    CPPUNIT_TEST(testJunkNdjsonAnswersFast);
    CPPUNIT_TEST(testServiceDatesObeyD1Window);
    CPPUNIT_TEST(testStatsAndInvalidRowsPageInSql);
    CPPUNIT_TEST(test100kRowUploadMemoryBound);
    CPPUNIT_TEST(testUnauthenticatedBodyGetsLinearChecksOnly);
    CPPUNIT_TEST(testManyKeysAreHashed);
    CPPUNIT_TEST(testHugeArrayIsBounded);
    CPPUNIT_TEST(testNulInKeysAndOptions);
    CPPUNIT_TEST_SUITE_END();

    std::unique_ptr<AppHarness> _app;
    std::string _key;

    HttpResult post(const std::string& body, const std::string& key) {
        return _app->postJson(kPath, body, key);
    }
    void start(int64_t uploadRowCap = 0) {
        HarnessOptions options;
        options.uploadRowCap = uploadRowCap;
        _app = std::make_unique<AppHarness>(options);
        _key = _app->createKey("Family");
    }

public:
    void setUp() override {}
    void tearDown() override { _app.reset(); }

    void testRowCapIsExact() {
        start(3);
        auto ok = post(createBody(bankCsv(3)), _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(ok.body, 201, ok.status);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), storedRowCount(*_app));
        auto r = post(createBody(bankCsv(4)), _key);
        ASSERT_API_ERROR(r, 422, "too_many_rows", "The file has more than 3 rows.", kNoErrors);
        // Nothing of the refused upload is stored.
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "imports"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), storedRowCount(*_app));
    }

    // A file of more than 64 KiB is parsed on the plugin's thread while the request's thread
    // replays its calls and stores the rows (app/imports/RowPipeline): the bound is the same,
    // and still nothing is stored.
    void testRowCapIsExactWhenParsingOverlapsStoring() {
        start(5000);
        const std::string fits = bankCsv(5000);
        CPPUNIT_ASSERT(fits.size() > 64 * 1024);
        auto ok = post(createBody(fits), _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(ok.body.substr(0, 300), 201, ok.status);
        CPPUNIT_ASSERT_EQUAL(int64_t(5000), storedRowCount(*_app));
        auto r = post(createBody(bankCsv(5001)), _key);
        ASSERT_API_ERROR(r, 422, "too_many_rows", "The file has more than 5000 rows.", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "imports"));
        CPPUNIT_ASSERT_EQUAL(int64_t(5000), storedRowCount(*_app));
    }

    void testDefaultRowCap() {
        // A named default (GCC 12 warns maybe-uninitialized on a temporary `Config{}`, an
        // aggregate with a base).
        const finimport::server::Config defaults;
        CPPUNIT_ASSERT_EQUAL(int64_t(1000000), defaults.uploadRowCap);
    }

    void testTooManyColumns() {
        start();
        std::string header = "date,name,amount";
        for (int i = 3; i < 1000; ++i)
            header += ",c" + std::to_string(i);
        auto ok = post(createBody(header + "\n2024-01-02,Shop,1.00\n"), _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(ok.body, 201, ok.status);
        auto r = post(createBody(header + ",c1000\n2024-01-02,Shop,1.00\n"), _key);
        ASSERT_API_ERROR(r, 422, "too_many_columns", "Line 1 has more than 1000 columns.",
                         kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "imports"));
    }

    void testLabelAndFormatLengths() {
        start();
        auto ok = post("{\"date_col_label\":\"" + std::string(255, 'd') + "\",\"date_format\":\"" +
                           std::string(64, 'Y') + "\"}",
                       _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(ok.body, 201, ok.status);
        auto r = post("{\"date_col_label\":\"" + std::string(256, 'd') + "\",\"date_format\":\"" +
                          std::string(65, 'Y') + "\"}",
                      _key);
        ASSERT_API_ERROR(r, 422, "validation_failed", "Import could not be created",
                         Errors({"Date col label is too long (maximum is 255 characters)",
                                 "Date format is too long (maximum is 64 characters)"}));
    }

    void testRowTooLarge() {
        start();
        auto ok =
            post(createBody("date,name,amount\n2024-01-02," + std::string(65000, 'x') + ",1.00\n"),
                 _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(ok.body.substr(0, 300), 201, ok.status);
        auto r = post(createBody("date,name,amount\n2024-01-02,Shop,1.00\n2024-01-03," +
                                 std::string(70000, 'x') + ",1.00\n"),
                      _key);
        ASSERT_API_ERROR(r, 422, "row_too_large", "Line 3 is larger than 65536 bytes.", kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "imports"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storedRowCount(*_app));
    }

    // docs/decisions.md D65: at most 10 messages per row, the 10th counting the rest.
    void testMessagesPerRowAreCapped() {
        using namespace finimport;
        std::vector<app::CollectedRow> out;
        app::UploadSink sink(app::UploadLimits{},
                             [&](app::CollectedRow&& r) { out.push_back(std::move(r)); });
        sink.begin("transaction", {"date"});
        plugin::Location at{1, 2, std::nullopt};
        sink.row({std::string("x")}, at);
        for (int i = 0; i < 15; ++i)
            sink.rowError("invalid_date", at, std::string("date"), "Error " + std::to_string(i),
                          std::nullopt);
        sink.finish();
        CPPUNIT_ASSERT_EQUAL(size_t(1), out.size());
        CPPUNIT_ASSERT_EQUAL(size_t(10), out[0].errors.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Error 8"), out[0].errors[8].message);
        CPPUNIT_ASSERT_EQUAL(std::string("6 more errors not listed."), out[0].errors[9].message);
    }

    void testHostileFilesAnswerFast() {
        start();
        const std::size_t tenMb = 10 * 1024 * 1024 - 64;
        // Blank lines are never rows (docs/decisions.md D39): a header and 10 MB of them is 0 rows.
        auto t0 = cpuNow();
        auto blank = post(createBody("date,name,amount\n" + std::string(tenMb, '\n')), _key);
        const double blankSeconds = secondsSince(t0);
        ASSERT_BUDGET("CPU s", blankSeconds, 2.0);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(blank.body.substr(0, 300), 201, blank.status);
        CPPUNIT_ASSERT_EQUAL(
            int64_t(0), jsonObject(blank)->getObject("data")->getObject("stats")->getValue<int64_t>(
                            "rows_count"));
        // 65,536 columns in one 10 MB line.
        std::string wide;
        wide.reserve(tenMb);
        for (int i = 0; i < 65536; ++i)
            wide += (i ? "," : "") + std::string(150, 'c');
        t0 = cpuNow();
        auto columns = post(createBody(wide.substr(0, tenMb)), _key);
        const double wideSeconds = secondsSince(t0);
        ASSERT_BUDGET("CPU s", wideSeconds, 2.0);
        ASSERT_API_ERROR(columns, 422, "too_many_columns", "Line 1 has more than 1000 columns.",
                         kNoErrors);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(*_app, "imports"));
    }

    // 1M junk NDJSON lines after a valid first one: counted in linear time, bounded memory.
    void testJunkNdjsonAnswersFast() {
        start();
        std::string ndjson = "{\"type\":\"Account\",\"data\":{\"id\":\"a1\",\"name\":\"Cash\","
                             "\"accountable_type\":\"Depository\",\"currency\":\"USD\"}}\n";
        ndjson.reserve(ndjson.size() + 2000000);
        for (int i = 0; i < 1000000; ++i)
            ndjson += "x\n";
        const std::string body =
            "{\"type\":\"ServiceImport\",\"raw_file_content\":" + jsonQuote(ndjson) + "}";
        resetPeak();
        const int64_t before = statusKb("VmRSS:");
        const double t0 = cpuNow();
        auto r = post(body, _key);
        const double seconds = secondsSince(t0);
        ASSERT_BUDGET("CPU s", seconds, 2.0);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body.substr(0, 300), 201, r.status);
        // Only lines with a type and data are rows (docs/decisions.md D19): the junk lines are not.
        CPPUNIT_ASSERT_EQUAL(
            int64_t(1),
            jsonObject(r)->getObject("data")->getObject("stats")->getValue<int64_t>("rows_count"));
        ASSERT_BUDGET("peak RSS growth MB", (statusKb("VmHWM:") - before) / 1024, 50);
    }

    // docs/decisions.md D1 for ServiceImport: a valuation dated 0001-01-01 fails the publish
    // preflight, so no balance series reaching back two thousand years is ever made.
    void testServiceDatesObeyD1Window() {
        start();
        const std::string ndjson =
            "{\"type\":\"Account\",\"data\":{\"id\":\"acct-1\",\"name\":\"Old\","
            "\"balance\":\"10.00\",\"currency\":\"USD\",\"accountable_type\":\"Depository\"}}\n"
            "{\"type\":\"Valuation\",\"data\":{\"id\":\"v-1\",\"account_id\":\"acct-1\","
            "\"date\":\"0001-01-01\",\"amount\":\"10.00\",\"currency\":\"USD\","
            "\"kind\":\"opening_anchor\"}}\n";
        auto created = post(
            "{\"type\":\"ServiceImport\",\"raw_file_content\":" + jsonQuote(ndjson) + "}", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        const std::string id = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        auto r = _app->postJson(kPath + "/" + id + "/publish", "{}", _key);
        const auto today = finimport::domain::Date::today();
        const std::string expected = "Line 2 Valuation date 0001-01-01 must be between " +
                                     today.addYears(-50).addDays(1).iso() + " and " +
                                     today.addDays(1).iso() + ".";
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
        auto body = jsonObject(r);
        CPPUNIT_ASSERT_EQUAL(std::string("preflight_failed"), body->getValue<std::string>("error"));
        bool found = false;
        auto errors = body->getArray("errors");
        for (unsigned i = 0; errors && i < errors->size(); ++i)
            found = found || errors->getElement<std::string>(i) == expected;
        CPPUNIT_ASSERT_MESSAGE(r.body, found);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(*_app, "balances"));
    }

    void testStatsAndInvalidRowsPageInSql() {
        start();
        std::string csv = "date,name,amount\n";
        for (int i = 1; i <= 60; ++i)
            csv += (i % 4 == 0 ? "not-a-date" : "2024-02-03") + std::string(",Shop ") +
                   std::to_string(i) + ",1.50\n";
        auto r = post(createBody(csv), _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto data = jsonObject(r)->getObject("data");
        const std::string id = data->getValue<std::string>("id");
        auto stats = data->getObject("stats");
        CPPUNIT_ASSERT_EQUAL(int64_t(60), stats->getValue<int64_t>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(int64_t(45), stats->getValue<int64_t>("valid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(int64_t(15), stats->getValue<int64_t>("invalid_rows_count"));
        // Page 2 of the invalid rows, 10 a page: rows 44, 48, …, 60 (the 11th to 15th).
        auto page = _app->get(kPath + "/" + id + "/rows?invalid=true&per_page=10&page=2", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(page.body, 200, page.status);
        auto body = jsonObject(page);
        auto rows = body->getArray("data");
        CPPUNIT_ASSERT_EQUAL(size_t(5), rows->size());
        for (unsigned i = 0; i < 5; ++i) {
            auto row = rows->getObject(i);
            CPPUNIT_ASSERT_EQUAL(int64_t(44 + 4 * i), row->getValue<int64_t>("row_number"));
            CPPUNIT_ASSERT_EQUAL(false, row->getValue<bool>("valid"));
        }
        CPPUNIT_ASSERT_EQUAL(int64_t(15),
                             body->getObject("meta")->getValue<int64_t>("total_count"));
        // The read computes nothing from the rows: the stored counts are what it shows.
        auto show = _app->get(kPath + "/" + id, _key);
        CPPUNIT_ASSERT_EQUAL(
            int64_t(15), jsonObject(show)->getObject("data")->getObject("stats")->getValue<int64_t>(
                             "invalid_rows_count"));
    }

    // The server runs in this process: its peak RSS growth over a 100k-row upload is bounded.
    void test100kRowUploadMemoryBound() {
        start();
        const std::string body = createBody(bankCsv(100000));
        resetPeak();
        const int64_t before = statusKb("VmRSS:");
        auto r = post(body, _key);
        const int64_t growthMb = (statusKb("VmHWM:") - before) / 1024;
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body.substr(0, 300), 201, r.status);
        ASSERT_BUDGET("peak RSS growth MB", growthMb, kMemoryBoundMb);
        CPPUNIT_ASSERT_EQUAL(int64_t(100000), storedRowCount(*_app));
    }
    static constexpr int64_t kMemoryBoundMb = 50;

    void testUnauthenticatedBodyGetsLinearChecksOnly() {
        start();
        // 80k keys (≈1 MB): without a key only a linear scan runs, then 401.
        std::string body = "{";
        for (int i = 0; i < 80000; ++i)
            body += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":0";
        body += "}";
        auto t0 = cpuNow();
        auto r = post(body, "");
        ASSERT_BUDGET("CPU s", secondsSince(t0), 1.0);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 401, r.status);
        // A broken body is still 400 before authentication (docs/api.md §2).
        ASSERT_API_ERROR(post(body.substr(0, body.size() - 1), ""), 400, "bad_request",
                         "Request body is not valid JSON", kNoErrors);
        ASSERT_API_ERROR(post("[1]", "wrong-key"), 400, "bad_request",
                         "Request body must be a JSON object", kNoErrors);
    }

    void testManyKeysAreHashed() {
        start();
        std::string body = "{\"type\":\"TransactionImport\"";
        for (int i = 0; i < 80000; ++i)
            body += ",\"k" + std::to_string(i) + "\":0";
        body += "}";
        auto t0 = cpuNow();
        auto r = post(body, _key);
        ASSERT_BUDGET("CPU s", secondsSince(t0), 1.5);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body.substr(0, 300), 201, r.status);
        // Form fields: the same hashing, and a cap on their number.
        std::string form;
        for (int i = 0; i < 80000; ++i)
            form += (i ? "&f" : "f") + std::to_string(i) + "=1";
        t0 = cpuNow();
        auto f = finimport::test::httpSend(_app->port(), "POST", kPath, {{"X-Api-Key", _key}}, form,
                                           "application/x-www-form-urlencoded");
        ASSERT_BUDGET("CPU s", secondsSince(t0), 1.5);
        ASSERT_API_ERROR(f, 400, "bad_request", "Request body has too many values", kNoErrors);
    }

    void testHugeArrayIsBounded() {
        start();
        std::string zeros;
        zeros.reserve(26 * 1024 * 1024);
        zeros += "{\"a\":[0";
        while (zeros.size() < 26 * 1024 * 1024 - 8)
            zeros += ",0";
        zeros += "]}";
        resetPeak();
        const int64_t before = statusKb("VmRSS:");
        auto t0 = cpuNow();
        auto r = post(zeros, _key);
        ASSERT_BUDGET("CPU s", secondsSince(t0), 2.0);
        ASSERT_API_ERROR(r, 400, "bad_request", "Request body has too many values", kNoErrors);
        // The body itself (26 MB) is read once; the tree stops at 100k values.
        ASSERT_BUDGET("peak RSS growth MB", (statusKb("VmHWM:") - before) / 1024, 100);
    }

    void testNulInKeysAndOptions() {
        start();
        for (const std::string& key : {_key, std::string()}) {
            ASSERT_API_ERROR(post("{\"a\\u0000\":1}", key), 400, "bad_request",
                             "Request body contains a NUL character", kNoErrors);
            ASSERT_API_ERROR(post("{\"col_sep\":\"\\u0000\"}", key), 400, "bad_request",
                             "Request body contains a NUL character", kNoErrors);
        }
        // Inside raw_file_content it goes to the plugin (docs/decisions.md D65): the CSV's own 422.
        auto r = post("{\"raw_file_content\":\"date\\u0000,name\\n2024-01-01,x\\n\"}", _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_csv"),
                             jsonObject(r)->getValue<std::string>("error"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UploadBoundsApiTest);
