#include "domain/Uuid.h"

#include <cctype>

namespace finimport::domain {

bool isUuid(std::string_view t) {
    if (t.size() != 36) return false;
    for (size_t i = 0; i < t.size(); ++i) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (t[i] != '-') return false;
        } else if (!std::isxdigit(static_cast<unsigned char>(t[i]))) {
            return false;
        }
    }
    return true;
}

std::optional<std::string> canonicalUuid(std::string_view t) {
    if (!isUuid(t)) return std::nullopt;
    std::string out(t);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace finimport::domain
