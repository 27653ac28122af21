#include "app/imports/UploadRows.h"

#include "app/imports/UploadSink.h"

namespace finimport::app {

void UploadRows::add(CollectedRow&& row) {
    if (row.kind == "statement") {
        if (!_book.addStatement(row))
            throw UploadRefused(Error{ErrorKind::Invalid, "too_many_statements",
                                      "The file has more than " +
                                          std::to_string(StatementBook::kMaxStatements) +
                                          " statements.",
                                      std::nullopt, std::nullopt});
        return;
    }
    if (row.kind == "warning") return _book.addWarning(row);
    if (!_book.empty() && row.fields.get("statement_id")) {
        _book.annotate(row, _defaultCurrency);
        row.number = ++_entryRows;
    } else {
        if (row.kind == "transaction") _fileTotal.add(row);
        _names.row(row);
        const auto* given = _familyCurrency ? row.fields.get("currency_given") : nullptr;
        if (given && *given && **given == "false") ++_familyCurrencyRows;
    }
    _writer.add(std::move(row));
    ++_storedRows;
    if (_stored) _stored(_storedRows);
}

void UploadRows::finish(store::ImportRecord& record, const std::vector<CollectedRow>& metaRows,
                        const std::vector<std::string>& header,
                        const std::optional<store::AccountRow>& account) {
    // docs/decisions.md D158: a PDF's stated totals against its entries.
    if (auto warning = _fileTotal.reconcile(metaRows)) _book.addMessage(*warning);
    if (_familyCurrencyRows > 0)
        _book.addMessage("Amounts taken as " + _defaultCurrency +
                         ", the family's currency; send currency_col_label or currency");
    if (auto unnamed = _names.warning(header)) _book.addMessage(*unnamed);
    record.warnings = _book.warningsJson();
    if (_book.empty()) return;
    record.extracted = _book.toExtractedJson(record.extracted);
    // docs/decisions.md D58: account_id only when every statement is of a kind that fits it.
    if (account && !_book.fitsAccount(*account))
        throw UploadRefused(Error{
            ErrorKind::Invalid, "validation_failed", "Account type does not match the statement",
            std::vector<std::string>{"Account type does not match the statement"}, std::nullopt});
}

} // namespace finimport::app
