#pragma once
// Lookups shared by the family's named records (accounts, categories, tags, merchants): by id
// within a family, by name, and the names a family already holds.

#include "store/SqlRow.h"
#include "store/Tx.h"

#include <optional>
#include <set>
#include <string>

namespace finimport::store {

enum class NamedTable { Accounts, Categories, Tags, Merchants };

// The record's name when `id` is a record of `familyId` (a foreign id answers nullopt).
std::optional<std::string> nameInFamily(Tx& s, NamedTable table, const std::string& id,
                                        const std::string& familyId);
// True when `id` is a record of `familyId`.
bool idInFamily(Tx& s, NamedTable table, const std::string& id, const std::string& familyId);
// The id of the family's oldest record named `name` (names are exact, case-sensitive).
std::optional<std::string> idByName(Tx& s, NamedTable table, const std::string& familyId,
                                    const std::string& name);
// Names of the family's records that import `importId` does not own (records of no import
// included).
std::set<std::string> namesNotOfImport(Tx& s, NamedTable table, const std::string& familyId,
                                       const std::string& importId);

} // namespace finimport::store
