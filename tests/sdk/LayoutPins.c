/* ABI layout pins, compiled as C11: every struct's size and field offsets on x86_64 (LP64). */
#include "finimport/plugin.h"

#include <stddef.h>

#if defined(__x86_64__)
_Static_assert(FI_ABI_MAJOR == 1 && FI_ABI_MINOR == 2, "ABI version");
_Static_assert(sizeof(fi_probe_result) == 4 && sizeof(fi_log_level) == 4 &&
                   sizeof(fi_run_status) == 4,
               "enum sizes");
_Static_assert(FI_PROBE_NO == 0 && FI_PROBE_MAYBE == 1 && FI_PROBE_YES == 2, "probe values");
_Static_assert(FI_RUN_OK == 0 && FI_RUN_FAILED == 1 && FI_RUN_STOPPED == 2, "run values");
_Static_assert(FI_LOG_DEBUG == 0 && FI_LOG_INFO == 1 && FI_LOG_WARNING == 2 && FI_LOG_ERROR == 3,
               "log levels");

_Static_assert(sizeof(fi_option) == 16, "fi_option size");
_Static_assert(offsetof(fi_option, name) == 0 && offsetof(fi_option, value) == 8, "fi_option");

_Static_assert(sizeof(fi_options) == 24, "fi_options size");
_Static_assert(offsetof(fi_options, struct_size) == 0 && offsetof(fi_options, count) == 8 &&
                   offsetof(fi_options, items) == 16,
               "fi_options");

_Static_assert(sizeof(fi_location) == 32, "fi_location size");
_Static_assert(offsetof(fi_location, struct_size) == 0 && offsetof(fi_location, record) == 8 &&
                   offsetof(fi_location, line) == 16 && offsetof(fi_location, section) == 24,
               "fi_location");

_Static_assert(sizeof(fi_io) == 80, "fi_io size (1.0: 64; 1.1 appended fail, 1.2 row_sized)");
_Static_assert(offsetof(fi_io, struct_size) == 0 && offsetof(fi_io, host) == 8 &&
                   offsetof(fi_io, read) == 16 && offsetof(fi_io, begin) == 24 &&
                   offsetof(fi_io, row) == 32 && offsetof(fi_io, row_error) == 40 &&
                   offsetof(fi_io, set_error) == 48 && offsetof(fi_io, log) == 56 &&
                   offsetof(fi_io, fail) == 64 && offsetof(fi_io, row_sized) == 72,
               "fi_io");

_Static_assert(sizeof(fi_importer) == 48, "fi_importer size");
_Static_assert(offsetof(fi_importer, struct_size) == 0 && offsetof(fi_importer, id) == 8 &&
                   offsetof(fi_importer, types) == 16 &&
                   offsetof(fi_importer, manifest_json) == 24 &&
                   offsetof(fi_importer, probe) == 32 && offsetof(fi_importer, run) == 40,
               "fi_importer");

_Static_assert(sizeof(fi_plugin) == 48, "fi_plugin size");
_Static_assert(offsetof(fi_plugin, struct_size) == 0 && offsetof(fi_plugin, abi_major) == 8 &&
                   offsetof(fi_plugin, abi_minor) == 12 && offsetof(fi_plugin, name) == 16 &&
                   offsetof(fi_plugin, version) == 24 &&
                   offsetof(fi_plugin, importer_count) == 32 &&
                   offsetof(fi_plugin, importers) == 40,
               "fi_plugin");

/* 1.1 added the optional symbol finimport_row_checks_v1 with two new structs; no 1.0 struct
 * changed for it. */
_Static_assert(sizeof(fi_row_check) == 24 && offsetof(fi_row_check, struct_size) == 0 &&
                   offsetof(fi_row_check, importer_id) == 8 &&
                   offsetof(fi_row_check, check_row) == 16,
               "fi_row_check");
_Static_assert(sizeof(fi_row_checks) == 24 && offsetof(fi_row_checks, struct_size) == 0 &&
                   offsetof(fi_row_checks, count) == 8 && offsetof(fi_row_checks, items) == 16,
               "fi_row_checks");
#endif

/* The entry symbol's name, for the C++ test to compare at run time too. */
const char* fi_layout_entry_symbol_c(void) {
    return FINIMPORT_ENTRY_SYMBOL;
}

/* sizeof values as a C compiler sees them, compared with the C++ view at run time. */
size_t fi_layout_sizes_c(size_t* out, size_t capacity) {
    const size_t sizes[] = {sizeof(fi_option), sizeof(fi_options),  sizeof(fi_location),
                            sizeof(fi_io),     sizeof(fi_importer), sizeof(fi_plugin)};
    size_t n = sizeof sizes / sizeof sizes[0];
    for (size_t i = 0; i < n && i < capacity; ++i)
        out[i] = sizes[i];
    return n;
}
