#include "example_bank_parse.h"

#include <stdio.h>
#include <string.h>

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

static int is_digit(char c) {
    return c >= '0' && c <= '9';
}

static char lower(char c) {
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static int equals_ignore_case(const char* a, const char* b) {
    while (*a != '\0' && lower(*a) == lower(*b)) {
        ++a;
        ++b;
    }
    return lower(*a) == lower(*b);
}

int eb_is_blank(const char* text) {
    while (is_space(*text))
        ++text;
    return *text == '\0';
}

void eb_strip_bom(char* line) {
    if (strncmp(line, "\xEF\xBB\xBF", 3) == 0) memmove(line, line + 3, strlen(line + 3) + 1);
}

static char* trim(char* text) {
    while (is_space(*text))
        ++text;
    size_t n = strlen(text);
    while (n > 0 && is_space(text[n - 1]))
        text[--n] = '\0';
    return text;
}

size_t eb_split(char* line, char* cells[EB_MAX_CELLS]) {
    size_t count = 0;
    char* start = line;
    for (char* p = line;; ++p) {
        if (*p != ';' && *p != '\0') continue;
        const int end = *p == '\0';
        *p = '\0';
        cells[count++] = trim(start);
        if (end || count == EB_MAX_CELLS) break;
        start = p + 1;
    }
    return count;
}

int eb_find_columns(char* const cells[], size_t count, eb_columns* c) {
    c->date = c->description = c->debit = c->credit = c->currency = c->status = -1;
    for (size_t i = 0; i < count; ++i) {
        int* slot = equals_ignore_case(cells[i], "date")          ? &c->date
                    : equals_ignore_case(cells[i], "description") ? &c->description
                    : equals_ignore_case(cells[i], "debit")       ? &c->debit
                    : equals_ignore_case(cells[i], "credit")      ? &c->credit
                    : equals_ignore_case(cells[i], "currency")    ? &c->currency
                    : equals_ignore_case(cells[i], "status")      ? &c->status
                                                                  : NULL;
        if (slot != NULL && *slot < 0) *slot = (int)i; /* the first of duplicates wins */
    }
    return c->date >= 0 && c->description >= 0 && c->debit >= 0 && c->credit >= 0;
}

static const char* cell(char* const cells[], size_t count, int index) {
    return index >= 0 && (size_t)index < count ? cells[index] : "";
}

int eb_is_pending(const eb_columns* columns, char* const cells[], size_t count) {
    return equals_ignore_case(cell(cells, count, columns->status), "pending");
}

/* Appends a row error and returns its message buffer (EB_MESSAGE_SIZE bytes) to write into. */
static char* add_error(eb_row* row, const char* code, const char* field, const char* raw) {
    eb_error* e = &row->errors[row->error_count++];
    e->code = code;
    e->field = field;
    e->raw = raw;
    return e->message;
}

static int days_in_month(int year, int month) {
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : days[month - 1];
}

/* DD.MM.YYYY -> YYYY-MM-DD; 0 when the text is not such a date. */
static int parse_date(const char* text, char out[11]) {
    if (strlen(text) != 10 || text[2] != '.' || text[5] != '.') return 0;
    for (int i = 0; i < 10; ++i)
        if (i != 2 && i != 5 && !is_digit(text[i])) return 0;
    const int day = (text[0] - '0') * 10 + (text[1] - '0');
    const int month = (text[3] - '0') * 10 + (text[4] - '0');
    const int year =
        ((text[6] - '0') * 10 + (text[7] - '0')) * 100 + (text[8] - '0') * 10 + (text[9] - '0');
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > days_in_month(year, month))
        return 0;
    /* The digits are checked: copy them in ISO order (no printf width guessing). */
    const char iso[11] = {text[6], text[7], text[8], text[9], '-', text[3],
                          text[4], '-',     text[0], text[1], '\0'};
    memcpy(out, iso, sizeof iso);
    return 1;
}

enum { AMOUNT_OK, AMOUNT_FORMAT, AMOUNT_PLACES, AMOUNT_RANGE };

/* A magnitude "1.234,56" (thousands dots optional, decimal comma, at most 8 places, at most
 * 92,233,720,368 so that it fits the engine's 64-bit amounts) -> "1234.56". */
static int parse_magnitude(const char* text, char out[24]) {
    char digits[32];
    size_t n = 0, group = 0;
    int dots = 0;
    const char* p = text;
    for (; is_digit(*p) || *p == '.'; ++p) {
        if (*p == '.') {
            if (group == 0 || (dots == 0 ? group > 3 : group != 3)) return AMOUNT_FORMAT;
            ++dots;
            group = 0;
            continue;
        }
        if (n == 20) return AMOUNT_RANGE;
        digits[n++] = *p;
        ++group;
    }
    if (n == 0 || (dots > 0 && group != 3)) return AMOUNT_FORMAT;
    size_t places = 0;
    char fraction[16];
    if (*p == ',') {
        for (++p; is_digit(*p); ++p) {
            if (places == 8) return AMOUNT_PLACES;
            fraction[places++] = *p;
        }
        if (places == 0) return AMOUNT_FORMAT;
    }
    if (*p != '\0') return AMOUNT_FORMAT;
    size_t first = 0;
    while (first + 1 < n && digits[first] == '0')
        ++first;
    const size_t width = n - first;
    if (width > 11 || (width == 11 && memcmp(digits + first, "92233720368", 11) > 0))
        return AMOUNT_RANGE;
    memcpy(out, digits + first, width);
    size_t length = width;
    if (places > 0) {
        out[length++] = '.';
        memcpy(out + length, fraction, places);
        length += places;
    }
    out[length] = '\0';
    return AMOUNT_OK;
}

static int is_zero(const char* decimal) {
    for (; *decimal != '\0'; ++decimal)
        if (*decimal != '0' && *decimal != '.') return 0;
    return 1;
}

static void parse_amount(const char* debit, const char* credit, eb_row* row) {
    row->signed_amount = NULL;
    if (*debit == '\0' && *credit == '\0') {
        row->amount = "";
        snprintf(add_error(row, "required", "amount", NULL), EB_MESSAGE_SIZE,
                 "Debit or Credit is required");
        return;
    }
    if (*debit != '\0' && *credit != '\0') {
        row->amount = debit;
        snprintf(add_error(row, "invalid_number", "amount", debit), EB_MESSAGE_SIZE,
                 "Only one of Debit and Credit may have a value");
        return;
    }
    const int is_debit = *debit != '\0';
    const char* raw = is_debit ? debit : credit;
    const char* label = is_debit ? "Debit" : "Credit";
    char magnitude[24]; /* at most 11 digits, the comma and 8 places */
    const int result = parse_magnitude(raw, magnitude);
    if (result != AMOUNT_OK) {
        row->amount = raw;
        /* Cells can be long: a message quotes at most 64 bytes of one. */
        char* message = add_error(row, "invalid_number", "amount", raw);
        if (result == AMOUNT_PLACES)
            snprintf(message, EB_MESSAGE_SIZE, "%s has more than 8 decimal places", label);
        else if (result == AMOUNT_RANGE)
            snprintf(message, EB_MESSAGE_SIZE, "%s \"%.64s\" is out of range", label, raw);
        else
            snprintf(message, EB_MESSAGE_SIZE, "%s \"%.64s\" is not an amount like 1.234,56", label,
                     raw);
        return;
    }
    /* Money in (credit) is positive in `amount` and negative in the engine's signed_amount. */
    const int negate_amount = is_debit && !is_zero(magnitude);
    const int negate_signed = !is_debit && !is_zero(magnitude);
    snprintf(row->amount_buffer, sizeof row->amount_buffer, "%s%s", negate_amount ? "-" : "",
             magnitude);
    snprintf(row->signed_buffer, sizeof row->signed_buffer, "%s%s", negate_signed ? "-" : "",
             magnitude);
    row->amount = row->amount_buffer;
    row->signed_amount = row->signed_buffer;
}

void eb_parse_row(const eb_columns* columns, char* const cells[], size_t count,
                  const char* default_currency, eb_row* row) {
    memset(row, 0, sizeof *row);
    const char* date = cell(cells, count, columns->date);
    if (*date == '\0') {
        row->date = "";
        snprintf(add_error(row, "required", "date", NULL), EB_MESSAGE_SIZE, "Date is required");
    } else if (parse_date(date, row->date_buffer)) {
        row->date = row->date_buffer;
    } else {
        row->date = date;
        snprintf(add_error(row, "invalid_date", "date", date), EB_MESSAGE_SIZE,
                 "Date \"%.64s\" is not a date like 31.12.2024", date);
    }

    parse_amount(cell(cells, count, columns->debit), cell(cells, count, columns->credit), row);

    const char* currency = cell(cells, count, columns->currency);
    row->currency_given = *currency != '\0';
    row->currency = default_currency;
    if (row->currency_given) {
        int letters = strlen(currency) == 3;
        for (int i = 0; letters && i < 3; ++i) {
            const char c = currency[i];
            letters = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            row->currency_buffer[i] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
        }
        row->currency = letters ? row->currency_buffer : currency;
        if (!letters)
            snprintf(add_error(row, "invalid_currency", "currency", currency), EB_MESSAGE_SIZE,
                     "Currency \"%.64s\" is not a three-letter ISO 4217 code", currency);
    }

    const char* name = cell(cells, count, columns->description);
    row->name = *name != '\0' ? name : "Imported item";
}
