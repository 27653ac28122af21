#include "app/imports/rowedit/RowDelta.h"

#include "app/imports/ImportContent.h"
#include "app/imports/ImportEvaluation.h"
#include "app/imports/ImportSummary.h"
#include "app/imports/Mappings.h"
#include "app/imports/RowStats.h"
#include "app/imports/TargetAccounts.h"
#include "app/rows/RowCodec.h"
#include "domain/Json.h"
#include "store/ImportRowQueries.h"

#include <algorithm>

namespace finimport::app {

namespace {

// The lists keep the kKept smallest row numbers (rows stream in order at upload).
void insertRow(RowList& list, int64_t row) {
    ++list.count;
    auto at = std::lower_bound(list.first.begin(), list.first.end(), row);
    list.first.insert(at, row);
    if (list.first.size() > RowList::kKept) list.first.pop_back();
}

// False when a row beyond the kept ones would have to move up into the list.
bool removeRow(RowList& list, int64_t row) {
    --list.count;
    list.first.erase(std::remove(list.first.begin(), list.first.end(), row), list.first.end());
    return static_cast<int64_t>(list.first.size()) >= std::min<int64_t>(list.count, RowList::kKept);
}

struct Contribution {
    bool excluded = false, valid = true, published = false, accountless = false;
    std::optional<std::string> unknownType;
    MappingKeys keys;
};

Contribution contributionOf(const store::ImportRecord& import, const ImportTypeTraits& traits,
                            const RowState& state, bool skip) {
    Contribution c;
    const RowCounting how{state.valid, state.excluded, skip};
    c.excluded = state.excluded;
    c.valid = state.valid;
    c.published = how.published();
    if (!c.published) return c;
    c.accountless = rowIsAccountless(import, traits, state.fields);
    c.unknownType = unknownAccountType(traits, state.fields);
    collectMappingKeys(import, traits, state.fields, c.keys);
    return c;
}

bool take(RowStats& stats, const Contribution& c, int64_t row) {
    bool complete = true;
    if (c.excluded)
        --stats.excluded;
    else if (c.valid)
        --stats.valid;
    else
        removeRow(stats.invalid, row); // refilled from the partial index below
    if (c.accountless) complete = removeRow(stats.accountless, row) && complete;
    if (c.unknownType) {
        auto it = stats.unknownTypes.find(*c.unknownType);
        if (it == stats.unknownTypes.end()) return false; // an unlisted value
        complete = removeRow(it->second, row) && complete;
        if (it->second.count == 0) {
            stats.unknownTypes.erase(it);
            --stats.unknownTypeValues;
            // An unlisted value may now be listed.
            if (stats.unknownTypeValues > static_cast<int64_t>(stats.unknownTypes.size()))
                return false;
        }
    }
    return complete;
}

bool put(RowStats& stats, const Contribution& c, int64_t row) {
    if (c.excluded)
        ++stats.excluded;
    else if (c.valid)
        ++stats.valid;
    else
        insertRow(stats.invalid, row);
    if (c.accountless) insertRow(stats.accountless, row);
    if (c.unknownType) {
        auto it = stats.unknownTypes.find(*c.unknownType);
        if (it == stats.unknownTypes.end()) {
            // A new value is listed when there is room; whether an unlisted one is new is
            // unknown here.
            if (stats.unknownTypes.size() >= RowStats::kMaxTypes) return false;
            ++stats.unknownTypeValues;
            it = stats.unknownTypes.emplace(*c.unknownType, RowList{}).first;
        }
        insertRow(it->second, row);
    }
    return true;
}

// The forms a key takes in stored fields (RowCodec.h), for a text pre-filter: verbatim in the
// compact form, escaped in rows stored as JSON.
std::vector<std::string> storedTexts(const std::string& key) {
    std::string json = rows::fieldsToJson({{"k", key}}); // {"k":"<escaped>"}
    json = json.substr(6, json.size() - 8);
    if (json == key) return {key};
    return {key, json};
}

enum class KeyUse { Used, Unused, Unknown };

// Does another published row still use (kind, key)? Candidates come from a text pre-filter
// and are checked exactly; too many false candidates answer Unknown.
KeyUse keyUse(store::Tx& s, const store::ImportRecord& import, const ImportTypeTraits& traits,
              int64_t rowNumber, bool skip, const std::string& kind, const std::string& key) {
    constexpr int64_t kCandidates = 64;
    bool complete = true;
    for (const auto& text : storedTexts(key)) {
        auto rows = store::rowFieldsContaining(s, import.id, rowNumber, !skip, text, kCandidates);
        for (const auto& fields : rows) {
            MappingKeys keys;
            collectMappingKeys(import, traits, rows::decodeFields(fields), keys);
            if (keys[kind].count(key)) return KeyUse::Used;
        }
        complete &= static_cast<int64_t>(rows.size()) < kCandidates;
    }
    return complete ? KeyUse::Unused : KeyUse::Unknown;
}

} // namespace

bool applyRowDelta(store::Tx& s, store::ImportRecord& import, const ImportTypeTraits& traits,
                   const store::ImportRowRecord& row, const RowState& before,
                   const RowState& after) {
    ImportSummary summary = ImportSummary::of(import.summary);
    auto stats = summary.rows();
    if (!stats) return false;
    const bool skip = skipsInvalidRows(ImportOptions::fromJson(import.configuration));
    const Contribution was = contributionOf(import, traits, before, skip);
    const Contribution is = contributionOf(import, traits, after, skip);
    if (!take(*stats, was, row.rowNumber) || !put(*stats, is, row.rowNumber)) return false;
    // The invalid rows have a partial index (schema v4): their first numbers are read again.
    if (static_cast<int64_t>(stats->invalid.first.size()) <
        std::min<int64_t>(stats->invalid.count, RowList::kKept)) {
        stats->invalid.first =
            store::firstInvalidRowNumbers(s, import.id, static_cast<int64_t>(RowList::kKept));
    }

    // Mappings: keys the row stops using (unless another row still does), keys it starts using.
    store::ImportStore imports(s);
    auto mappings = imports.mappings(import.id);
    auto stored = [&](const std::string& kind, const std::string& key) {
        for (const auto& m : mappings)
            if (m.kind == kind && m.key == key) return &m;
        return static_cast<const store::MappingRecord*>(nullptr);
    };
    for (const auto& [kind, keys] : was.keys)
        for (const auto& key : keys) {
            auto now = is.keys.find(kind);
            if (now != is.keys.end() && now->second.count(key)) continue;
            switch (keyUse(s, import, traits, row.rowNumber, skip, kind, key)) {
            case KeyUse::Unknown:
                return false;
            case KeyUse::Unused:
                if (const auto* m = stored(kind, key)) imports.deleteMapping(m->id);
                break;
            case KeyUse::Used:
                break;
            }
        }
    for (const auto& [kind, keys] : is.keys)
        for (const auto& key : keys)
            if (!stored(kind, key)) upsertMappingKey(s, import, kind, key, nullptr);

    // docs/decisions.md D18: the edited row's own match, before and after (claims by other rows
    // stay as counted).
    int64_t duplicateDelta = 0;
    TargetAccounts targets(s, import);
    if (was.published)
        duplicateDelta -=
            DuplicateCounter(s, import, traits).matches(before.fields, targets.of(before.fields));
    if (is.published)
        duplicateDelta +=
            DuplicateCounter(s, import, traits).matches(after.fields, targets.of(after.fields));

    summary.setCount("duplicate_rows_count",
                     std::max<int64_t>(0, summary.count("duplicate_rows_count") + duplicateDelta));
    summary.setRows(*stats);
    import.summary = summary.text();
    imports.update(import);
    return true;
}

} // namespace finimport::app
