#pragma once
// Schema v19 (docs/decisions.md D185): a rule effect's attribute is stored as its index in this
// list. The names are in byte order, so ordering by the index orders by the name.
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>

namespace finimport::store {

inline constexpr const char* kEffectAttributes[] = {
    "category_id", "excluded", "investment_activity_label", "kind", "merchant_id",
    "name",        "tag_ids"};

// 0 for a name outside the list: it matches no stored effect.
inline int64_t effectAttributeCode(const std::string& name) {
    for (size_t i = 0; i < std::size(kEffectAttributes); ++i)
        if (name == kEffectAttributes[i]) return int64_t(i + 1);
    return 0;
}

inline std::string effectAttributeName(int64_t code) {
    if (code < 1 || code > int64_t(std::size(kEffectAttributes)))
        throw std::runtime_error("rule_effects: unknown attribute code " + std::to_string(code));
    return kEffectAttributes[code - 1];
}

} // namespace finimport::store
