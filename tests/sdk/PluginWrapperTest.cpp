// plugin.hpp: option getters, the Records writer, the exception barrier and FINIMPORT_PLUGIN.
#include "finimport/plugin.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

// A fake host that records every call; `stopAfterRows` makes row() ask to stop.
struct FakeHost {
    std::vector<std::string> calls;
    std::string error;
    std::string code; // of fail(); "" after set_error
    int stopAfterRows = -1;
    int rows = 0;
};

FakeHost* hostOf(void* h) {
    return static_cast<FakeHost*>(h);
}

fi_io fakeIo(FakeHost& fake) {
    fi_io io{};
    io.struct_size = sizeof(fi_io);
    io.host = &fake;
    io.read = [](void*, char*, size_t) -> int64_t { return 0; };
    io.begin = [](void* h, const char* kind, const char* const* names, size_t n) -> int {
        std::string call = std::string("begin ") + kind;
        for (size_t i = 0; i < n; ++i)
            call += std::string(" ") + names[i];
        hostOf(h)->calls.push_back(call);
        return 0;
    };
    io.row = [](void* h, const char* const* values, size_t n, const fi_location* where) -> int {
        std::string call =
            "row " + std::to_string(where->record) + ":" + std::to_string(where->line);
        for (size_t i = 0; i < n; ++i)
            call += std::string(" ") + (values[i] ? values[i] : "<null>");
        FakeHost* host = hostOf(h);
        host->calls.push_back(call);
        return ++host->rows == host->stopAfterRows ? 1 : 0;
    };
    io.row_error = [](void* h, const char* code, const fi_location* where, const char* field,
                      const char* message, const char* raw) -> int {
        hostOf(h)->calls.push_back(
            std::string("error ") + code + " " + std::to_string(where->record) + " " +
            (field ? field : "<null>") + " " + message + " " + (raw ? raw : "<null>"));
        return 0;
    };
    io.set_error = [](void* h, const char* message) {
        if (hostOf(h)->error.empty()) hostOf(h)->error = message;
    };
    io.log = [](void* h, int32_t level, const char* message) {
        hostOf(h)->calls.push_back("log " + std::to_string(level) + " " + message);
    };
    io.fail = [](void* h, const char* code, const char* message) {
        if (!hostOf(h)->error.empty()) return;
        hostOf(h)->error = message;
        hostOf(h)->code = code;
    };
    return io;
}

fi_run_status writeThreeRows(const finimport::Options&, finimport::Records& out) {
    const char* fields[] = {"a", "b"};
    out.begin("thing", fields);
    for (std::uint64_t i = 1; i <= 3; ++i) {
        finimport::Row row(2);
        const char* values[] = {"v1", "v2", "v3"};
        row.set(0, values[i - 1]);
        if (!out.row(row, {i, i + 1}))
            return FI_RUN_OK; // the barrier turns a stop into FI_RUN_STOPPED
    }
    out.rowError("invalid_date", {3, 4}, "a", "Date is required", nullptr);
    out.log(FI_LOG_INFO, "done");
    return FI_RUN_OK;
}

fi_run_status throwFatal(const finimport::Options&, finimport::Records&) {
    throw finimport::Fatal("The CSV could not be parsed: unclosed quoted field (line 2)");
}

fi_run_status throwCoded(const finimport::Options&, finimport::Records&) {
    throw finimport::Fatal("invalid_thing",
                           "The Thing file could not be parsed: no header (line 1)");
}

fi_run_status throwOther(const finimport::Options&, finimport::Records&) {
    throw std::out_of_range("index 7");
}

fi_run_status throwInt(const finimport::Options&, finimport::Records&) {
    throw 42;
}

fi_run_status readRowsToSkip(const finimport::Options& options, finimport::Records& out) {
    out.log(FI_LOG_DEBUG, std::to_string(options.integer("rows_to_skip", 0)));
    return FI_RUN_OK;
}

fi_probe_result probeMaybe(std::string_view head, const char*) {
    if (head == "boom") throw std::runtime_error("probe failure");
    return head.empty() ? FI_PROBE_NO : FI_PROBE_MAYBE;
}

constexpr const char* kTypes[] = {"ThingImport", nullptr};
constexpr fi_importer kThings =
    finimport::makeImporter<probeMaybe, writeThreeRows>("test.things", kTypes, "{}");
constexpr fi_importer kFatal =
    finimport::makeImporter<probeMaybe, throwFatal>("test.fatal", kTypes, "{}");
constexpr fi_importer kCoded =
    finimport::makeImporter<probeMaybe, throwCoded>("test.coded", kTypes, "{}");
constexpr fi_importer kOther =
    finimport::makeImporter<probeMaybe, throwOther>("test.other", kTypes, "{}");
constexpr fi_importer kInt =
    finimport::makeImporter<probeMaybe, throwInt>("test.int", kTypes, "{}");
constexpr fi_importer kSkip =
    finimport::makeImporter<probeMaybe, readRowsToSkip>("test.skip", kTypes, "{}");

} // namespace

FINIMPORT_PLUGIN("test", "9.9.9", &kThings, &kFatal, &kOther, &kInt, &kSkip, &kCoded)

class PluginWrapperTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PluginWrapperTest);
    CPPUNIT_TEST(options);
    CPPUNIT_TEST(descriptor);
    CPPUNIT_TEST(recordsAreForwarded);
    CPPUNIT_TEST(stopIsReported);
    CPPUNIT_TEST(exceptionsStopAtTheBarrier);
    CPPUNIT_TEST(fatalCodeUsesFailOrFallsBack);
    CPPUNIT_TEST(probeBarrier);
    CPPUNIT_TEST(rowClearKeepsWidth);
    CPPUNIT_TEST(rowBufferBorrowsAndCopies);
    CPPUNIT_TEST(viewsGoSizedOrTerminated);
    CPPUNIT_TEST_SUITE_END();

public:
    void options() {
        const fi_option items[] = {{"col_sep", ";"}, {"absent", nullptr}, {"rows_to_skip", "2"},
                                   {"flag", "true"}, {"bad_int", "2x"},   {"bad_bool", "yes"}};
        const fi_options list{sizeof(fi_options), 6, items};
        finimport::Options o(&list);
        CPPUNIT_ASSERT_EQUAL(std::string(";"), o.string("col_sep", ","));
        CPPUNIT_ASSERT_EQUAL(std::string(","), o.string("absent", ","));
        CPPUNIT_ASSERT(!o.get("absent") && !o.has("missing") && o.has("flag"));
        CPPUNIT_ASSERT_EQUAL(std::int64_t(2), o.integer("rows_to_skip", 0));
        CPPUNIT_ASSERT_EQUAL(std::int64_t(5), o.integer("missing", 5));
        CPPUNIT_ASSERT(o.boolean("flag", false));
        CPPUNIT_ASSERT(!o.boolean("missing", false));
        CPPUNIT_ASSERT_THROW(o.integer("bad_int", 0), finimport::Fatal);
        CPPUNIT_ASSERT_THROW(o.boolean("bad_bool", false), finimport::Fatal);
        finimport::Options none(nullptr);
        CPPUNIT_ASSERT(!none.get("col_sep"));
    }

    void descriptor() {
        const fi_plugin* plugin = finimport_plugin_entry_v1();
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_plugin), plugin->struct_size);
        CPPUNIT_ASSERT_EQUAL(std::uint32_t(FI_ABI_MAJOR), plugin->abi_major);
        CPPUNIT_ASSERT_EQUAL(std::uint32_t(FI_ABI_MINOR), plugin->abi_minor);
        CPPUNIT_ASSERT_EQUAL(std::string("test"), std::string(plugin->name));
        CPPUNIT_ASSERT_EQUAL(std::string("9.9.9"), std::string(plugin->version));
        CPPUNIT_ASSERT_EQUAL(std::size_t(6), plugin->importer_count);
        CPPUNIT_ASSERT_EQUAL(std::string("test.things"), std::string(plugin->importers[0]->id));
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_importer), plugin->importers[0]->struct_size);
        CPPUNIT_ASSERT_EQUAL(std::string("ThingImport"),
                             std::string(plugin->importers[0]->types[0]));
        CPPUNIT_ASSERT(plugin->importers[0]->types[1] == nullptr);
    }

    void recordsAreForwarded() {
        FakeHost host;
        fi_io io = fakeIo(host);
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_OK), kThings.run(nullptr, &io));
        const std::vector<std::string> expected = {"begin thing a b",
                                                   "row 1:2 v1 <null>",
                                                   "row 2:3 v2 <null>",
                                                   "row 3:4 v3 <null>",
                                                   "error invalid_date 3 a Date is required <null>",
                                                   "log 1 done"};
        CPPUNIT_ASSERT(host.calls == expected);
        const fi_option items[] = {{"rows_to_skip", "3"}};
        const fi_options list{sizeof(fi_options), 1, items};
        FakeHost skip;
        fi_io skipIo = fakeIo(skip);
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_OK), kSkip.run(&list, &skipIo));
        CPPUNIT_ASSERT_EQUAL(std::string("log 0 3"), skip.calls.at(0));
    }

    void stopIsReported() {
        FakeHost host;
        host.stopAfterRows = 2;
        fi_io io = fakeIo(host);
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_STOPPED), kThings.run(nullptr, &io));
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), host.calls.size()); // begin + 2 rows, nothing after
    }

    // SDK 1.1: a Fatal with a code reaches fail(); a 1.0 host (fi_io of 64 bytes, no fail
    // member) gets the message through set_error, and its fail pointer is never read.
    void fatalCodeUsesFailOrFallsBack() {
        FakeHost current, old;
        fi_io io = fakeIo(current);
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), kCoded.run(nullptr, &io));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_thing"), current.code);
        CPPUNIT_ASSERT_EQUAL(std::string("The Thing file could not be parsed: no header (line 1)"),
                             current.error);

        fi_io oldIo = fakeIo(old);
        oldIo.struct_size = finimport::kIoSizeV1_0;
        oldIo.fail = [](void*, const char*, const char*) { CPPUNIT_FAIL("fail() read on 1.0"); };
        CPPUNIT_ASSERT_EQUAL(std::size_t(64), finimport::kIoSizeV1_0);
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), kCoded.run(nullptr, &oldIo));
        CPPUNIT_ASSERT_EQUAL(std::string(), old.code);
        CPPUNIT_ASSERT_EQUAL(std::string("The Thing file could not be parsed: no header (line 1)"),
                             old.error);
    }

    void exceptionsStopAtTheBarrier() {
        FakeHost fatal, other, integer, bad;
        fi_io a = fakeIo(fatal), b = fakeIo(other), c = fakeIo(integer);
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), kFatal.run(nullptr, &a));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unclosed quoted field (line 2)"),
            fatal.error);
        CPPUNIT_ASSERT_EQUAL(std::string(), fatal.code); // no code: set_error, as in 1.0
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), kOther.run(nullptr, &b));
        CPPUNIT_ASSERT_EQUAL(std::string("Internal plugin error: index 7"), other.error);
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), kInt.run(nullptr, &c));
        CPPUNIT_ASSERT_EQUAL(std::string("Internal plugin error"), integer.error);
        fi_io small = fakeIo(bad);
        small.struct_size = 8;
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), kThings.run(nullptr, &small));
        CPPUNIT_ASSERT_EQUAL(int(FI_RUN_FAILED), kThings.run(nullptr, nullptr));
    }

    void probeBarrier() {
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_MAYBE, kThings.probe("a,b", 3, "x.csv"));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_NO, kThings.probe(nullptr, 0, nullptr));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_NO, kThings.probe("boom", 4, nullptr));
    }

    // A reused Row starts each record with every value null (what a fresh Row has).
    void rowClearKeepsWidth() {
        finimport::Row row(3);
        row.set(0, "a fairly long value that is on the heap");
        row.set(2, "");
        row.clear();
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), row.size());
        for (std::size_t i = 0; i < row.size(); ++i)
            CPPUNIT_ASSERT(!row[i].has_value());
        row.set(1, "b");
        CPPUNIT_ASSERT_EQUAL(std::string("b"), *row[1]);
        CPPUNIT_ASSERT(!row[0].has_value());
    }

    // A RowBuffer sends borrowed values as the very pointers it was given, copied values from
    // its own storage (the source may change after set), and null after clear.
    void rowBufferBorrowsAndCopies() {
        FakeHost host;
        const fi_io io = fakeIo(host);
        finimport::Records out(&io);
        finimport::RowBuffer row(4);
        const std::string cell = "Coffee Shop 12";
        std::string scratch = "-12.50";
        row.borrow(0, cell);
        row.set(1, scratch);
        scratch = "changed";
        row.borrow(2, "USD");
        CPPUNIT_ASSERT(row.data()[0] == cell.c_str());
        CPPUNIT_ASSERT_EQUAL(std::string("-12.50"), std::string(*row[1]));
        CPPUNIT_ASSERT(!row[3].has_value());
        CPPUNIT_ASSERT(out.row(row, finimport::Location{7, 9}));
        row.clear();
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), row.size());
        row.set(3, std::string_view("abcdef").substr(1, 3)); // not NUL-terminated at the view
        CPPUNIT_ASSERT(out.row(row, finimport::Location{8, 10}));
        const std::vector<std::string> expected = {
            "row 7:9 Coffee Shop 12 -12.50 USD <null>",
            "row 8:10 <null> <null> <null> bcd",
        };
        CPPUNIT_ASSERT(expected == host.calls);
    }

    // ABI 1.2: borrowed views reach row_sized as they are (pointer and length, no copy); a 1.1
    // host (no row_sized, or an fi_io too small to have it) gets them copied and NUL-terminated.
    void viewsGoSizedOrTerminated() {
        static const char line[] = "2024-01-05,Coffee,-4.50";
        const std::string_view date(line, 10), name(line + 11, 6);
        static const char* seenPointer = nullptr;
        FakeHost sizedHost, oldHost, smallHost;
        fi_io sized = fakeIo(sizedHost);
        sized.row_sized = [](void* h, const char* const* values, const size_t* sizes, size_t n,
                             const fi_location*) -> int {
            seenPointer = values[0];
            std::string call = "sized";
            for (size_t i = 0; i < n; ++i)
                call += values[i] ? " [" + std::string(values[i], sizes[i]) + "]" : " <null>";
            hostOf(h)->calls.push_back(call);
            return 0;
        };
        fi_io small = sized;
        small.host = &smallHost;
        small.struct_size = offsetof(fi_io, row_sized); // 1.1: 72 bytes
        const fi_io old = fakeIo(oldHost);
        for (const fi_io* io : std::vector<const fi_io*>{&sized, &old, &small}) {
            finimport::Records out(io);
            finimport::RowBuffer row(3);
            row.borrow(0, date);
            row.borrow(1, name);
            CPPUNIT_ASSERT(out.row(row, finimport::Location{1, 2}));
        }
        CPPUNIT_ASSERT(std::vector<std::string>{"sized [2024-01-05] [Coffee] <null>"} ==
                       sizedHost.calls);
        CPPUNIT_ASSERT(seenPointer == line); // the view itself, not a copy
        CPPUNIT_ASSERT(std::vector<std::string>{"row 1:2 2024-01-05 Coffee <null>"} ==
                       oldHost.calls);
        CPPUNIT_ASSERT(std::vector<std::string>{"row 1:2 2024-01-05 Coffee <null>"} ==
                       smallHost.calls);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(PluginWrapperTest);
