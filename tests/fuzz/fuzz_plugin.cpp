// One harness for every plugin: the plugin's sources are compiled into the fuzz binary (so
// libFuzzer sees their coverage) and each importer runs over the input with a host that
// discards records. Any crash, hang or sanitizer report is a bug in that plugin.
#include <finimport/plugin.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

extern "C" const fi_plugin* finimport_plugin_entry_v1(void);

namespace {

struct Input {
    const uint8_t* data;
    size_t size;
    size_t offset = 0;
    size_t fields = 0;
};

int64_t readInput(void* host, char* buffer, size_t capacity) {
    auto* in = static_cast<Input*>(host);
    size_t n = std::min(capacity, in->size - in->offset);
    std::memcpy(buffer, in->data + in->offset, n);
    in->offset += n;
    return static_cast<int64_t>(n);
}
int begin(void* host, const char*, const char* const*, size_t count) {
    static_cast<Input*>(host)->fields = count;
    return 0;
}
int row(void* /*host*/, const char* const* values, size_t count, const fi_location*) {
    // Touch every value, as the host does, so a dangling pointer shows up under ASan.
    size_t total = 0;
    for (size_t i = 0; i < count; ++i)
        if (values[i]) total += std::strlen(values[i]);
    return total == SIZE_MAX ? 1 : 0;
}
int rowSized(void* /*host*/, const char* const* values, const size_t* sizes, size_t count,
             const fi_location*) {
    // Read every byte of every value, as the host does, so a view past its buffer shows up.
    size_t total = 0;
    for (size_t i = 0; i < count; ++i)
        for (size_t j = 0; values[i] && j < sizes[i]; ++j)
            total += static_cast<unsigned char>(values[i][j]);
    return total == SIZE_MAX ? 1 : 0;
}
int rowError(void*, const char* code, const fi_location*, const char*, const char* message,
             const char*) {
    return (code && message && std::strlen(message) == SIZE_MAX) ? 1 : 0;
}
void setError(void*, const char* message) {
    (void)std::strlen(message);
}
void log(void*, int32_t, const char* message) {
    (void)std::strlen(message);
}
void fail(void*, const char* code, const char* message) {
    (void)std::strlen(code);
    (void)std::strlen(message);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const fi_plugin* plugin = finimport_plugin_entry_v1();
    for (size_t i = 0; i < plugin->importer_count; ++i) {
        const fi_importer* importer = plugin->importers[i];
        importer->probe(reinterpret_cast<const char*>(data), std::min<size_t>(size, 4096), "input");
        // An odd first byte asks for the `auto` formats (D37/D45): the detection paths read
        // the whole input first.
        const bool autoFormats = size > 0 && (data[0] & 1) != 0;
        for (const char* const* type = importer->types; *type; ++type) {
            std::vector<fi_option> options = {{"type", *type},
                                              {"default_currency", "USD"},
                                              {"date_format", autoFormats ? "auto" : "%m/%d/%Y"},
                                              {"number_format", autoFormats ? "auto" : "1,234.56"},
                                              {"signage_convention", "inflows_positive"},
                                              {"col_sep", autoFormats ? "auto" : ","},
                                              {"amount_type_strategy", "signed_amount"},
                                              {"rows_to_skip", "0"}};
            fi_options opts{sizeof(fi_options), options.size(), options.data()};
            Input in{data, size};
            // A set second bit plays a host older than ABI 1.2 (values copied to be terminated).
            const bool sized = size < 1 || (data[0] & 2) == 0;
            fi_io io{sizeof(fi_io), &in,      readInput, begin, row,
                     rowError,      setError, log,       fail,  sized ? rowSized : nullptr};
            importer->run(&opts, &io);
        }
    }
    return 0;
}
