#pragma once
// Securities, per family: one family's file never names or describes a
// ticker another family sees.

#include "store/Tx.h"

#include <optional>
#include <string>

namespace finimport::store {

class SecurityStore {
public:
    explicit SecurityStore(Tx& s) : _s(s) {}

    // Within the family: ticker upper-cased; with a MIC: find-or-create (ticker, MIC); without:
    // the one with that ticker and no MIC, else the oldest with that ticker, else a new one
    // (docs/imports.md §6.2).
    std::string findOrCreate(const std::string& familyId, const std::string& ticker,
                             const std::string& mic,
                             const std::optional<std::string>& name = std::nullopt);

    // docs/decisions.md D60: the family's security with that key (CUSIP or ISIN); else one of that
    // ticker that has no key yet (it takes the key); else a new one with ticker, key and name.
    std::string findOrCreateByKey(const std::string& familyId, const std::string& key,
                                  const std::string& ticker,
                                  const std::optional<std::string>& name = std::nullopt);

private:
    Tx& _s;
};

} // namespace finimport::store
