/*
 * A tiny host for golden tests: loads a plugin, runs its first importer over a file and prints
 * every callback as one JSON line (then {"status":N}). Compare the output with a checked-in
 * .jsonl file (golden.cmake does): any change of the plugin's output shows up as a diff.
 *
 *   run_golden PLUGIN.so INPUT [name=value ...]
 */
#include <finimport/plugin.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPTIONS 16
#define MAX_FIELDS 64

typedef struct host {
    FILE* input;
    size_t field_count;
    const char* fields[MAX_FIELDS];
    char field_text[MAX_FIELDS][64];
} host;

static void json(const char* text) {
    if (text == NULL) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (const unsigned char* p = (const unsigned char*)text; *p; ++p) {
        if (*p == '"' || *p == '\\')
            printf("\\%c", *p);
        else if (*p < 0x20)
            printf("\\u%04x", *p);
        else
            putchar(*p);
    }
    putchar('"');
}

static int64_t on_read(void* h, char* buffer, size_t capacity) {
    host* self = h;
    const size_t n = fread(buffer, 1, capacity < 7 ? capacity : 7, self->input); /* small reads */
    return ferror(self->input) ? -1 : (int64_t)n;
}

static int32_t on_begin(void* h, const char* kind, const char* const* names, size_t count) {
    host* self = h;
    self->field_count = count < MAX_FIELDS ? count : MAX_FIELDS;
    fputs("{\"begin\":", stdout);
    json(kind);
    fputs(",\"fields\":[", stdout);
    for (size_t i = 0; i < count; ++i) {
        if (i < MAX_FIELDS) {
            snprintf(self->field_text[i], sizeof self->field_text[i], "%s", names[i]);
            self->fields[i] = self->field_text[i];
        }
        fputs(i ? "," : "", stdout);
        json(names[i]);
    }
    puts("]}");
    return 0;
}

static int32_t on_row(void* h, const char* const* values, size_t count, const fi_location* at) {
    host* self = h;
    printf("{\"record\":%llu,\"line\":%llu,\"values\":{", (unsigned long long)at->record,
           (unsigned long long)at->line);
    for (size_t i = 0; i < count; ++i) {
        fputs(i ? "," : "", stdout);
        json(i < self->field_count ? self->fields[i] : "?");
        putchar(':');
        json(values[i]);
    }
    puts("}}");
    return 0;
}

static int32_t on_row_error(void* h, const char* code, const fi_location* at, const char* field,
                            const char* message, const char* raw) {
    (void)h;
    fputs("{\"error\":", stdout);
    json(code);
    printf(",\"record\":%llu,\"line\":%llu,\"field\":", (unsigned long long)at->record,
           (unsigned long long)at->line);
    json(field);
    fputs(",\"message\":", stdout);
    json(message);
    fputs(",\"raw\":", stdout);
    json(raw);
    puts("}");
    return 0;
}

static void on_set_error(void* h, const char* message) {
    (void)h;
    fputs("{\"fatal\":", stdout);
    json(message);
    puts("}");
}

static void on_log(void* h, int32_t level, const char* message) {
    (void)h;
    (void)level;
    (void)message;
}

static void on_fail(void* h, const char* code, const char* message) {
    (void)h;
    fputs("{\"fatal\":", stdout);
    json(message);
    fputs(",\"code\":", stdout);
    json(code);
    puts("}");
}

int main(int argc, char** argv) {
    if (argc < 3) {
        fputs("usage: run_golden PLUGIN.so INPUT [name=value ...]\n", stderr);
        return 2;
    }
    void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "%s\n", dlerror());
        return 2;
    }
    fi_plugin_entry_fn entry;
    *(void**)&entry = dlsym(library, FINIMPORT_ENTRY_SYMBOL); /* POSIX-blessed cast */
    if (entry == NULL) {
        fprintf(stderr, "%s does not export " FINIMPORT_ENTRY_SYMBOL "\n", argv[1]);
        return 2;
    }
    const fi_importer* importer = entry()->importers[0];

    fi_option items[MAX_OPTIONS];
    size_t count = 0;
    for (int i = 3; i < argc && count < MAX_OPTIONS; ++i) {
        char* equals = strchr(argv[i], '=');
        if (equals == NULL) continue;
        *equals = '\0';
        items[count].name = argv[i];
        items[count++].value = equals + 1;
    }
    const fi_options options = {sizeof(fi_options), count, items};

    host self;
    memset(&self, 0, sizeof self);
    self.input = fopen(argv[2], "rb");
    if (self.input == NULL) {
        perror(argv[2]);
        return 2;
    }
    const fi_io io = {sizeof(fi_io), &self,        on_read, on_begin, on_row,
                      on_row_error,  on_set_error, on_log,  on_fail};
    const fi_run_status status = importer->run(&options, &io);
    printf("{\"status\":%d}\n", (int)status);
    fclose(self.input);
    return 0;
}
