#pragma once
// Bounds on problem lists a user reads (docs/decisions.md D65): a list holds at
// most 1,000 messages plus one count line; a row keeps at most 10 messages. Capped while the
// list is built, so a hostile file cannot make the server hold millions of messages.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace finimport::app {

inline constexpr size_t kListedMessagesMax = 1000;
inline constexpr size_t kRowMessagesMax = 10;

// Appends `item` while `list` is under `cap`, else counts it in `notListed`.
template <class T>
void pushCapped(std::vector<T>& list, int64_t& notListed, T item, size_t cap = kListedMessagesMax) {
    if (list.size() < cap)
        list.push_back(std::move(item));
    else
        ++notListed;
}

// "N more errors not listed." (the count line after a capped list of `what`).
inline std::string notListedLine(int64_t count, const std::string& what) {
    return std::to_string(count) + " more " + what + " not listed.";
}

} // namespace finimport::app
