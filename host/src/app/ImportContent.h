#pragma once
// The steps of an upload between the request and the store: content and file-type checks
// (API.md §7.3, D11, D12), row generation through the plugin, storing rows, duplicates (D18).

#include "app/ImportOptions.h"
#include "app/ImportRequest.h"
#include "app/ImportTypes.h"
#include "app/RowCollector.h"
#include "app/RowValidation.h"
#include "plugin/ImporterHandle.h"
#include "store/ImportStore.h"

#include <Poco/Data/Session.h>

#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

inline constexpr int64_t kContentLimit = 10485760;    // 10 MB (API.md §7.3)
inline constexpr int64_t kPdfContentLimit = 26214400; // 25 MB (D12)

struct ContentCheck {
    std::optional<ImportError> error;
    std::optional<std::string> bytes; // non-blank content, if any
    std::optional<std::string> filename, contentType, partCharset;
};

ContentCheck checkContent(const CreateImportRequest& request, const ImportTypeTraits& traits,
                          const plugin::ImporterHandle* importer);

struct GeneratedRows {
    std::vector<std::string> header;
    std::vector<CollectedRow> rows;
    bool invalidCsv = false; // D14: nothing is stored
    bool fatalError = false; // the plugin gave up: 0 rows
    bool aborted = false;    // the host ended the run (crash, time/memory/row budget): 422
    std::string error;
};

GeneratedRows generateRows(const plugin::ImporterHandle& importer, const std::string& type,
                           const ImportOptions& options, const std::string& defaultCurrency,
                           const std::string& input, const CreateImportRequest& request);

// Applies the target account's currency (D4) to each row, then stores the rows.
void storeRows(Poco::Data::Session& s, const store::ImportRecord& import, GeneratedRows& rows);

// A transaction/trade row whose account is known at upload (account_id, or an existing account
// of that name): a defaulted currency becomes the account's; another given currency is the D4
// row error `Currency EUR differs from the account's currency USD`.
void applyTargetCurrency(Poco::Data::Session& s, const store::ImportRecord& import,
                         CollectedRow& row);

// D18: rows matching existing records (transactions, trades, accounts by name).
int64_t duplicateRowCount(Poco::Data::Session& s, const store::ImportRecord& import,
                          const std::vector<RowFields>& rows);
// D18 at upload: rows matching existing records, stored in the import's summary.
void countDuplicates(Poco::Data::Session& s, store::ImportRecord& import,
                     const std::vector<RowFields>& rows);

std::string base64Encode(const std::string& bytes);
std::string base64Decode(const std::string& text);
// Trimmed, inner whitespace collapsed, case-folded (D18 name comparison).
std::string normalizedName(const std::string& name);

} // namespace finimport::app
