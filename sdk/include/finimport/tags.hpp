// Tag-list splitting of a CSV tag cell (splitTags: `,` or `|` between tags, `\,` `\|` `\\`
// escaped).
#ifndef FINIMPORT_TAGS_HPP
#define FINIMPORT_TAGS_HPP

#include "finimport/detail/ascii.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace finimport::sdk {

// The delimiter of a tag cell: "," if an unescaped "," occurs, else "|" if an unescaped "|"
// occurs, else ",". A backslash escapes the character after it.
inline char tagDelimiter(std::string_view cell) noexcept {
    bool pipe = false;
    for (std::size_t i = 0; i < cell.size(); ++i) {
        if (cell[i] == '\\') {
            ++i; // the escaped character never counts
        } else if (cell[i] == ',') {
            return ',';
        } else if (cell[i] == '|') {
            pipe = true;
        }
    }
    return pipe ? '|' : ',';
}

// Splits a tag cell: blank -> {""}; otherwise split on the delimiter above, where "\," "\|"
// and "\\" stand for the character itself, a backslash before anything else is kept with it,
// and a trailing lone backslash is kept. Pieces are trimmed; empty pieces remain.
inline std::vector<std::string> splitTags(std::string_view cell) {
    if (detail::trim(cell).empty()) return {std::string()};
    const char delimiter = tagDelimiter(cell);
    std::vector<std::string> tags;
    std::string piece;
    for (std::size_t i = 0; i < cell.size(); ++i) {
        const char c = cell[i];
        if (c == '\\') {
            if (i + 1 < cell.size() &&
                (cell[i + 1] == ',' || cell[i + 1] == '|' || cell[i + 1] == '\\')) {
                piece.push_back(cell[++i]);
            } else {
                piece.push_back(c); // kept, together with the next character if any
            }
        } else if (c == delimiter) {
            tags.emplace_back(detail::trim(piece));
            piece.clear();
        } else {
            piece.push_back(c);
        }
    }
    tags.emplace_back(detail::trim(piece));
    return tags;
}

} // namespace finimport::sdk

#endif // FINIMPORT_TAGS_HPP
