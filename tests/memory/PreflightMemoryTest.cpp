// Every preflight path streams like an upload (docs/decisions.md D82): a 10 MB file of blank QIF
// lines, sent with a read key as raw_file_content and as a file part, grows the in-process
// server by less than the upload bound (100 MB). Release builds assert it (tests/common/Budget.h).
#include "AppHarness.h"

#include "Budget.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>
#include <fstream>
#include <memory>
#include <string>

using namespace finimport::test;

namespace {

const std::string kPath = "/api/v1/imports/preflight";

// This process's resident set and its peak since resetPeak() (the server runs in-process).
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

// 10 MB: a QIF header, then blank lines (some with spaces, so the content is not blank).
std::string blankQif() {
    const std::size_t tenMb = 10 * 1024 * 1024 - 64;
    std::string qif = "!Type:Bank\n";
    qif.reserve(tenMb);
    while (qif.size() + 3 < tenMb)
        qif += qif.size() % 1024 < 3 ? " \n\n" : "\n";
    return qif;
}

} // namespace

class PreflightMemoryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PreflightMemoryTest);
    CPPUNIT_TEST(testRawContentOfBlankQifLinesIsBounded);
    CPPUNIT_TEST(testFilePartOfBlankQifLinesIsBounded);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _read = _app->createKey("Family", "read");
    }
    void tearDown() override { _app.reset(); }

    void testRawContentOfBlankQifLinesIsBounded() {
        const std::string body =
            R"({"type":"QifImport","raw_file_content":)" + jsonQuote(blankQif()) + "}";
        resetPeak();
        const int64_t before = statusKb("VmRSS:");
        auto r = _app->postJson(kPath, body, _read);
        const int64_t growthMb = (statusKb("VmHWM:") - before) / 1024;
        std::printf("  raw_file_content: %d, peak RSS growth %lld MB\n", r.status,
                    static_cast<long long>(growthMb));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body.substr(0, 300), 200, r.status);
        ASSERT_BUDGET("peak RSS growth MB", growthMb, kBoundMb);
    }

    void testFilePartOfBlankQifLinesIsBounded() {
        MultipartBuilder form;
        form.field("type", "QifImport");
        form.file("file", "blank.qif", "application/qif", blankQif());
        resetPeak();
        const int64_t before = statusKb("VmRSS:");
        auto r = _app->postMultipart(kPath, form, _read);
        const int64_t growthMb = (statusKb("VmHWM:") - before) / 1024;
        std::printf("  file part: %d, peak RSS growth %lld MB\n", r.status,
                    static_cast<long long>(growthMb));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body.substr(0, 300), 200, r.status);
        ASSERT_BUDGET("peak RSS growth MB", growthMb, kBoundMb);
    }

private:
    static constexpr int64_t kBoundMb = 100; // as for uploads
    std::unique_ptr<AppHarness> _app;
    std::string _read;
};

CPPUNIT_TEST_SUITE_REGISTRATION(PreflightMemoryTest);
