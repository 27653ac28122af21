/* The ABI 1.0 layout, from the 1.0 header kept verbatim as the reference (abi_1_0/). The C++
 * test compares it field by field with the current header: a 1.0 plugin or host sees every
 * field where it expects it. */
#include "abi_1_0/finimport/plugin.h"

#include <stddef.h>

_Static_assert(FI_ABI_MAJOR == 1 && FI_ABI_MINOR == 0, "the reference is the 1.0 header");

#define FI_PIN(type, field) offsetof(type, field)

/* Offsets of every 1.0 field, then the 1.0 struct sizes, in a fixed order shared with the
 * C++ side (LayoutPinsTest.cpp, kLayoutFields). */
size_t fi_layout_v1_0(size_t* out, size_t capacity) {
    const size_t values[] = {FI_PIN(fi_option, name),
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
                             FI_PIN(fi_plugin, importers),
                             sizeof(fi_option),
                             sizeof(fi_options),
                             sizeof(fi_location),
                             sizeof(fi_io),
                             sizeof(fi_importer),
                             sizeof(fi_plugin),
                             sizeof(fi_probe_result),
                             sizeof(fi_log_level),
                             sizeof(fi_run_status),
                             (size_t)FI_PROBE_NO,
                             (size_t)FI_PROBE_MAYBE,
                             (size_t)FI_PROBE_YES,
                             (size_t)FI_LOG_DEBUG,
                             (size_t)FI_LOG_INFO,
                             (size_t)FI_LOG_WARNING,
                             (size_t)FI_LOG_ERROR,
                             (size_t)FI_RUN_OK,
                             (size_t)FI_RUN_FAILED,
                             (size_t)FI_RUN_STOPPED};
    size_t n = sizeof values / sizeof values[0];
    for (size_t i = 0; i < n && i < capacity; ++i)
        out[i] = values[i];
    return n;
}
