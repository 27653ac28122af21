#include "app/imports/TargetAccounts.h"

#include "domain/Text.h"

namespace finimport::app {

std::optional<store::AccountRow> TargetAccounts::of(const rows::Fields& row) {
    if (_import.accountId) {
        if (!_ownAccountLoaded) {
            _ownAccount = _accounts.byId(_import.familyId, *_import.accountId);
            _ownAccountLoaded = true;
        }
        return _ownAccount;
    }
    std::string name = domain::trim(row.text("account"));
    if (name.empty()) return std::nullopt;
    if (auto it = _byName.find(name); it != _byName.end()) return it->second;
    auto account = _accounts.byName(_import.familyId, name);
    if (_byName.size() < kCacheLimit) _byName.emplace(name, account);
    return account;
}

} // namespace finimport::app
