#include "app/imports/RowCodec.h"

#include "domain/SizedText.h"

#include <array>
#include <cstring>

namespace finimport::app {

namespace {

// Stored data refers to these by position: append only, never reorder or remove.
constexpr std::array<std::string_view, 40> kNames = {"account",
                                                     "date",
                                                     "amount",
                                                     "currency",
                                                     "name",
                                                     "category",
                                                     "tags",
                                                     "notes",
                                                     "entity_type",
                                                     "signed_amount",
                                                     "currency_given",
                                                     "external_id",
                                                     "qty",
                                                     "ticker",
                                                     "exchange_operating_mic",
                                                     "price",
                                                     "signed_qty",
                                                     "active",
                                                     "effective_date",
                                                     "conditions",
                                                     "actions",
                                                     "statement_id",
                                                     "memo",
                                                     "payee",
                                                     "check_number",
                                                     "type",
                                                     "balance",
                                                     "description",
                                                     "reference",
                                                     "transfer_account",
                                                     "split_of",
                                                     "opening_balance",
                                                     "fee",
                                                     "total",
                                                     "security",
                                                     "status",
                                                     "number",
                                                     "parent",
                                                     "label",
                                                     "value"};

constexpr char kCompact = 'F';
constexpr char kLiteralName = '!';
constexpr char kNull = '-';
constexpr char kFirstCode = '0';

constexpr int kLiteral = -1;  // a name outside kNames, written out
constexpr int kRepeated = -2; // a name that comes again later in the row: left out

int nameCode(std::string_view name) {
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (kNames[i] == name) return static_cast<int>(i);
    return kLiteral;
}

// The name codes of a row's fields. Rows of one upload repeat the same names in the same
// order, so the last row's codes are kept per thread and reused when the names match (a
// lookup per field was a fifth of an upload's storing thread).
const std::vector<int>& nameCodes(const RowFields& fields) {
    thread_local std::vector<std::string> lastNames;
    thread_local std::vector<int> lastCodes;
    bool same = lastNames.size() == fields.size();
    for (std::size_t i = 0; same && i < fields.size(); ++i)
        same = lastNames[i] == fields[i].first;
    if (same) return lastCodes;
    lastNames.clear();
    lastCodes.clear();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string& name = fields[i].first;
        // A repeated name: the last one wins, as the JSON object did.
        bool later = false;
        for (std::size_t j = i + 1; j < fields.size() && !later; ++j)
            later = fields[j].first == name;
        lastNames.push_back(name);
        lastCodes.push_back(later ? kRepeated : nameCode(name));
    }
    return lastCodes;
}

constexpr const char* kCorrupt = "stored row fields are neither the compact form nor JSON";

} // namespace

std::string encodeRowFields(const RowFields& fields) {
    std::size_t size = 1;
    for (const auto& [k, v] : fields) {
        if (v && std::memchr(v->data(), '\0', v->size())) return rowFieldsToJson(fields);
        size += k.size() + (v ? v->size() : 0) + 8;
    }
    std::string out;
    out.reserve(size);
    out += kCompact;
    const std::vector<int>& codes = nameCodes(fields);
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const auto& [k, v] = fields[i];
        const int code = codes[i];
        if (code == kRepeated) continue;
        if (code >= 0) {
            out += static_cast<char>(kFirstCode + code);
        } else {
            out += kLiteralName;
            domain::appendSized(out, k);
        }
        if (v)
            domain::appendSized(out, *v);
        else
            out += kNull;
    }
    return out;
}

RowFields decodeRowFields(std::string_view stored) {
    if (stored.empty() || stored[0] != kCompact) return rowFieldsFromJson(stored);
    RowFields fields;
    fields.reserve(16); // a transaction row has 12
    domain::SizedReader r(stored.substr(1), kCorrupt);
    while (!r.atEnd()) {
        const char c = r.take();
        std::string name;
        if (c == kLiteralName) {
            name = std::string(r.sized());
        } else {
            const int code = c - kFirstCode;
            if (code < 0 || code >= static_cast<int>(kNames.size())) r.fail();
            name = std::string(kNames[static_cast<std::size_t>(code)]);
        }
        if (r.takeIf(kNull))
            fields.emplace_back(std::move(name), std::nullopt);
        else
            fields.emplace_back(std::move(name), std::string(r.sized()));
    }
    return fields;
}

bool storedFieldBlank(std::string_view stored, std::string_view name) {
    auto blank = [](std::string_view v) { return v.find_first_not_of(" \t") == v.npos; };
    if (stored.empty() || stored[0] != kCompact)
        return blank(fieldText(decodeRowFields(stored), name));
    domain::SizedReader r(stored.substr(1), kCorrupt);
    while (!r.atEnd()) {
        const char c = r.take();
        bool match = false;
        if (c == kLiteralName) {
            match = r.sized() == name;
        } else {
            const int code = c - kFirstCode;
            if (code < 0 || code >= static_cast<int>(kNames.size())) r.fail();
            match = kNames[static_cast<std::size_t>(code)] == name;
        }
        if (r.takeIf(kNull)) {
            if (match) return true;
            continue;
        }
        const std::string_view value = r.sized();
        if (match) return blank(value); // a name is written once (repeats are left out)
    }
    return true;
}

} // namespace finimport::app
