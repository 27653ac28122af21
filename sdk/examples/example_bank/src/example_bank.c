/*
 * ExampleBankImport: a finimport plugin in plain C11 against the public header only.
 *
 * Input: a semicolon-separated export with a header row naming Date, Description, Debit and
 * Credit (any order, any case), optionally Currency and Status:
 *
 *     Date;Description;Debit;Credit;Currency;Status
 *     05.01.2024;Coffee shop;3,50;;EUR;booked
 *
 * Dates are DD.MM.YYYY, amounts are magnitudes with a decimal comma and optional "." thousands
 * groups ("1.234,56"). Output: a "header" record, then one "transaction" record per data row
 * (records.md). Option skip_pending leaves out rows whose Status is "pending". A file
 * without that header is a fatal error with the code invalid_examplebank.
 */
#include <finimport/plugin.h>

#include <stdio.h>
#include <string.h>

#include "example_bank_parse.h"
#include "finimport_manifest.h" /* generated from manifest.json by finimport_add_plugin() */

/* The TransactionImport fields of records.md. */
static const char* const kTransactionFields[] = {
    "account", "date",  "amount",      "currency",      "name",          "category",
    "tags",    "notes", "entity_type", "signed_amount", "currency_given"};

/* Bounds: every input has one. */
#define EB_MAX_LINE 4096 /* bytes of one line, line break excluded */

static const char* option(const fi_options* options, const char* name) {
    if (options == NULL || options->items == NULL) return NULL;
    for (size_t i = 0; i < options->count; ++i)
        if (options->items[i].name != NULL && strcmp(options->items[i].name, name) == 0)
            return options->items[i].value;
    return NULL;
}

/* The reader state of one run (no globals: runs may be concurrent). */
typedef struct eb_input {
    const fi_io* io;
    char chunk[4096];
    size_t chunk_size, chunk_pos;
    int ended;     /* 1 at the end of the input, -1 after a read error */
    uint64_t line; /* physical line number of the last line returned */
} eb_input;

/* Reads one line (without its LF or CRLF) into `out`. Returns 1 with a line, 0 at the end,
 * -1 on a read error, -2 when the line exceeds EB_MAX_LINE, -3 on a NUL byte. */
static int next_line(eb_input* in, char out[EB_MAX_LINE + 1], size_t* length) {
    size_t n = 0;
    int any = 0;
    for (;;) {
        if (in->chunk_pos == in->chunk_size) {
            if (in->ended) break;
            const int64_t got = in->io->read(in->io->host, in->chunk, sizeof in->chunk);
            if (got < 0) return in->ended = -1, -1;
            if (got == 0) {
                in->ended = 1;
                break;
            }
            in->chunk_size = (size_t)got;
            in->chunk_pos = 0;
        }
        const char c = in->chunk[in->chunk_pos++];
        any = 1;
        if (c == '\n') break;
        if (c == '\0') return -3;
        if (n == EB_MAX_LINE) return -2;
        out[n++] = c;
    }
    if (!any) return 0;
    if (n > 0 && out[n - 1] == '\r') --n;
    out[n] = '\0';
    *length = n;
    ++in->line;
    return 1;
}

static fi_run_status fatal(const fi_io* io, const char* reason, uint64_t line) {
    char message[256];
    snprintf(message, sizeof message, "The ExampleBank file could not be parsed: %s (line %llu)",
             reason, (unsigned long long)line);
    fi_io_fail(io, "invalid_examplebank", message);
    return FI_RUN_FAILED;
}

static fi_run_status line_problem(const fi_io* io, int code, uint64_t line) {
    if (code == -1) return fatal(io, "the input could not be read", line);
    if (code == -2) return fatal(io, "a line is longer than 4096 bytes", line);
    return fatal(io, "the file contains a NUL byte", line);
}

/* Emits one data row and its errors; returns non-zero when the host asked to stop. */
static int emit_row(const fi_io* io, const eb_columns* columns, char* cells[], size_t count,
                    const char* default_currency, uint64_t record, uint64_t line) {
    eb_row row;
    eb_parse_row(columns, cells, count, default_currency, &row);
    /* In kTransactionFields order. */
    const char* values[] = {"",
                            row.date,
                            row.amount,
                            row.currency,
                            row.name,
                            "",
                            "",
                            "",
                            "",
                            row.signed_amount,
                            row.currency_given ? "true" : "false"};
    const fi_location where = {sizeof(fi_location), record, line, NULL};
    if (io->row(io->host, values, sizeof values / sizeof values[0], &where)) return 1;
    for (size_t i = 0; i < row.error_count; ++i) {
        const eb_error* e = &row.errors[i];
        if (io->row_error(io->host, e->code, &where, e->field, e->message, e->raw)) return 1;
    }
    return 0;
}

static fi_run_status run(const fi_options* options, const fi_io* io) {
    const char* skip = option(options, "skip_pending");
    const int skip_pending = skip != NULL && strcmp(skip, "true") == 0;
    const char* default_currency = option(options, "default_currency");

    eb_input in;
    memset(&in, 0, sizeof in);
    in.io = io;
    char line[EB_MAX_LINE + 1];
    size_t length = 0;
    char* cells[EB_MAX_CELLS];

    /* The header: the first non-blank line. */
    int got;
    while ((got = next_line(&in, line, &length)) == 1 && eb_is_blank(line))
        ;
    if (got < 0) return line_problem(io, got, in.line + 1);
    if (got == 0) return fatal(io, "the file is empty", in.line > 0 ? in.line : 1);
    eb_strip_bom(line);
    size_t count = eb_split(line, cells);
    eb_columns columns;
    if (!eb_find_columns(cells, count, &columns))
        return fatal(io, "the header must name the columns Date, Description, Debit and Credit",
                     in.line);
    if (io->begin(io->host, "header", (const char* const*)cells, count)) return FI_RUN_STOPPED;
    const fi_location header = {sizeof(fi_location), 0, in.line, NULL};
    if (io->row(io->host, (const char* const*)cells, count, &header)) return FI_RUN_STOPPED;

    if (io->begin(io->host, "transaction", kTransactionFields, 11)) return FI_RUN_STOPPED;
    uint64_t record = 0;
    while ((got = next_line(&in, line, &length)) == 1) {
        if (eb_is_blank(line)) continue;
        count = eb_split(line, cells);
        if (skip_pending && eb_is_pending(&columns, cells, count)) continue;
        if (emit_row(io, &columns, cells, count, default_currency, ++record, in.line))
            return FI_RUN_STOPPED;
    }
    if (got < 0) return line_problem(io, got, in.line + 1);
    return FI_RUN_OK;
}

/* Sure from the header line: it names Debit and Credit and uses semicolons. */
static fi_probe_result probe(const char* head, size_t head_size, const char* filename) {
    (void)filename;
    char line[512];
    size_t n = 0;
    while (n < head_size && n < sizeof line - 1 && head[n] != '\n' && head[n] != '\0') {
        line[n] = head[n];
        ++n;
    }
    line[n] = '\0';
    eb_strip_bom(line);
    char* cells[EB_MAX_CELLS];
    eb_columns columns;
    const size_t count = eb_split(line, cells);
    return count > 1 && eb_find_columns(cells, count, &columns) ? FI_PROBE_YES : FI_PROBE_NO;
}

static const fi_importer kImporter = {
    sizeof(fi_importer),
    "example_bank.transactions",
    finimport_manifest_types,
    finimport_manifest_json,
    probe,
    run,
};
static const fi_importer* const kImporters[] = {&kImporter};
static const fi_plugin kPlugin = {
    sizeof(fi_plugin), FI_ABI_MAJOR, FI_ABI_MINOR, "example_bank", "1.0.0", 1, kImporters,
};

FI_EXPORT const fi_plugin* finimport_plugin_entry_v1(void) {
    return &kPlugin;
}
