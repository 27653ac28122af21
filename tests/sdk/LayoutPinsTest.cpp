// ABI layout pins seen from C++ (the C view is LayoutPins.c); x86_64 values.
#include "finimport/plugin.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstddef>
#include <string_view>

extern "C" const char* fi_layout_entry_symbol_c(void);
extern "C" std::size_t fi_layout_sizes_c(std::size_t* out, std::size_t capacity);

#if defined(__x86_64__)
static_assert(FI_ABI_MAJOR == 1 && FI_ABI_MINOR == 0);
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
static_assert(sizeof(fi_io) == 64);
static_assert(offsetof(fi_io, struct_size) == 0 && offsetof(fi_io, host) == 8 &&
              offsetof(fi_io, read) == 16 && offsetof(fi_io, begin) == 24 &&
              offsetof(fi_io, row) == 32 && offsetof(fi_io, row_error) == 40 &&
              offsetof(fi_io, set_error) == 48 && offsetof(fi_io, log) == 56);
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
};
CPPUNIT_TEST_SUITE_REGISTRATION(LayoutPinsTest);
