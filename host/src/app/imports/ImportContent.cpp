#include "app/imports/ImportContent.h"

#include "app/imports/ExternalId.h"
#include "app/imports/RowValidation.h"
#include "domain/Currency.h"
#include "domain/Decimal.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/EntryLookups.h"
#include "store/EntryStore.h"

#include <Poco/Base64Decoder.h>
#include <Poco/Base64Encoder.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <unicode/unistr.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <set>
#include <sstream>

namespace finimport::app {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

std::string trimmed(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// "text/csv; charset=windows-1250" → "windows-1250".
std::optional<std::string> charsetParameter(const std::string& contentType) {
    std::string l = lower(contentType);
    auto pos = l.find("charset=");
    if (pos == std::string::npos) return std::nullopt;
    std::string v = contentType.substr(pos + 8);
    v = v.substr(0, v.find(';'));
    v = trimmed(v);
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
    if (v.empty()) return std::nullopt;
    return v;
}

// Whitespace only (without copying a 10 MB text to trim it).
bool blankText(const std::string& s) {
    return s.find_first_not_of(" \t\r\n") == std::string::npos;
}

} // namespace

ContentCheck checkContent(const CreateImportRequest& req, const ImportTypeTraits& traits) {
    ContentCheck c;
    const int64_t limit = traits.contentLimit();
    const std::string limitText = contentLimitText(limit);
    if (req.file) {
        const auto& f = *req.file;
        if (static_cast<int64_t>(f.data.size()) > limit) {
            c.error = ImportError{ErrorKind::Invalid, "file_too_large",
                                  "File is too large. Maximum size is " + limitText + ".",
                                  std::nullopt, std::nullopt};
            return c;
        }
        // docs/decisions.md D11 from the serving manifest; a type no plugin serves is a type error,
        // reported with the other validation errors, before any file check (D65).
        bool accepted = true;
        if (traits.manifest) {
            const auto& m = *traits.manifest;
            accepted = m.accepts(f.contentType.substr(0, f.contentType.find(';')), f.filename);
            // docs/decisions.md D65: some formats are recognised by their first bytes (CAMT
            // `<?xml`).
            if (!accepted) accepted = m.acceptsContent(f.data);
            if (accepted && m.requiredPrefix) accepted = f.data.rfind(*m.requiredPrefix, 0) == 0;
        }
        if (!accepted) {
            c.error = ImportError{ErrorKind::Invalid, "invalid_file_type",
                                  "Invalid file type. Please upload " + traits.fileNoun() + ".",
                                  std::nullopt, std::nullopt};
            return c;
        }
        c.filename = f.filename;
        c.contentType = f.contentType;
        c.partCharset = charsetParameter(f.contentType);
        if (!f.data.empty() && (traits.binary() || !blankText(f.data)))
            c.bytes = std::string_view(f.data);
        return c;
    }
    auto it = req.fields.find("raw_file_content");
    if (it != req.fields.end() && it->second.kind == FieldValue::Kind::String) {
        const std::string& raw = it->second.text;
        if (static_cast<int64_t>(raw.size()) > limit) {
            c.error = ImportError{ErrorKind::Invalid, "content_too_large",
                                  "Content is too large. Maximum size is " + limitText + ".",
                                  std::nullopt, std::nullopt};
            return c;
        }
        if (!blankText(raw)) c.bytes = std::string_view(raw);
    }
    return c;
}

PluginOptions pluginOptions(const ImportTypeTraits& traits, const ImportOptions& options,
                            const std::string& defaultCurrency) {
    PluginOptions opts;
    opts.emplace_back("type", traits.type);
    opts.emplace_back("default_currency", defaultCurrency);
    for (const auto& [k, v] : options.values) {
        if (!v) continue;
        // A blank free-text value (e.g. a column label) names nothing: not passed. A value from
        // a list may be whitespace itself (a TAB separator).
        const auto* spec = traits.manifest ? traits.manifest->findOption(k) : nullptr;
        const bool freeText = !spec || spec->type == plugin::OptionType::String;
        if (freeText && trimmed(*v).empty()) continue;
        opts.emplace_back(k, v);
    }
    return opts;
}

std::function<int64_t(char*, size_t)> stringSource(std::string_view input) {
    auto offset = std::make_shared<size_t>(0);
    return [input, offset](char* buffer, size_t capacity) -> int64_t {
        size_t n = std::min(capacity, input.size() - *offset);
        std::memcpy(buffer, input.data() + *offset, n);
        *offset += n;
        return static_cast<int64_t>(n);
    };
}

PluginFailure classifyFailure(const plugin::RunResult& result, const ImportTypeTraits& traits) {
    PluginFailure f;
    f.message = result.error;
    if (result.aborted) {
        // The host ended the run (crash, time/memory/row budget): nothing is stored.
        f.code = "plugin_failed";
        return f;
    }
    f.code = result.errorCode.empty() ? traits.defaultErrorCode() : result.errorCode;
    f.storeEmpty = f.code == kNothingRecognisable;
    return f;
}

namespace {

// Collapses each run of blanks to one space and drops those at the ends; `fold` maps a byte.
template <typename Fold> std::string collapsedBlanks(std::string_view text, Fold fold) {
    std::string out;
    out.reserve(text.size());
    bool space = false;
    for (char ch : text) {
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += fold(ch);
    }
    return out;
}

} // namespace

std::string normalizedName(const std::string& name) {
    // Every row of a publish is matched by its name (docs/decisions.md D18): an ASCII name, the
    // common one, is folded without ICU (Unicode case folding maps ASCII exactly as
    // lower-casing does).
    if (std::all_of(name.begin(), name.end(), [](char c) { return (c & 0x80) == 0; }))
        return collapsedBlanks(name,
                               [](char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; });
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(name); // collapsedBlanks trims
    u.foldCase();
    std::string folded;
    u.toUTF8String(folded);
    return collapsedBlanks(folded, [](char c) { return c; });
}

namespace {

// docs/decisions.md D18 trade match without creating securities: same ticker (and MIC when given).
bool tradeDuplicate(store::Tx& s, const std::string& accountId, const RowFields& row,
                    const std::string& currency, const std::optional<std::string>& externalId,
                    std::set<std::string>& claimed) {
    auto qty = domain::Decimal::parse(fieldText(row, "signed_qty"));
    auto price = domain::Decimal::parse(fieldText(row, "price"));
    auto date = domain::Date::parseIso(fieldText(row, "date"));
    std::string ticker = fieldText(row, "ticker"), mic = fieldText(row, "exchange_operating_mic");
    // docs/decisions.md D60: a statement's CUSIP/ISIN names the security whatever its ticker.
    const std::string securityKey = fieldText(row, "security_id");
    if (!qty || !price || !date || ticker.empty()) return false;
    store::TradeKey key{accountId, date->iso(), ticker,     securityKey,
                        mic,       currency,    qty->raw(), price->raw()};
    for (const auto& [entryId, theirs] : store::tradeDuplicateCandidates(s, key)) {
        // docs/decisions.md D63: two different external ids never match.
        if (externalId && theirs && *theirs != *externalId) continue;
        if (claimed.insert(entryId).second) return true;
    }
    return false;
}

bool transactionDuplicate(MonthCandidates& months, const std::string& accountId,
                          const RowFields& row, const std::string& currency,
                          const std::optional<std::string>& externalId,
                          std::set<std::string>& claimed) {
    auto amount = domain::Decimal::parse(fieldText(row, "signed_amount"));
    auto date = domain::Date::parseIso(fieldText(row, "date"));
    if (!amount || !date) return false;
    const std::string iso = date->iso();
    std::string name = normalizedName(fieldText(row, "name"));
    for (const auto& e : months.of(accountId, iso)) {
        if (e.date != iso || e.amount != amount->raw() || e.currency != currency ||
            e.normalizedName != name || claimed.count(e.id))
            continue;
        if (externalId && e.externalId && *e.externalId != *externalId)
            continue; // docs/decisions.md D63
        claimed.insert(e.id);
        return true;
    }
    return false;
}

} // namespace

DuplicateCounter::DuplicateCounter(store::Tx& s, const store::ImportRecord& import)
    : _s(s), _import(import), _traits(traitsOf(import.type)), _accounts(s), _entries(s),
      _months(_entries) {}

std::optional<store::AccountRow> DuplicateCounter::targetAccount(const RowFields& row) {
    if (_import.accountId) {
        if (!_ownAccountLoaded) {
            _ownAccount = _accounts.byId(_import.familyId, *_import.accountId);
            _ownAccountLoaded = true;
        }
        return _ownAccount;
    }
    std::string name = trimmed(fieldText(row, "account"));
    if (name.empty()) return std::nullopt;
    if (auto it = _byName.find(name); it != _byName.end()) return it->second;
    auto account = _accounts.byName(_import.familyId, name);
    // Bounded: a file of a million distinct names asks the database beyond this.
    if (_byName.size() < kCacheLimit) _byName.emplace(name, account);
    return account;
}

bool DuplicateCounter::hasEntries(const std::string& accountId) {
    if (auto it = _hasEntries.find(accountId); it != _hasEntries.end()) return it->second;
    const bool any = store::accountHasEntries(_s, accountId);
    if (_hasEntries.size() < kCacheLimit) _hasEntries.emplace(accountId, any);
    return any;
}

bool DuplicateCounter::matches(const RowFields& row) {
    if (_traits.details.hasRecordKind("account")) {
        // An existing account of that name is reused (docs/decisions.md D18); so is a repeated
        // name.
        std::string name = fieldText(row, "name");
        return !name.empty() &&
               (_accounts.byName(_import.familyId, name) || !_accountNames.insert(name).second);
    }
    if (!_traits.producesEntries()) return false;
    auto account = targetAccount(row);
    // An account without entries has nothing to match: no query per row (first imports).
    if (!account || !hasEntries(account->id)) return false;
    std::string currency = fieldText(row, "currency");
    if (currency.empty() || fieldText(row, "currency_given") == "false")
        currency = account->currency;
    bool trade = findField(row, "signed_qty") != nullptr;
    // docs/decisions.md D63: the same usable external id on the account matches whatever the
    // values.
    const auto externalId = rowExternalId(row);
    if (externalId)
        for (auto& id : _entries.idsWithExternalId(account->id, trade ? "Trade" : "Transaction",
                                                   *externalId, _import.id))
            if (_claimed.insert(id).second) return true;
    return trade ? tradeDuplicate(_s, account->id, row, currency, externalId, _claimed)
                 : transactionDuplicate(_months, account->id, row, currency, externalId, _claimed);
}

int64_t duplicateRowCount(store::Tx& s, const store::ImportRecord& import,
                          const std::vector<RowFields>& rows) {
    DuplicateCounter counter(s, import);
    int64_t duplicates = 0;
    for (const auto& row : rows)
        if (counter.matches(row)) ++duplicates;
    return duplicates;
}

void countDuplicates(store::Tx& s, store::ImportRecord& import,
                     const std::vector<RowFields>& rows) {
    Poco::JSON::Object summary(Poco::JSON_PRESERVE_KEY_ORDER);
    summary.set("duplicate_rows_count", duplicateRowCount(s, import, rows));
    std::ostringstream out;
    summary.stringify(out);
    import.summary = out.str();
    store::ImportStore(s).update(import);
}

std::string base64Encode(const std::string& bytes) {
    std::ostringstream out;
    Poco::Base64Encoder enc(out);
    enc.rdbuf()->setLineLength(0);
    enc << bytes;
    enc.close();
    return out.str();
}

std::string base64Decode(const std::string& text) {
    std::istringstream in(text);
    Poco::Base64Decoder dec(in);
    return std::string(std::istreambuf_iterator<char>(dec), std::istreambuf_iterator<char>());
}

} // namespace finimport::app
