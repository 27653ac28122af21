/*
 * finimport plugin ABI, version 1 (C11).
 *
 * A plugin is a shared object exporting one symbol, FINIMPORT_ENTRY_SYMBOL
 * ("finimport_plugin_entry_v1"), that returns a static descriptor of the
 * importers it provides. The host loads plugins once, keeps them loaded for
 * the life of the process and never calls into a plugin after unloading it.
 *
 * Versioning
 *   - The major version is part of the symbol name: a v2 ABI would export
 *     finimport_plugin_entry_v2. A host refuses a plugin whose abi_major
 *     differs from its own and one whose abi_minor is newer than its own.
 *   - Every struct starts with `struct_size`. Structs only ever grow at the
 *     end; a reader checks struct_size before touching a field added in a
 *     later minor version.
 *
 * Strings
 *   All strings are NUL-terminated UTF-8. A NULL `const char*` value means
 *   "absent" (JSON null); "" means "present and empty".
 *
 * Threading
 *   The descriptor and everything it points to are immutable and may be read
 *   from any thread. `probe` and `run` may be called concurrently from several
 *   host threads with different `fi_io` instances: they must not keep mutable
 *   global state. The callbacks of one `fi_io` must only be called from the
 *   thread that is inside the `run` call that received it, and only during it.
 *
 * Errors
 *   A plugin never lets a C++ exception cross this boundary (plugin.hpp
 *   installs a barrier). Fatal problems are reported with `io->set_error`
 *   and a non-zero return from `run`; problems with one record are reported
 *   with `io->row_error` and the run continues.
 */
#ifndef FINIMPORT_PLUGIN_H
#define FINIMPORT_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FI_ABI_MAJOR 1
#define FI_ABI_MINOR 0

/* The name of the one exported entry symbol of ABI major version 1. */
#define FINIMPORT_ENTRY_SYMBOL "finimport_plugin_entry_v1"

#if defined(_WIN32)
#define FI_EXPORT __declspec(dllexport)
#else
#define FI_EXPORT __attribute__((visibility("default")))
#endif

/* Answer of `probe`: how sure the importer is that it can read a file. */
typedef enum fi_probe_result {
    FI_PROBE_NO = 0,
    FI_PROBE_MAYBE = 1,
    FI_PROBE_YES = 2
} fi_probe_result;

/* Severity of a `log` line. */
typedef enum fi_log_level {
    FI_LOG_DEBUG = 0,
    FI_LOG_INFO = 1,
    FI_LOG_WARNING = 2,
    FI_LOG_ERROR = 3
} fi_log_level;

/* Return value of `run`. */
typedef enum fi_run_status {
    FI_RUN_OK = 0,     /* every record was passed to the host */
    FI_RUN_FAILED = 1, /* fatal error, reported with io->set_error */
    FI_RUN_STOPPED = 2 /* a callback asked to stop (non-zero return) */
} fi_run_status;

/*
 * One option of a run: a name declared in the importer's manifest and its
 * value as text (numbers and booleans as their JSON text). The host also
 * passes "type" (the import type being run) and "default_currency".
 * Ownership: host-owned, valid only during the `run` call.
 */
typedef struct fi_option {
    const char* name;
    const char* value; /* NULL when the option is absent */
} fi_option;

typedef struct fi_options {
    size_t struct_size; /* sizeof(fi_options) as compiled by the host */
    size_t count;
    const fi_option* items; /* `count` items */
} fi_options;

/*
 * Where a record came from, for messages and for row numbering.
 * Ownership: caller-owned; the callee copies what it needs before returning.
 */
typedef struct fi_location {
    size_t struct_size;  /* sizeof(fi_location) as compiled by the sender */
    uint64_t record;     /* 1-based record (row) number within the import */
    uint64_t line;       /* 1-based physical line of the record's start, 0 if unknown */
    const char* section; /* section or account name (QIF), NULL if none */
} fi_location;

/*
 * Host services for one run. The host owns this struct and everything it
 * points to; it is valid only during the `run` call that received it and must
 * be used only from that thread. Every function receives `host` as its first
 * argument. A callback returning non-zero asks the plugin to stop: the plugin
 * should return FI_RUN_STOPPED promptly without further callbacks.
 */
typedef struct fi_io {
    size_t struct_size; /* sizeof(fi_io) as compiled by the host */
    void* host;         /* opaque host state */

    /* Reads up to `capacity` bytes of the input into `buffer`. Returns the
     * number of bytes read, 0 at the end of the input, or -1 on a read error.
     * Text inputs arrive as UTF-8 without BOM (the host detected and
     * transcoded the charset); binary inputs (manifest "binary": true)
     * arrive as uploaded. */
    int64_t (*read)(void* host, char* buffer, size_t capacity);

    /* Declares the kind and field names of the records that follow, e.g.
     * kind "transaction" with fields {"date","amount","name",...}. May be
     * called again to switch kinds. `field_names` is borrowed for the call. */
    int (*begin)(void* host, const char* record_kind, const char* const* field_names,
                 size_t field_count);

    /* Emits one record of the current kind. `values` holds `value_count`
     * entries (the field count of the last `begin`), each NULL (absent) or a
     * canonical text: ISO dates (YYYY-MM-DD), plain decimals ("-1234.56") in
     * the engine's sign convention (negative = money in), ISO 4217 codes.
     * A field that could not be parsed carries its raw source text and a
     * `row_error` naming it. Borrowed for the call. */
    int (*row)(void* host, const char* const* values, size_t value_count,
               const fi_location* location);

    /* Reports a problem with one record. `location->record` names the record
     * (emitted before or after this call). `code` is a stable machine code
     * ("invalid_number", "invalid_date", ...), `field` the field name or NULL,
     * `message` a full sentence ("Amount \"1.234,56\" does not match the number
     * format 1,234.56"), `raw` the offending source text or NULL. */
    int (*row_error)(void* host, const char* code, const fi_location* location, const char* field,
                     const char* message, const char* raw);

    /* Reports a fatal error for the whole input (the first call wins). */
    void (*set_error)(void* host, const char* message);

    /* Writes one log line. Never pass secrets or whole records. */
    void (*log)(void* host, int level, const char* message);
} fi_io;

/*
 * One importer. Immutable, static storage duration inside the plugin.
 */
typedef struct fi_importer {
    size_t struct_size; /* sizeof(fi_importer) as compiled by the plugin */
    const char* id;     /* unique, e.g. "csv.transactions" */
    /* NULL-terminated list of the import types served, e.g. {"TransactionImport", NULL} */
    const char* const* types;
    /* JSON object (schemas/plugin-manifest.schema.json): options, media types,
     * extensions, capabilities. */
    const char* manifest_json;

    /* Decides from the first bytes (at most 4096, not NUL-terminated) and the
     * file name (may be NULL) whether this importer can read the input. Pure;
     * may be called from any thread. */
    fi_probe_result (*probe)(const char* head, size_t head_size, const char* filename);

    /* Reads the whole input through `io` and emits its records. Returns an
     * fi_run_status. Must not throw, must not keep `options` or `io`. */
    int (*run)(const fi_options* options, const fi_io* io);
} fi_importer;

/*
 * The plugin descriptor returned by the entry symbol. Immutable, static
 * storage duration; the host reads it once at load time.
 */
typedef struct fi_plugin {
    size_t struct_size;  /* sizeof(fi_plugin) as compiled by the plugin */
    uint32_t abi_major;  /* FI_ABI_MAJOR the plugin was built with */
    uint32_t abi_minor;  /* FI_ABI_MINOR the plugin was built with */
    const char* name;    /* e.g. "csv" */
    const char* version; /* the plugin's own version, e.g. "1.0.0" */
    size_t importer_count;
    const fi_importer* const* importers; /* `importer_count` pointers */
} fi_plugin;

/* Signature of the entry symbol. Called once, under the host's load lock. */
typedef const fi_plugin* (*fi_plugin_entry_fn)(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FINIMPORT_PLUGIN_H */
