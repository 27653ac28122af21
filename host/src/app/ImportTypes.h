#pragma once
// Host-side facts about each import type: which mappings it uses, its row cap, its fixed
// configuration, its content family. Third-party types get the CSV-family defaults.

#include "app/Config.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

enum class ContentFamily { Csv, Qif, Pdf, Ndjson };

struct ImportTypeTraits {
    std::string type;
    ContentFamily family = ContentFamily::Csv;
    bool categoryMapping = false, tagMapping = false, accountMapping = false,
         accountTypeMapping = false;
    bool needsAccount = false; // QIF: publishable only with an account (or mapped sections)
    std::string defaultDateFormat = "%m/%d/%Y";
    // Configuration values the type forces after creation (IMPORTS.md §5.4).
    std::map<std::string, std::string> forced;
    std::string fileNoun = "a CSV file"; // D11 refusal message
};

// The 12 built-in types in their documented order.
const std::vector<std::string>& builtinImportTypes();
ImportTypeTraits traitsOf(const std::string& type);
int64_t rowCapOf(const std::string& type, const Config& config);
// Does the type produce entries on accounts (transactions or trades)?
bool producesEntries(const std::string& type);

} // namespace finimport::app
