#pragma once
// The steps of an upload between the request and the store: content and file-type checks
// (API.md §7.3, D11, D12), row generation through the plugin, storing rows, duplicates (D18).

#include "app/ImportOptions.h"
#include "app/ImportRequest.h"
#include "app/ImportTypes.h"
#include "app/MonthCandidates.h"
#include "app/RowCollector.h"
#include "app/RowValidation.h"
#include "plugin/ImporterHandle.h"
#include "store/AccountStore.h"
#include "store/EntryStore.h"
#include "store/ImportStore.h"

#include <Poco/Data/Session.h>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

inline constexpr int64_t kContentLimit = 10485760;    // 10 MB (API.md §7.3)
inline constexpr int64_t kPdfContentLimit = 26214400; // 25 MB (D12)

struct ContentCheck {
    std::optional<ImportError> error;
    // Non-blank content, if any: a view into the request (which outlives the checks), so the
    // 10 MB are not copied again.
    std::optional<std::string_view> bytes;
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
    std::string errorCode; // the plugin's fail() code (ABI 1.1): a 422 with that code
};

using PluginOptions = std::vector<std::pair<std::string, std::optional<std::string>>>;

// The options a plugin run gets: type, default currency, the import options, and the plugin's
// own manifest options from the request (D10).
PluginOptions pluginOptions(const plugin::ImporterHandle& importer, const std::string& type,
                            const ImportOptions& options, const std::string& defaultCurrency,
                            const CreateImportRequest& request);
// A plugin read() over `input` (which must outlive the run).
std::function<int64_t(char*, size_t)> stringSource(std::string_view input);

GeneratedRows generateRows(const plugin::ImporterHandle& importer, const std::string& type,
                           const ImportOptions& options, const std::string& defaultCurrency,
                           const std::string& input, const CreateImportRequest& request);

// D18 row by row: does this row match an existing record (transactions, trades, accounts by
// name)? Each matched record is claimed once. Accounts are looked up once per name.
class DuplicateCounter {
public:
    DuplicateCounter(Poco::Data::Session& s, const store::ImportRecord& import);
    bool matches(const RowFields& row);
    // The account an entry row will be booked on when known at upload (import's account, or
    // an existing account of the row's trimmed name).
    std::optional<store::AccountRow> targetAccount(const RowFields& row);

private:
    static constexpr std::size_t kCacheLimit = 10000;
    bool hasEntries(const std::string& accountId);

    Poco::Data::Session& _s;
    const store::ImportRecord& _import;
    store::AccountStore _accounts;
    store::EntryStore _entries;
    MonthCandidates _months; // transaction candidates, a month per read
    bool _ownAccountLoaded = false;
    std::optional<store::AccountRow> _ownAccount;
    std::map<std::string, std::optional<store::AccountRow>> _byName;
    std::map<std::string, bool> _hasEntries;
    std::set<std::string> _claimed, _accountNames;
};

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
