/* libFuzzer target: every input through the plugin's run, with and without skip_pending, with
 * callbacks that touch every string they get (so ASan sees a dangling or unterminated one).
 * Build: cmake -DEXAMPLE_BANK_FUZZ=ON -DCMAKE_C_COMPILER=clang; run it for 10+ minutes on
 * test/ as the seed corpus. It must never crash, hang or leak. */
#include <finimport/plugin.h>

#include <stdint.h>
#include <string.h>

typedef struct input {
    const uint8_t* data;
    size_t size, pos;
    size_t fields;
} input;

static int64_t on_read(void* h, char* buffer, size_t capacity) {
    input* in = h;
    size_t n = in->size - in->pos < capacity ? in->size - in->pos : capacity;
    memcpy(buffer, in->data + in->pos, n);
    in->pos += n;
    return (int64_t)n;
}
static size_t touch(const char* s) {
    return s ? strlen(s) : 0;
}
static int32_t on_begin(void* h, const char* kind, const char* const* names, size_t count) {
    size_t total = touch(kind);
    for (size_t i = 0; i < count; ++i)
        total += touch(names[i]);
    ((input*)h)->fields = count;
    return total == SIZE_MAX;
}
static int32_t on_row(void* h, const char* const* values, size_t count, const fi_location* at) {
    size_t total = touch(at->section);
    if (count != ((input*)h)->fields) __builtin_trap(); /* the contract: one value per field */
    for (size_t i = 0; i < count; ++i)
        total += touch(values[i]);
    return total == SIZE_MAX;
}
static int32_t on_row_error(void* h, const char* code, const fi_location* at, const char* field,
                            const char* message, const char* raw) {
    (void)h;
    return touch(code) + touch(at->section) + touch(field) + touch(message) + touch(raw) ==
           SIZE_MAX;
}
static void on_set_error(void* h, const char* message) {
    (void)h;
    (void)touch(message);
}
static void on_log(void* h, int32_t level, const char* message) {
    (void)h;
    (void)level;
    (void)touch(message);
}
static void on_fail(void* h, const char* code, const char* message) {
    (void)h;
    (void)(touch(code) + touch(message));
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const fi_importer* importer = finimport_plugin_entry_v1()->importers[0];
    importer->probe((const char*)data, size < 4096 ? size : 4096, "fuzz.csv");
    for (int skip = 0; skip < 2; ++skip) {
        const fi_option items[] = {{"type", "ExampleBankImport"},
                                   {"default_currency", "EUR"},
                                   {"skip_pending", skip ? "true" : "false"}};
        const fi_options options = {sizeof(fi_options), 3, items};
        input in = {data, size, 0, 0};
        const fi_io io = {sizeof(fi_io), &in,          on_read, on_begin, on_row,
                          on_row_error,  on_set_error, on_log,  on_fail};
        importer->run(&options, &io);
    }
    return 0;
}
