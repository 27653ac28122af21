// ABI layout pins seen from C++ (the C view is LayoutPins.c); x86_64 values.
#include "finimport/plugin.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

extern "C" const char* fi_layout_entry_symbol_c(void);
extern "C" std::size_t fi_layout_sizes_c(std::size_t* out, std::size_t capacity);
extern "C" std::size_t fi_layout_v1_0(std::size_t* out, std::size_t capacity);

namespace {

// The current header's view of every ABI 1.0 field, in fi_layout_v1_0's order.
#define FI_PIN(type, field) offsetof(type, field)
const std::size_t kLayoutFields[] = {FI_PIN(fi_option, name),
                                     FI_PIN(fi_option, value),
                                     FI_PIN(fi_options, struct_size),
                                     FI_PIN(fi_options, count),
                                     FI_PIN(fi_options, items),
                                     FI_PIN(fi_location, struct_size),
                                     FI_PIN(fi_location, record),
                                     FI_PIN(fi_location, line),
                                     FI_PIN(fi_location, section),
                                     FI_PIN(fi_io, struct_size),
                                     FI_PIN(fi_io, host),
                                     FI_PIN(fi_io, read),
                                     FI_PIN(fi_io, begin),
                                     FI_PIN(fi_io, row),
                                     FI_PIN(fi_io, row_error),
                                     FI_PIN(fi_io, set_error),
                                     FI_PIN(fi_io, log),
                                     FI_PIN(fi_importer, struct_size),
                                     FI_PIN(fi_importer, id),
                                     FI_PIN(fi_importer, types),
                                     FI_PIN(fi_importer, manifest_json),
                                     FI_PIN(fi_importer, probe),
                                     FI_PIN(fi_importer, run),
                                     FI_PIN(fi_plugin, struct_size),
                                     FI_PIN(fi_plugin, abi_major),
                                     FI_PIN(fi_plugin, abi_minor),
                                     FI_PIN(fi_plugin, name),
                                     FI_PIN(fi_plugin, version),
                                     FI_PIN(fi_plugin, importer_count),
                                     FI_PIN(fi_plugin, importers)};
#undef FI_PIN
constexpr std::size_t kFieldCount = sizeof kLayoutFields / sizeof kLayoutFields[0];
const std::size_t kSizes[] = {sizeof(fi_option), sizeof(fi_options),  sizeof(fi_location),
                              sizeof(fi_io),     sizeof(fi_importer), sizeof(fi_plugin)};
const std::size_t kValues[] = {FI_PROBE_NO,   FI_PROBE_MAYBE, FI_PROBE_YES, FI_LOG_DEBUG,
                               FI_LOG_INFO,   FI_LOG_WARNING, FI_LOG_ERROR, FI_RUN_OK,
                               FI_RUN_FAILED, FI_RUN_STOPPED};

} // namespace

#if defined(__x86_64__)
static_assert(FI_ABI_MAJOR == 1 && FI_ABI_MINOR == 2);
static_assert(sizeof(fi_probe_result) == 4 && sizeof(fi_log_level) == 4 &&
              sizeof(fi_run_status) == 4);
static_assert(sizeof(fi_option) == 16);
static_assert(offsetof(fi_option, name) == 0 && offsetof(fi_option, value) == 8);
static_assert(sizeof(fi_options) == 24);
static_assert(offsetof(fi_options, struct_size) == 0 && offsetof(fi_options, count) == 8 &&
              offsetof(fi_options, items) == 16);
static_assert(sizeof(fi_location) == 32);
static_assert(offsetof(fi_location, struct_size) == 0 && offsetof(fi_location, record) == 8 &&
              offsetof(fi_location, line) == 16 && offsetof(fi_location, section) == 24);
static_assert(sizeof(fi_io) == 80);
static_assert(offsetof(fi_io, struct_size) == 0 && offsetof(fi_io, host) == 8 &&
              offsetof(fi_io, read) == 16 && offsetof(fi_io, begin) == 24 &&
              offsetof(fi_io, row) == 32 && offsetof(fi_io, row_error) == 40 &&
              offsetof(fi_io, set_error) == 48 && offsetof(fi_io, log) == 56 &&
              offsetof(fi_io, fail) == 64 && offsetof(fi_io, row_sized) == 72);
static_assert(sizeof(fi_importer) == 48);
static_assert(offsetof(fi_importer, struct_size) == 0 && offsetof(fi_importer, id) == 8 &&
              offsetof(fi_importer, types) == 16 && offsetof(fi_importer, manifest_json) == 24 &&
              offsetof(fi_importer, probe) == 32 && offsetof(fi_importer, run) == 40);
static_assert(sizeof(fi_plugin) == 48);
static_assert(offsetof(fi_plugin, struct_size) == 0 && offsetof(fi_plugin, abi_major) == 8 &&
              offsetof(fi_plugin, abi_minor) == 12 && offsetof(fi_plugin, name) == 16 &&
              offsetof(fi_plugin, version) == 24 && offsetof(fi_plugin, importer_count) == 32 &&
              offsetof(fi_plugin, importers) == 40);
#endif
static_assert(std::string_view(FINIMPORT_ENTRY_SYMBOL) == "finimport_plugin_entry_v1");

class LayoutPinsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LayoutPinsTest);
    CPPUNIT_TEST(entrySymbolIsTheSameInC);
    CPPUNIT_TEST(structSizesAgreeBetweenCAndCpp);
    CPPUNIT_TEST(everyAbi10FieldKeepsItsPlace);
    CPPUNIT_TEST_SUITE_END();

public:
    void entrySymbolIsTheSameInC() {
        CPPUNIT_ASSERT_EQUAL(std::string_view("finimport_plugin_entry_v1"),
                             std::string_view(fi_layout_entry_symbol_c()));
    }

    void structSizesAgreeBetweenCAndCpp() {
        std::size_t sizes[8] = {};
        CPPUNIT_ASSERT_EQUAL(std::size_t(6), fi_layout_sizes_c(sizes, 8));
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_option), sizes[0]);
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_options), sizes[1]);
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_location), sizes[2]);
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_io), sizes[3]);
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_importer), sizes[4]);
        CPPUNIT_ASSERT_EQUAL(sizeof(fi_plugin), sizes[5]);
    }

    // SDK 1.1 is a minor version: against the verbatim 1.0 header (tests/sdk/abi_1_0), every
    // 1.0 field has the same offset, only fi_io grew (by 1.1's `fail` at its old end, then 1.2's
    // `row_sized` after it), the integer
    // typedefs that replaced the enums have the enums' size and every constant its value.
    void everyAbi10FieldKeepsItsPlace() {
        std::size_t old[80] = {};
        const std::size_t n = fi_layout_v1_0(old, 80);
        CPPUNIT_ASSERT_EQUAL(kFieldCount + 6 + 3 + 10, n);
        for (std::size_t i = 0; i < kFieldCount; ++i)
            CPPUNIT_ASSERT_EQUAL_MESSAGE("field #" + std::to_string(i), old[i], kLayoutFields[i]);
        for (std::size_t i = 0; i < 6; ++i) {
            const std::size_t oldSize = old[kFieldCount + i];
            if (i == 3) { // fi_io: the 1.0 size is exactly where 1.1's new member starts
                CPPUNIT_ASSERT_EQUAL(oldSize, offsetof(fi_io, fail));
                CPPUNIT_ASSERT_EQUAL(oldSize + sizeof(void*), offsetof(fi_io, row_sized));
                CPPUNIT_ASSERT_EQUAL(oldSize + 2 * sizeof(void*), kSizes[i]);
            } else {
                CPPUNIT_ASSERT_EQUAL_MESSAGE("struct #" + std::to_string(i), oldSize, kSizes[i]);
            }
        }
        for (std::size_t i = 0; i < 3; ++i)
            CPPUNIT_ASSERT_EQUAL(sizeof(std::int32_t), old[kFieldCount + 6 + i]);
        static_assert(std::is_same_v<fi_probe_result, std::int32_t> &&
                      std::is_same_v<fi_log_level, std::int32_t> &&
                      std::is_same_v<fi_run_status, std::int32_t>);
        for (std::size_t i = 0; i < 10; ++i)
            CPPUNIT_ASSERT_EQUAL(old[kFieldCount + 9 + i], kValues[i]);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(LayoutPinsTest);
