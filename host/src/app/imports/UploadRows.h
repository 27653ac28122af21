#pragma once
// What an upload does with each row a plugin emits, between the sink and the writer
// (docs/architecture.md, "One CSV row, file by file"): statement and warning records are kept
// aside and entry rows named after their statement's account (StatementBook.h); the rows whose
// currency came from the family (docs/decisions.md D91), whose name fell back (D91) and the
// file's entry total (D158) are counted; the rest goes to the UploadWriter. At the end it
// answers the upload's warnings and what it read from the file's statements.

#include "app/imports/NameFallback.h"
#include "app/imports/RowCollector.h"
#include "app/imports/StatementBook.h"
#include "app/imports/UploadWriter.h"
#include "store/AccountStore.h"
#include "store/ImportStore.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

class UploadRows {
public:
    // `familyCurrency`: no account and no `currency` option, so a row without its own currency
    // takes the family's (`defaultCurrency`). `stored(n)` is called after each stored row.
    UploadRows(UploadWriter& writer, std::string defaultCurrency, bool familyCurrency,
               std::function<void(int64_t storedRows)> stored)
        : _writer(writer), _defaultCurrency(std::move(defaultCurrency)),
          _familyCurrency(familyCurrency), _stored(std::move(stored)) {}

    // One row, in the file's order. Throws UploadRefused past StatementBook::kMaxStatements.
    void add(CollectedRow&& row);

    // Once the plugin ended well: the upload's warnings and statements go into `record`
    // (`warnings`, `extracted`), given the plugin's `meta` rows and the file's header. Throws
    // UploadRefused when `account` is given and a statement's kind does not fit it
    // (docs/decisions.md D58).
    void finish(store::ImportRecord& record, const std::vector<CollectedRow>& metaRows,
                const std::vector<std::string>& header,
                const std::optional<store::AccountRow>& account);

private:
    UploadWriter& _writer;
    std::string _defaultCurrency;
    bool _familyCurrency;
    std::function<void(int64_t)> _stored;
    StatementBook _book;
    int64_t _entryRows = 0;          // rows of a statement, renumbered in the file's order
    int64_t _familyCurrencyRows = 0; // rows that took the family's currency (docs/decisions.md D91)
    NameFallbackCount _names;        // docs/decisions.md D91
    EntryTotal _fileTotal;           // docs/decisions.md D158
    int64_t _storedRows = 0;         // docs/decisions.md D165: the upload's progress
};

} // namespace finimport::app
