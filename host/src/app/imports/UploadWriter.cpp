#include "app/imports/UploadWriter.h"

#include "app/imports/ImportEvaluation.h"
#include "app/imports/ImportSummary.h"
#include "app/rows/RecordKinds.h"
#include "app/rows/RowCodec.h"
#include "domain/Currency.h"
#include "domain/Json.h"
#include "store/LedgerStamps.h"
#include "store/RowInserter.h"

#include <sstream>

namespace finimport::app {

namespace {

constexpr int64_t kUploadCacheKb = 4096;

} // namespace

void applyAccountCurrency(const std::optional<store::AccountRow>& account, const std::string& kind,
                          rows::Fields& fields, std::vector<RowMessage>& errors) {
    if (!account || !rows::recordKind(kind).entry) return;
    if (fields.text("currency_given") == "false") {
        fields.set("currency", account->currency);
        return;
    }
    std::string currency = fields.text("currency");
    if (!currency.empty() && domain::findCurrency(currency) && currency != account->currency)
        errors.push_back(RowMessage{
            "currency_mismatch", std::string("currency"),
            "Currency " + currency + " differs from the account's currency " + account->currency});
}

UploadWriter::UploadWriter(store::Tx& s, const store::ImportRecord& import,
                           const ImportTypeTraits& traits, domain::Date today)
    : _s(s), _import(import), _traits(traits), _today(today), _targets(s, import),
      _duplicates(s, import, traits), _inserter(std::make_unique<store::RowInserter>(s)),
      _skipInvalid(skipsInvalidRows(ImportOptions::fromJson(import.configuration))),
      // An upload's pages are written once: a small SQLite cache spills them to the WAL early
      // instead of holding up to the pool's 64 MB per import (the upload's memory bound).
      _cacheLimit(s, kUploadCacheKb) {
    // docs/decisions.md D210: the account's changes before the first probe; a write after this
    // moves them, and the publish then probes every row again.
    if (_import.accountId && _traits.producesEntries())
        _ledgerChanges = store::ledgerChanges(s, *_import.accountId);
}

UploadWriter::~UploadWriter() = default;

void UploadWriter::add(CollectedRow&& r) {
    ++_rows;
    Pending p;
    // Only where something reads it: an entry row's currency (docs/decisions.md D4), the
    // duplicate probes.
    if (_traits.producesEntries() || rows::recordKind(r.kind).entry)
        p.account = _targets.of(r.fields);
    applyAccountCurrency(p.account, r.kind, r.fields, r.errors);
    const bool valid = rowErrorsNow(r.fields, r.errors, _today).empty();
    const RowCounting how{valid, false, _skipInvalid};
    countRow(_stats, _import, _traits, r.fields, how, r.number);
    if (how.published()) collectMappingKeys(_import, _traits, r.fields, _keys);

    p.published = how.published();
    p.row.importId = _import.id;
    p.row.rowNumber = r.number;
    p.row.errors = rows::messagesToJson(r.errors);
    p.row.valid = valid;
    // Only types listed newest first keep a sort key (manifest rows_newest_first).
    // A NUL byte (which PostgreSQL text cannot hold) leaves the row without one.
    if (const auto* d = r.fields.get("date");
        d && *d && _traits.details.rowsNewestFirst && (*d)->find('\0') == std::string::npos)
        p.row.sortKey = **d;
    p.row.kind = std::move(r.kind);
    p.fields = std::move(r.fields);
    _pending.push_back(std::move(p));
    if (_pending.size() >= kBatchRows) flushPending();
}

void UploadWriter::flushPending() {
    // docs/decisions.md D80: the duplicate candidates of the whole batch in a few index probes.
    std::vector<TargetedRow> published;
    for (const auto& p : _pending)
        if (p.published) published.push_back(TargetedRow{&p.fields, &p.account});
    if (!published.empty()) _duplicates.prefetch(published);
    for (auto& p : _pending) {
        if (p.published) {
            if (_duplicates.matches(p.fields, p.account)) ++_duplicateRows;
            p.row.noCandidate = _ledgerChanges && _duplicates.lastHadNoCandidate();
        }
        p.row.fields = rows::encodeFields(p.fields);
        _inserter->add(p.row);
    }
    _pending.clear();
}

void UploadWriter::finish(store::ImportRecord& import) {
    flushPending();
    _inserter->flush();
    syncMappingKeys(_s, import, _keys);
    if (_ledgerChanges)
        store::stampImportLedger(_s, import.id, *_import.accountId, *_ledgerChanges);
    ImportSummary summary = ImportSummary::of(import.summary);
    summary.setCount("duplicate_rows_count", _duplicateRows);
    summary.setRows(_stats);
    import.summary = summary.text();
    import.rowsCount = _rows;
}

} // namespace finimport::app
