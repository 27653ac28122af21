#pragma once
// The steps of an upload between the request and the store: content and file-type checks
// (docs/api.md §7.3, docs/decisions.md D11, D12), row generation through the plugin, storing rows,
// duplicates (D18).

#include "app/imports/DuplicateCounter.h"
#include "app/imports/ImportOptions.h"
#include "app/imports/ImportRequest.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/RowCollector.h"
#include "app/imports/RowValidation.h"
#include "plugin/ImporterHandle.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/EntryStore.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

// The code of a fatal error that means "nothing recognisable in this file" (docs/decisions.md D17):
// the import is stored with 0 rows and the plugin's message in `error`, never refused.
inline constexpr const char* kNothingRecognisable = "nothing_recognisable";

struct ContentCheck {
    std::optional<Error> error;
    // Non-blank content, if any: a view into the request (which outlives the checks), so the
    // 10 MB are not copied again.
    std::optional<std::string_view> bytes;
    std::optional<std::string> filename, contentType, partCharset;
};

// Size (manifest max_content_bytes) and file type (manifest media types, extensions and
// content_prefix, docs/decisions.md D11); `bytes` unset when the content is blank.
ContentCheck checkContent(const CreateImportRequest& request, const ImportTypeTraits& traits);

// A plugin run that failed, as the API answers it (docs/decisions.md D65): 422 with `code` and
// `message`, unless `storeEmpty` (D17: 201, 0 rows, `error`).
struct PluginFailure {
    std::string code, message;
    bool storeEmpty = false;
};
// The run's own code, else the manifest's default (`invalid_<format>`); `plugin_failed` when
// the host ended the run.
PluginFailure classifyFailure(const plugin::RunResult& result, const ImportTypeTraits& traits);

// Rows a plugin emitted (the upload keeps only its `meta` rows: see PluginMeta.h).
struct GeneratedRows {
    std::vector<std::string> header;
    std::vector<CollectedRow> rows;
};

// The options a plugin run gets: type, default currency and the import's effective options
// (declared, fixed, host), but blank free text (docs/decisions.md D10).
// plugin/ takes them in the ABI's name/value form (Fields::namedValues).
rows::Fields pluginOptions(const ImportTypeTraits& traits, const ImportOptions& options,
                           const std::string& defaultCurrency);
// A plugin read() over `input` (which must outlive the run).
std::function<int64_t(char*, size_t)> stringSource(std::string_view input);

std::string base64Encode(const std::string& bytes);
std::string base64Decode(const std::string& text);
// Trimmed, inner whitespace collapsed, case-folded (docs/decisions.md D18 name comparison).
std::string normalizedName(const std::string& name);

} // namespace finimport::app
