#pragma once
// The bank CSV the publish benchmarks upload (publish_bench on SQLite, publish_pg_bench on
// PostgreSQL), so that both backends are measured on the same file, and its JSON quoting.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace finimport::bench {

inline uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Three years of card and bank activity (date,name,amount,category,tags): 400 payees, 24
// categories, a few tags, and some same-day repeats (a row identical to an earlier one in the
// same file is not a duplicate).
inline std::string bankCsv(int rows, int seed) {
    std::string csv = "date,name,amount,category,tags\n";
    csv.reserve(static_cast<size_t>(rows) * 48);
    static const char* kCategories[] = {"Groceries", "Dining",   "Coffee",  "Transport", "Fuel",
                                        "Travel",    "Hotel",    "Movies",  "Music",     "Gym",
                                        "Health",    "Pharmacy", "Rent",    "Utilities", "Phone",
                                        "Internet",  "Gifts",    "Charity", "Taxes",     "Fees",
                                        "Savings",   "Income",   "Pets",    "Education"};
    static const char* kTags[] = {"", "", "", "work", "family", "work|trip"};
    for (int i = 0; i < rows; ++i) {
        uint64_t r = mix(static_cast<uint64_t>(seed) * 1000003ull + static_cast<uint64_t>(i));
        int dayOffset = static_cast<int>(r % 1095);
        int year = 2021 + dayOffset / 365, doy = dayOffset % 365;
        int month = doy / 31 + 1, day = doy % 28 + 1;
        if (month > 12) month = 12;
        long cents = static_cast<long>((r >> 20) % 50000) - 40000;
        char line[160];
        std::snprintf(line, sizeof line, "%04d-%02d-%02d,Payee %d,%s%ld.%02ld,%s,%s\n", year, month,
                      day, static_cast<int>((r >> 40) % 400), cents < 0 ? "-" : "",
                      std::labs(cents) / 100, std::labs(cents) % 100, kCategories[(r >> 12) % 24],
                      kTags[(r >> 50) % 6]);
        csv += line;
    }
    return csv;
}

// A bare statement (date,name,amount): one row a day over five years, no category or tag.
inline std::string plainCsv(int rows) {
    std::string csv = "date,name,amount\n";
    csv.reserve(static_cast<size_t>(rows) * 32);
    for (int i = 0; i < rows; ++i) {
        int day = i % 1800;
        int y = 2020 + day / 360, m = 1 + (day % 360) / 30, d = 1 + day % 28;
        char line[96];
        std::snprintf(line, sizeof line, "%04d-%02d-%02d,Row %d,%d.%02d\n", y, m, d, i,
                      1 + i % 5000, i % 100);
        csv += line;
    }
    return csv;
}

inline std::string jsonQuote(const std::string& s) {
    std::string out = "\"";
    out.reserve(s.size() + s.size() / 16 + 2);
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

} // namespace finimport::bench
