/* The ExampleBank format's cells, dates and amounts: pure functions, no I/O (and so easy to test
 * and to fuzz). Strings are modified in place; results point into the line or into eb_row. */
#ifndef EXAMPLE_BANK_PARSE_H
#define EXAMPLE_BANK_PARSE_H

#include <stddef.h>

#define EB_MAX_CELLS 32 /* cells read per line; the rest of the line is ignored */
#define EB_MAX_ERRORS 3 /* date, amount, currency: one each at most */
#define EB_MESSAGE_SIZE 192

typedef struct eb_columns {
    int date, description, debit, credit, currency, status; /* cell index, -1 when absent */
} eb_columns;

typedef struct eb_error {
    const char* code;  /* "required", "invalid_date", "invalid_number", "invalid_currency" */
    const char* field; /* "date", "amount", "currency" */
    const char* raw;   /* the cell, or NULL */
    char message[EB_MESSAGE_SIZE];
} eb_error;

/* One data row as the transaction fields (records.md) want it. */
typedef struct eb_row {
    const char* date;          /* ISO, or the raw cell when it is not a date */
    const char* amount;        /* money in positive (credit - debit), or the raw cell */
    const char* signed_amount; /* the engine's sign (debit - credit); NULL when unparsed */
    const char* currency;      /* upper-cased cell, else the default currency (may be NULL) */
    int currency_given;        /* 1 when the row names its currency */
    const char* name;          /* the description, "Imported item" when blank */
    eb_error errors[EB_MAX_ERRORS];
    size_t error_count;
    char date_buffer[11], amount_buffer[32], signed_buffer[32], currency_buffer[4];
} eb_row;

int eb_is_blank(const char* text);
void eb_strip_bom(char* line);
/* Splits at ';' into at most EB_MAX_CELLS trimmed cells; returns their count (>= 1). */
size_t eb_split(char* line, char* cells[EB_MAX_CELLS]);
/* 1 when the header names Date, Description, Debit and Credit (case-insensitive). */
int eb_find_columns(char* const cells[], size_t count, eb_columns* columns);
int eb_is_pending(const eb_columns* columns, char* const cells[], size_t count);
void eb_parse_row(const eb_columns* columns, char* const cells[], size_t count,
                  const char* default_currency, eb_row* row);

#endif
