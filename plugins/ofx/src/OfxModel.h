// What the reader extracts from an OFX file: statements with their entries, and the SECLIST.
// Values are cleaned text (entities decoded, trimmed); empty elements are absent (docs/decisions.md
// D59).
#ifndef FINIMPORT_OFX_MODEL_H
#define FINIMPORT_OFX_MODEL_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace finimport::ofx {

// Leaves of one aggregate by key: the leaf name, prefixed by its nearest qualifying
// aggregate ("PAYEE/NAME", "SECID/UNIQUEID", "LEDGERBAL/BALAMT"). The first value wins.
class Fields {
public:
    std::optional<std::string_view> get(std::string_view key) const {
        for (const auto& [k, v] : items_)
            if (k == key) return std::string_view(v);
        return std::nullopt;
    }
    bool has(std::string_view key) const { return get(key).has_value(); }
    // False when the key was already there (first wins).
    bool add(std::string key, std::string value) {
        if (has(key)) return false;
        items_.emplace_back(std::move(key), std::move(value));
        return true;
    }
    std::size_t size() const noexcept { return items_.size(); }

private:
    std::vector<std::pair<std::string, std::string>> items_;
};

enum class StatementKind { Bank, CreditCard, Investment };

// The investment aggregates imported as entries (docs/decisions.md D60: BUYSTOCK ... SPLIT).
bool isInvestmentEntry(std::string_view name);

// Statements and entries: OFX never nests one in another of the same name, so a second start
// tag while one is open means the first lacked its end tag.
inline bool isRecordAggregate(std::string_view name) {
    return name == "STMTTRN" || name == "STMTRS" || name == "CCSTMTRS" || name == "INVSTMTRS" ||
           isInvestmentEntry(name);
}

struct Entry {
    std::string aggregate; // STMTTRN, BUYSTOCK, INCOME, INVBANKTRAN, ...
    Fields fields;
    std::uint64_t line = 0; // of its start tag
};

struct Statement {
    StatementKind kind = StatementKind::Bank;
    Fields fields; // CURDEF, BANKACCTFROM/ACCTID, LEDGERBAL/BALAMT, ...
    std::vector<Entry> entries;
    std::map<std::string, std::size_t> skipped; // investment aggregates not imported, by name
    std::uint64_t line = 0;
    std::size_t outsideList = 0; // STMTTRN outside its BANKTRANLIST (docs/decisions.md D93)
};

struct Security {
    std::string name;   // SECNAME
    std::string ticker; // TICKER
};

struct Document {
    std::vector<Statement> statements;
    std::map<std::string, Security> securities; // by UNIQUEID
    std::string statusMessage;                  // SONRS/STATUS/MESSAGE (for "no statement")
    std::uint64_t lastLine = 1;                 // the line where the input ended
};

} // namespace finimport::ofx

#endif // FINIMPORT_OFX_MODEL_H
