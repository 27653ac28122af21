#include "app/ImportContent.h"

#include "app/RowValidation.h"
#include "domain/Decimal.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/EntryStore.h"

#include <Poco/Base64Decoder.h>
#include <Poco/Base64Encoder.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <unicode/unistr.h>

#include <algorithm>
#include <cstring>
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

bool csvAccepts(const std::string& contentType, const std::string& filename) {
    std::string media = lower(trimmed(contentType.substr(0, contentType.find(';'))));
    static const std::set<std::string> types = {"text/csv", "text/plain", "application/csv",
                                                "application/vnd.ms-excel"};
    std::string name = lower(filename);
    auto ends = [&](const char* ext) {
        return name.size() >= std::strlen(ext) && name.compare(name.size() - std::strlen(ext), std::string::npos, ext) == 0;
    };
    return types.count(media) || ends(".csv") || ends(".txt");
}

} // namespace

ContentCheck checkContent(const CreateImportRequest& req, const ImportTypeTraits& traits,
                          const plugin::ImporterHandle* importer) {
    ContentCheck c;
    const bool pdf = traits.family == ContentFamily::Pdf;
    const int64_t limit = pdf ? kPdfContentLimit : kContentLimit;
    const std::string limitText = pdf ? "25MB" : "10MB";
    if (req.file) {
        const auto& f = *req.file;
        if (static_cast<int64_t>(f.data.size()) > limit) {
            c.error = ImportError{422, "file_too_large",
                                  "File is too large. Maximum size is " + limitText + ".",
                                  std::nullopt, std::nullopt};
            return c;
        }
        bool accepted = importer ? importer->manifest.accepts(f.contentType.substr(0, f.contentType.find(';')), f.filename)
                                 : csvAccepts(f.contentType, f.filename);
        if (accepted && pdf) accepted = f.data.rfind("%PDF-", 0) == 0;
        if (!accepted) {
            c.error = ImportError{422, "invalid_file_type",
                                  "Invalid file type. Please upload " + traits.fileNoun + ".",
                                  std::nullopt, std::nullopt};
            return c;
        }
        c.filename = f.filename;
        c.contentType = f.contentType;
        c.partCharset = charsetParameter(f.contentType);
        if (!f.data.empty() && (pdf || !trimmed(f.data).empty())) c.bytes = f.data;
        return c;
    }
    auto it = req.fields.find("raw_file_content");
    if (it != req.fields.end() && it->second.kind == FieldValue::Kind::String) {
        const std::string& raw = it->second.text;
        if (static_cast<int64_t>(raw.size()) > limit) {
            c.error = ImportError{422, "content_too_large",
                                  "Content is too large. Maximum size is " + limitText + ".",
                                  std::nullopt, std::nullopt};
            return c;
        }
        if (!trimmed(raw).empty()) c.bytes = raw;
    }
    return c;
}

GeneratedRows generateRows(const plugin::ImporterHandle& importer, const std::string& type,
                           const ImportOptions& options, const std::string& defaultCurrency,
                           const std::string& input, const CreateImportRequest& req) {
    std::vector<std::pair<std::string, std::optional<std::string>>> opts;
    opts.emplace_back("type", type);
    opts.emplace_back("default_currency", defaultCurrency);
    std::set<std::string> named = {"type", "default_currency"};
    for (const auto& [k, v] : options.values) {
        named.insert(k);
        if (v && !(k.size() > 10 && k.compare(k.size() - 10, 10, "_col_label") == 0 &&
                   trimmed(*v).empty()))
            opts.emplace_back(k, v);
    }
    // D10: a plugin's own declared options come from the request.
    for (const auto& spec : importer.manifest.options)
        if (!named.count(spec.name)) {
            auto v = req.text(spec.name);
            opts.emplace_back(spec.name, v ? v : spec.defaultValue);
        }
    RowCollector sink;
    size_t offset = 0;
    auto read = [&](char* buffer, size_t capacity) -> int64_t {
        size_t n = std::min(capacity, input.size() - offset);
        std::memcpy(buffer, input.data() + offset, n);
        offset += n;
        return static_cast<int64_t>(n);
    };
    GeneratedRows out;
    auto result = plugin::runImporter(importer, opts, read, sink);
    if (result.status == plugin::RunResult::Status::Failed) {
        out.error = result.error;
        out.invalidCsv = result.error.rfind("The CSV could not be parsed", 0) == 0;
        out.fatalError = true;
        return out;
    }
    out.header = sink.header();
    out.rows = std::move(sink.rows());
    return out;
}

void storeRows(Poco::Data::Session& s, const store::ImportRecord& import, const GeneratedRows& g) {
    std::vector<store::ImportRowRecord> rows;
    rows.reserve(g.rows.size());
    for (const auto& r : g.rows) {
        store::ImportRowRecord row;
        row.importId = import.id;
        row.rowNumber = r.number;
        row.kind = r.kind;
        row.fields = rowFieldsToJson(r.fields);
        row.errors = rowMessagesToJson(r.errors);
        if (const auto* d = r.field("date"); d && *d) row.sortKey = **d;
        rows.push_back(std::move(row));
    }
    store::ImportStore(s).insertRows(rows);
}

std::string normalizedName(const std::string& name) {
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(trimmed(name));
    u.foldCase();
    std::string folded;
    u.toUTF8String(folded);
    std::string out;
    bool space = false;
    for (char ch : folded) {
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += ch;
    }
    return out;
}

void countDuplicates(Poco::Data::Session& s, store::ImportRecord& import,
                     const std::vector<RowFields>& rows) {
    int64_t duplicates = 0;
    if (producesEntries(import.type)) {
        store::AccountStore accounts(s);
        store::EntryStore entries(s);
        std::set<std::string> claimed;
        for (const auto& row : rows) {
            std::optional<store::AccountRow> account;
            if (import.accountId) account = accounts.byId(import.familyId, *import.accountId);
            else if (auto name = fieldText(row, "account"); !name.empty())
                account = accounts.byName(import.familyId, name);
            if (!account) continue;
            auto amount = domain::Decimal::parse(fieldText(row, "signed_amount"));
            auto date = domain::Date::parseIso(fieldText(row, "date"));
            if (!amount || !date || fieldText(row, "ticker") != "") continue;
            std::string currency = fieldText(row, "currency");
            std::string name = normalizedName(fieldText(row, "name"));
            for (const auto& e : entries.transactionCandidates(account->id, date->iso(), amount->raw(),
                                                               currency.empty() ? account->currency : currency)) {
                if (claimed.count(e.id) || normalizedName(e.name) != name) continue;
                claimed.insert(e.id);
                ++duplicates;
                break;
            }
        }
    }
    Poco::JSON::Object summary(Poco::JSON_PRESERVE_KEY_ORDER);
    summary.set("duplicate_rows_count", duplicates);
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
