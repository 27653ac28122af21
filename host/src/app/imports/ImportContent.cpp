#include "app/imports/ImportContent.h"

#include "app/imports/ExternalId.h"
#include "app/imports/RowValidation.h"
#include "domain/Currency.h"
#include "domain/Decimal.h"
#include "domain/Text.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/EntryLookups.h"
#include "store/EntryStore.h"

#include <Poco/Base64Decoder.h>
#include <Poco/Base64Encoder.h>
#include <Poco/JSON/Object.h>

#include <unicode/unistr.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <set>
#include <sstream>

namespace finimport::app {

namespace {

// "text/csv; charset=windows-1250" → "windows-1250".
std::optional<std::string> charsetParameter(const std::string& contentType) {
    std::string l = domain::toLowerAscii(contentType);
    auto pos = l.find("charset=");
    if (pos == std::string::npos) return std::nullopt;
    std::string v = contentType.substr(pos + 8);
    v = v.substr(0, v.find(';'));
    v = domain::trim(v);
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
    if (v.empty()) return std::nullopt;
    return v;
}

} // namespace

ContentCheck checkContent(const CreateImportRequest& req, const ImportTypeTraits& traits) {
    ContentCheck c;
    const int64_t limit = traits.contentLimit();
    const std::string limitText = contentLimitText(limit);
    if (req.file) {
        const auto& f = *req.file;
        if (static_cast<int64_t>(f.data.size()) > limit) {
            c.error = Error{ErrorKind::Invalid, "file_too_large",
                            "File is too large. Maximum size is " + limitText + ".", std::nullopt,
                            std::nullopt};
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
            c.error = Error{ErrorKind::Invalid, "invalid_file_type",
                            "Invalid file type. Please upload " + traits.fileNoun() + ".",
                            std::nullopt, std::nullopt};
            return c;
        }
        c.filename = f.filename;
        c.contentType = f.contentType;
        c.partCharset = charsetParameter(f.contentType);
        if (!f.data.empty() && (traits.binary() || !domain::isBlank(f.data)))
            c.bytes = std::string_view(f.data);
        return c;
    }
    auto it = req.fields.find("raw_file_content");
    if (it != req.fields.end() && it->second.kind == FieldValue::Kind::String) {
        const std::string& raw = it->second.text;
        if (static_cast<int64_t>(raw.size()) > limit) {
            c.error = Error{ErrorKind::Invalid, "content_too_large",
                            "Content is too large. Maximum size is " + limitText + ".",
                            std::nullopt, std::nullopt};
            return c;
        }
        if (!domain::isBlank(raw)) c.bytes = std::string_view(raw);
    }
    return c;
}

rows::Fields pluginOptions(const ImportTypeTraits& traits, const ImportOptions& options,
                           const std::string& defaultCurrency) {
    // In this order, as declared (a name is passed as often as it comes).
    std::vector<std::string> names = {"type", "default_currency"};
    std::vector<rows::Value> values = {traits.type, defaultCurrency};
    for (const auto& [k, v] : options.values) {
        if (!v) continue;
        // A blank free-text value (e.g. a column label) names nothing: not passed. A value from
        // a list may be whitespace itself (a TAB separator).
        const auto* spec = traits.manifest ? traits.manifest->findOption(k) : nullptr;
        const bool freeText = !spec || spec->type == plugin::OptionType::String;
        if (freeText && domain::trim(*v).empty()) continue;
        names.push_back(k);
        values.push_back(v);
    }
    return rows::Fields(rows::Header::of(std::move(names), false), std::move(values));
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
