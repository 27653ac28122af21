/*
 * finimport plugin ABI, version 1.2 (C11).
 *
 * A plugin is a shared object exporting one function, finimport_plugin_entry_v1
 * (FINIMPORT_ENTRY_SYMBOL, prototype below), that returns a static descriptor
 * of the importers it provides. The host loads plugins once, keeps them loaded
 * for the life of the process and never calls into a plugin after unloading
 * it. The records a plugin emits (kinds, fields, value formats) are listed in
 * records.md of the SDK documentation, installed as
 * /usr/share/doc/finimport-sdk-dev/records.md: that page is part of this
 * contract.
 *
 * Versioning
 *   - The major version is part of the symbol name: a v2 ABI would export
 *     finimport_plugin_entry_v2. A host refuses a plugin whose abi_major
 *     differs from its own and one whose abi_minor is newer than its own.
 *   - Every struct starts with `struct_size`. Structs only ever grow at the
 *     end; a reader checks struct_size before touching a field added in a
 *     later minor version (FI_HAS_FIELD below).
 *   - Only fixed-width integer types cross the boundary; the FI_* constants
 *     are plain integers. 1.1 replaced the 1.0 enum typedefs by int32_t
 *     typedefs of the same size and values, so 1.0 plugins load unchanged.
 *   - Changes in 1.1: `fi_io.fail` (a fatal error with a stable code), the
 *     optional symbol finimport_row_checks_v1 (re-checks one edited record),
 *     the entry-point prototype, int32_t instead of enums and int in
 *     signatures.
 *   - Changes in 1.2: `fi_io.row_sized` (a record whose values carry their
 *     lengths, so they need no NUL terminator).
 *
 * Strings
 *   All strings are NUL-terminated UTF-8. A NULL `const char*` value means
 *   "absent" (JSON null); "" means "present and empty".
 *
 * Ownership and lifetime (repeated at every pointer below)
 *   - What the plugin returns from the entry point (descriptor, importers,
 *     ids, types, manifests) has static storage duration and is immutable.
 *   - What the host passes into `run` (options, io and what they point to) is
 *     host-owned and valid only until `run` returns.
 *   - What the plugin passes into a callback (strings, arrays, locations) is
 *     plugin-owned and borrowed for the duration of that call only: the host
 *     copies what it keeps.
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
 *   installs a barrier). A problem with one record is reported with
 *   `io->row_error` and the run continues. A fatal problem with the whole
 *   input is reported once, with `io->fail` (1.1: a stable code and a
 *   sentence; the host answers 422 with both) or `io->set_error` (1.0: a
 *   sentence only; the host derives the code from the manifest's format),
 *   and `run` returns FI_RUN_FAILED. fi_io_fail() below does the right thing
 *   on both host versions.
 */
#ifndef FINIMPORT_PLUGIN_H
#define FINIMPORT_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FI_ABI_MAJOR 1
#define FI_ABI_MINOR 2

/* The name of the one exported entry symbol of ABI major version 1. */
#define FINIMPORT_ENTRY_SYMBOL "finimport_plugin_entry_v1"

#if defined(_WIN32)
#define FI_EXPORT __declspec(dllexport)
#else
#define FI_EXPORT __attribute__((visibility("default")))
#endif

/* True when a struct of `type` received from the other side (its first
 * member is `struct_size`) is large enough to hold `field`: check before
 * reading a field added in a later minor version, e.g.
 * FI_HAS_FIELD(fi_io, io, fail). */
#define FI_HAS_FIELD(type, ptr, field)                                                             \
    ((ptr)->struct_size >= offsetof(type, field) + sizeof((ptr)->field))

/* Answer of `probe`: how sure the importer is that it can read a file. */
typedef int32_t fi_probe_result;
#define FI_PROBE_NO 0
#define FI_PROBE_MAYBE 1
#define FI_PROBE_YES 2

/* Severity of a `log` line. */
typedef int32_t fi_log_level;
#define FI_LOG_DEBUG 0
#define FI_LOG_INFO 1
#define FI_LOG_WARNING 2
#define FI_LOG_ERROR 3

/* Return value of `run`. */
typedef int32_t fi_run_status;
#define FI_RUN_OK 0      /* every record was passed to the host */
#define FI_RUN_FAILED 1  /* fatal error, reported with io->fail or io->set_error */
#define FI_RUN_STOPPED 2 /* a callback asked to stop (non-zero return) */

/*
 * One option of a run: a name declared in the importer's manifest and its
 * value as text (numbers and booleans as their JSON text). The host also
 * passes "type" (the import type being run) and "default_currency".
 * Ownership: host-owned, valid only during the `run` call.
 */
typedef struct fi_option {
    const char* name;  /* host-owned, valid during `run`; never NULL */
    const char* value; /* host-owned, valid during `run`; NULL when the option is absent */
} fi_option;

typedef struct fi_options {
    size_t struct_size;     /* sizeof(fi_options) as compiled by the host */
    size_t count;           /* number of items */
    const fi_option* items; /* host-owned array of `count` items, valid during `run` */
} fi_options;

/*
 * Where a record came from, for messages and for row numbering.
 * Ownership: plugin-owned; borrowed for one callback, the host copies it.
 */
typedef struct fi_location {
    size_t struct_size;  /* sizeof(fi_location) as compiled by the sender */
    uint64_t record;     /* 1-based record (row) number within the import; 0 for a header */
    uint64_t line;       /* 1-based physical line of the record's start, 0 if unknown */
    const char* section; /* borrowed for the call; section or account name (QIF), NULL if none */
} fi_location;

/*
 * Host services for one run. The host owns this struct and everything it
 * points to; it is valid only during the `run` call that received it and must
 * be used only from that thread. Every function receives `host` as its first
 * argument. A callback returning non-zero asks the plugin to stop: the plugin
 * should return FI_RUN_STOPPED promptly without further callbacks.
 */
typedef struct fi_io {
    size_t
        struct_size; /* sizeof(fi_io) as compiled by the host: 64 for 1.0, 72 for 1.1, 80 for 1.2 */
    void* host;      /* host-owned opaque state, valid during `run`; pass it back as is */

    /* Reads up to `capacity` bytes of the input into `buffer` (plugin-owned,
     * at least `capacity` bytes). Returns the number of bytes read, 0 at the
     * end of the input, or -1 on a read error. Text inputs arrive as UTF-8
     * (the host detected and transcoded the charset and removed one leading
     * BOM; a plugin still drops a BOM it meets, since a file may carry two or
     * another caller may pass raw bytes). Binary inputs (manifest
     * "binary": true) arrive as uploaded. */
    int64_t (*read)(void* host, char* buffer, size_t capacity);

    /* Declares the kind and field names of the records that follow, e.g.
     * kind "transaction" with fields {"date","amount","name",...} (the
     * vocabulary is in records.md). May be called again to switch kinds.
     * `record_kind` and `field_names` (an array of `field_count` non-NULL
     * strings) are plugin-owned, borrowed for the call. */
    int32_t (*begin)(void* host, const char* record_kind, const char* const* field_names,
                     size_t field_count);

    /* Emits one record of the current kind. `values` holds `value_count`
     * entries (the field count of the last `begin`), each NULL (absent) or a
     * canonical text: ISO dates (YYYY-MM-DD), plain decimals ("-1234.56",
     * at most 8 fraction digits), upper-case ISO 4217 codes. Signs: a
     * transaction's `amount` is written as the file shows it (banks: positive
     * = money in), its `signed_amount` in the engine's convention (positive =
     * money out); records.md gives the rule per kind. A field that could not
     * be parsed carries its raw source text and a `row_error` naming it.
     * `values`, its strings and `location` are plugin-owned, borrowed for
     * the call. */
    int32_t (*row)(void* host, const char* const* values, size_t value_count,
                   const fi_location* location);

    /* Reports a problem with one record. `location->record` names the record
     * (emitted before or after this call). `code` is a stable machine code
     * ("invalid_number", "invalid_date", ...), `field` the field name or NULL,
     * `message` a full sentence ("Amount \"1.234,56\" does not match the number
     * format 1,234.56"), `raw` the offending source text or NULL. Every
     * pointer is plugin-owned, borrowed for the call. */
    int32_t (*row_error)(void* host, const char* code, const fi_location* location,
                         const char* field, const char* message, const char* raw);

    /* 1.0: reports a fatal error for the whole input without a code (the
     * first fatal error wins). `message` is plugin-owned, borrowed for the
     * call. Prefer fi_io_fail(). */
    void (*set_error)(void* host, const char* message);

    /* Writes one log line at an FI_LOG_* level. Never pass secrets or whole
     * records. `message` is plugin-owned, borrowed for the call. */
    void (*log)(void* host, int32_t level, const char* message);

    /* --- 1.1: present when FI_HAS_FIELD(fi_io, io, fail) --- */

    /* Reports a fatal error for the whole input with a stable code (the
     * first fatal error wins): `code` is 1-64 characters of [a-z0-9_], e.g.
     * "invalid_examplebank" (`invalid_<format>`), "unsupported_version",
     * "encrypted"; `message` a full sentence shown to the user, e.g. "The
     * ExampleBank file could not be parsed: ... (line 3)". The host answers
     * 422 {"error": code, "message": message}. An invalid code breaks the
     * contract (the run fails with a host message). Both strings are
     * plugin-owned, borrowed for the call. */
    void (*fail)(void* host, const char* code, const char* message);

    /* --- 1.2: present when FI_HAS_FIELD(fi_io, io, row_sized) and not NULL --- */

    /* `row` with the length of each value: values[i] is NULL (absent;
     * sizes[i] is not read) or points at sizes[i] bytes that need no NUL
     * terminator, so a plugin can pass views into its own buffers (a cell of
     * the line it read) without copying them. A NUL byte inside a value ends
     * it, as it would in `row`. Values, answer and the rules on them are those
     * of `row`. `values`, `sizes`, the bytes and `location` are plugin-owned,
     * borrowed for the call. */
    int32_t (*row_sized)(void* host, const char* const* values, const size_t* sizes,
                         size_t value_count, const fi_location* location);
} fi_io;

/* io->fail when the host has it (1.1), else io->set_error(message) (1.0). */
static inline void fi_io_fail(const fi_io* io, const char* code, const char* message) {
    if (FI_HAS_FIELD(fi_io, io, fail) && io->fail != NULL)
        io->fail(io->host, code, message);
    else
        io->set_error(io->host, message);
}

/*
 * One importer. Immutable, static storage duration inside the plugin.
 */
typedef struct fi_importer {
    size_t struct_size; /* sizeof(fi_importer) as compiled by the plugin */
    const char* id;     /* static, plugin-owned; unique, e.g. "csv.transactions" */
    /* static, plugin-owned NULL-terminated list of the import types served,
     * e.g. {"TransactionImport", NULL} */
    const char* const* types;
    /* static, plugin-owned JSON object (plugin-manifest.schema.json of the SDK documentation):
     * options, media types, extensions, binary. finimport_add_plugin(MANIFEST
     * manifest.json) embeds the file at build time (finimport_manifest.h). */
    const char* manifest_json;

    /* Decides from the first bytes (`head`: host-owned, at most 4096 bytes,
     * not NUL-terminated, valid during the call) and the file name (host-owned,
     * may be NULL) whether this importer can read the input. Returns an
     * FI_PROBE_* value. Pure; may be called from any thread. */
    fi_probe_result (*probe)(const char* head, size_t head_size, const char* filename);

    /* Reads the whole input through `io` and emits its records. Returns an
     * FI_RUN_* value. Must not throw; must not keep `options` or `io` (both
     * host-owned, valid only during the call). */
    fi_run_status (*run)(const fi_options* options, const fi_io* io);
} fi_importer;

/*
 * The plugin descriptor returned by the entry symbol. Immutable, static
 * storage duration; the host reads it once at load time.
 */
typedef struct fi_plugin {
    size_t struct_size;  /* sizeof(fi_plugin) as compiled by the plugin */
    uint32_t abi_major;  /* FI_ABI_MAJOR the plugin was built with */
    uint32_t abi_minor;  /* FI_ABI_MINOR the plugin was built with */
    const char* name;    /* static, plugin-owned; e.g. "csv" */
    const char* version; /* static, plugin-owned; the plugin's own version, e.g. "1.0.0" */
    size_t importer_count;
    const fi_importer* const* importers; /* static, plugin-owned: `importer_count` pointers */
} fi_plugin;

/*
 * 1.1, optional: single-record checks for row edits.
 *
 * A user may edit a stored record before publishing (PATCH
 * /api/v1/imports/{id}/rows/{n}). Only the plugin knows how its format turns
 * field text into values (signs, scaling, derived fields), so a plugin may
 * export a second symbol, finimport_row_checks_v1 (FINIMPORT_ROW_CHECKS_SYMBOL),
 * listing a check function per importer. The host looks it up once at load
 * time; a plugin without it (every 1.0 plugin) loads unchanged, and the host
 * then applies the generic rule of row-checks.md to its edited rows.
 * Adding the symbol changes no struct of 1.0.
 */
#define FINIMPORT_ROW_CHECKS_SYMBOL "finimport_row_checks_v1"

/* Checks ONE record again with the rules `run` applies to a record of the
 * file. `record_kind` is the record's kind as `begin` declared it at upload.
 * `options` are the import's run options (what `run` received, `auto` values
 * replaced by what the upload chose). `fields` is the record by field name
 * (fi_option: name = field, value = text, NULL when absent): the stored
 * values with the edited ones replaced by the user's text, in the canonical
 * forms of records.md (ISO dates, plain decimals with '.', the file's sign).
 * The function calls io->begin once (`record_kind`, its field names), io->row
 * once (location->record 1) with the record's values, derived ones such as
 * signed_amount computed again, and io->row_error (record 1) for each problem
 * of the record; io->read returns 0 (there is no input). It returns an
 * FI_RUN_* value; a record it cannot check is a fatal error (fi_io_fail). The
 * host then replaces the emitted fields and all the record's row errors by
 * what it sent. Must not throw. `record_kind`, `options`, `fields`, `io` and
 * what they point to are host-owned, valid only during the call. Threading
 * as `run`: any host thread, no mutable global state. */
typedef fi_run_status (*fi_check_row_fn)(const char* record_kind, const fi_options* options,
                                         const fi_options* fields, const fi_io* io);

/* One importer's check. Static storage duration, immutable, plugin-owned. */
typedef struct fi_row_check {
    size_t struct_size;        /* sizeof(fi_row_check) as compiled by the plugin */
    const char* importer_id;   /* static, plugin-owned; an fi_importer::id of this plugin */
    fi_check_row_fn check_row; /* never NULL */
} fi_row_check;

/* What finimport_row_checks_v1 returns. Static storage duration, immutable,
 * plugin-owned; an importer not listed has no check. */
typedef struct fi_row_checks {
    size_t struct_size; /* sizeof(fi_row_checks) as compiled by the plugin */
    size_t count;
    const fi_row_check* const* items; /* static, plugin-owned: `count` pointers */
} fi_row_checks;

/* Signature of the optional row-checks symbol. Called once, under the host's
 * load lock, after the entry point; returns the same pointer on every call. */
typedef const fi_row_checks* (*fi_row_checks_fn)(void);

/* Signature of the entry symbol. Called once, under the host's load lock. */
typedef const fi_plugin* (*fi_plugin_entry_fn)(void);

/* The entry point every plugin defines (exported with FI_EXPORT): returns its
 * static descriptor, the same pointer on every call. */
FI_EXPORT const fi_plugin* finimport_plugin_entry_v1(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FINIMPORT_PLUGIN_H */
