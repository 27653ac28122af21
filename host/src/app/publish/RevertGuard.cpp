#include "app/publish/RevertGuard.h"

#include "store/RevertQueries.h"

namespace finimport::app {

std::string RevertDependants::message() const {
    std::string list;
    for (const auto& id : importIds)
        list += (list.empty() ? "" : ", ") + std::string("import ") + id;
    if (api) list += (list.empty() ? "" : ", ") + std::string("records created through the API");
    return "Import cannot be reverted because other data depends on it: " + list + ".";
}

RevertDependants revertDependants(store::Tx& s, const std::string& importId) {
    RevertDependants out;
    for (const auto& owner : store::revertDependantOwners(s, importId)) {
        if (owner.empty())
            out.api = true;
        else
            out.importIds.insert(owner);
    }
    return out;
}

} // namespace finimport::app
