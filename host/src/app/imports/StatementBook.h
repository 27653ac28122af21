#pragma once
// Statement files (OFX, CAMT, MT940; docs/decisions.md D58, docs/plugin-records.md "Statement
// formats"): the plugin emits a `statement` record before each statement's entries, and
// `warning` records for the import's `warnings`. At upload the book keeps the statements aside
// (they are not rows), names each entry row's account after its statement (D58: `<kind>
// ••<last 4 of the key>`, so accounts map and match by that name like QIF sections), and is
// stored as JSON in imports.extracted for publish (kinds of created accounts, opening anchors).

#include "app/imports/RowCollector.h"
#include "store/AccountStore.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

struct StatementInfo {
    std::string id;                  // statement_id, unique within the file
    std::optional<std::string> key;  // account key (ACCTID, IBAN, :25:)
    std::string kind = "depository"; // depository | credit_card | investment
    std::optional<std::string> currency, openingBalance, openingDate;
    // What the statement states at its end (docs/decisions.md D98: compared with the ledger).
    std::optional<std::string> closingBalance, closingDate;
    int64_t entries = 0;
};

// docs/decisions.md D158, in D62's words: "The statement: opening 100.00 + entries -30.00 = 70.00,
// but the statement states 60.00", or nullopt when they agree or cannot be compared. (Statement
// records are checked by their plugins, D62.)
std::optional<std::string> reconcileTotals(const std::string& label, const std::string& opening,
                                           const std::string& closing, int64_t entrySum);

// "Credit Card ••1234" (docs/decisions.md D58: never the full account number).
std::string statementAccountName(const std::string& kind, const std::string& key);
// The account_type stored for a statement kind ("credit_card"); unknown kinds → "depository".
std::string statementAccountType(const std::string& kind);

// docs/decisions.md D158: the entries of a file without statement records (PDF statements), summed
// to be checked against the opening and closing balances its `meta` record states.
class EntryTotal {
public:
    void add(const CollectedRow& row);
    // The warning when the meta rows state both balances and they disagree with the entries.
    std::optional<std::string> reconcile(const std::vector<CollectedRow>& metaRows) const;

private:
    std::optional<int64_t> _sum = 0;
};

class StatementBook {
public:
    static constexpr std::size_t kMaxStatements = 10000;
    static constexpr std::size_t kMaxWarnings = 1000;

    // A `statement` record. Returns false when the file has more than kMaxStatements.
    bool addStatement(const CollectedRow& row);
    // A `warning` record's message (bounded; the rest are counted).
    void addWarning(const CollectedRow& row);
    // A warning of the host's own (docs/decisions.md D91).
    void addMessage(std::string message);
    // An entry row of a statement: its `account` becomes the statement account's name (the key
    // is kept as `account_key`, the kind as `account_kind`); a row without a currency takes
    // `defaultCurrency` (the target account's, else the family's: docs/decisions.md D58).
    void annotate(CollectedRow& row, const std::string& defaultCurrency);

    bool empty() const { return _statements.empty(); }
    const std::vector<StatementInfo>& statements() const { return _statements; }
    // docs/decisions.md D58: with account_id every statement that has entries must be of one kind
    // that fits the account's type.
    bool fitsAccount(const store::AccountRow& account) const;
    // The warnings as a JSON array text ("[]" when none).
    std::string warningsJson() const;
    // {"statements":[…]} merged into an existing extracted JSON object text.
    std::string toExtractedJson(const std::optional<std::string>& extracted) const;
    static std::vector<StatementInfo> fromExtractedJson(const std::optional<std::string>& json);

private:
    std::vector<StatementInfo> _statements;
    std::map<std::string, std::size_t> _byId;
    std::vector<std::string> _warnings;
    int64_t _warningsNotListed = 0;
};

} // namespace finimport::app
