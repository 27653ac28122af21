#pragma once
// Import mappings (docs/imports.md §4, §12.1; docs/decisions.md D9): synchronised at upload with
// create-when-missing semantics, so every type publishes over the API.

#include "app/imports/ImportTypes.h"
#include "app/imports/RowValidation.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace finimport::app {

inline constexpr const char* kCategoryMapping = "Import::CategoryMapping";
inline constexpr const char* kTagMapping = "Import::TagMapping";
inline constexpr const char* kAccountMapping = "Import::AccountMapping";
inline constexpr const char* kAccountTypeMapping = "Import::AccountTypeMapping";

// docs/imports.md §12.1's default table: "Checking", "credit card", "401k" → "Depository",
// "CreditCard", "Investment"; nullopt for values outside it.
std::optional<std::string> accountTypeFor(const std::string& value);

// The leaf of a category key: after the first ':' (trimmed), else the whole key.
std::string categoryLeaf(const std::string& key);

// kind → distinct non-blank keys of an import's rows.
// Transparent comparisons: a row's keys are looked up without a string built per lookup.
using MappingKeys = std::map<std::string, std::set<std::string, std::less<>>, std::less<>>;

// Adds the mapping keys of one row (rows stream in one at a time at upload).
void collectMappingKeys(const store::ImportRecord& import, const ImportTypeTraits& traits,
                        const rows::Fields& row, MappingKeys& keys);
// Creates, resolves and prunes the import's mappings to exactly `keys`.
void syncMappingKeys(store::Tx& s, const store::ImportRecord& import, MappingKeys& keys);
// Creates or resolves one mapping (`existing`: its stored record, or null).
void upsertMappingKey(store::Tx& s, const store::ImportRecord& import, const std::string& kind,
                      const std::string& key, const store::MappingRecord* existing);
// Both of the above over a whole row set.
void syncMappings(store::Tx& s, const store::ImportRecord& import, const ImportTypeTraits& traits,
                  const std::vector<rows::Fields>& rows);

// docs/decisions.md D9: a mapping is assigned when it will resolve at publish.
bool mappingAssigned(const store::MappingRecord& m);

} // namespace finimport::app
