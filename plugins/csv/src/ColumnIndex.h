// Column resolution by normalised header (docs/imports.md §5.3, §12.12, docs/decisions.md D8).
#ifndef FINIMPORT_CSV_COLUMNINDEX_H
#define FINIMPORT_CSV_COLUMNINDEX_H

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::csv {

// docs/decisions.md D54: the 0-based column of a `#N` label (`^#[1-9][0-9]*$`), nullopt for a
// header name.
std::optional<std::size_t> positionOf(std::string_view label);

// A field's candidate columns, resolved once from its label and aliases so that each row costs
// index lookups only.
struct ColumnChoice {
    bool positional = false; // docs/decisions.md D54 `#N`: columns holds N-1, with no fallback
    std::vector<std::size_t> columns; // in order of preference
};

class ColumnIndex {
public:
    explicit ColumnIndex(const std::vector<std::string>& header);

    // "a, b" when two different headers normalise to the same key (the first such key), else
    // nullopt. Identical duplicates are allowed (the first wins); empty headers are ignored.
    std::optional<std::string> duplicates() const;

    // The column of a normalised key (the first one), or nullopt.
    std::optional<std::size_t> find(std::string_view normalizedKey) const;

    // A field's candidates, once per run: the label (when given) then each alias, each matched
    // by normalised header.
    ColumnChoice resolve(const std::optional<std::string>& label,
                         std::span<const std::string_view> aliases) const;
    // The field's cell in a row of trimmed cells (a DataRecord): the first candidate whose cell
    // is non-blank; "" when every candidate is blank or beyond a short row.
    static std::string_view trimmedCell(const ColumnChoice& choice,
                                        const std::vector<std::string_view>& row);

private:
    std::vector<std::string> header_;
    std::vector<std::string> keys_; // normalised, parallel to header_
};

} // namespace finimport::csv

#endif // FINIMPORT_CSV_COLUMNINDEX_H
