// The parsed shape of a QIF file: sections (one per `!Type:` header) of records, each record a
// list of coded lines, plus the security list of `!Type:Security` blocks.
#ifndef FINIMPORT_QIF_MODEL_H
#define FINIMPORT_QIF_MODEL_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace finimport::qif {

// One split line group: S category, $ amount, % percent, E memo.
struct Split {
    std::string category, amount, percent, memo;
    bool hasAmount = false, hasPercent = false;
};

struct Record {
    std::uint64_t line = 0;             // physical line of its first coded line
    std::map<char, std::string> fields; // last value of each code wins
    std::vector<Split> splits;

    std::optional<std::string> get(char code) const {
        auto it = fields.find(code);
        if (it == fields.end()) return std::nullopt;
        return it->second;
    }
};

enum class SectionKind { Bank, Investment, Category, Tag, Security, Other };

struct Section {
    std::string typeName; // as written after `!Type:`, trimmed
    SectionKind kind = SectionKind::Other;
    std::string accountName; // from the `!Account` block before it; "" when none
    std::uint64_t line = 0;
    std::vector<Record> records;
};

struct QifFile {
    std::vector<Section> sections;
    std::map<std::string, std::string> tickers; // security name → symbol
};

// Parses UTF-8 QIF text (any line endings). Throws finimport::Fatal when there is no
// `!Type:` header at all.
QifFile parseQif(const std::string& text);

// docs/imports.md §6.10 date normalisation (apostrophe years, padded spaces, 2-digit years).
std::string normalizeQifDate(std::string_view raw, int currentYear);

} // namespace finimport::qif

#endif // FINIMPORT_QIF_MODEL_H
