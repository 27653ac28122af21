#include "app/rows/RowCodec.h"

#include "domain/SizedText.h"

#include <array>
#include <cstring>

namespace finimport::app::rows {

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

// The name codes of a header. Rows of one upload share their header, so the last header's
// codes are kept per thread (a lookup per field was a fifth of an upload's storing thread).
const std::vector<int>& nameCodes(const std::shared_ptr<const Header>& header) {
    thread_local std::shared_ptr<const Header> lastHeader; // held: its address is not reused
    thread_local std::vector<int> lastCodes;
    if (lastHeader == header) return lastCodes;
    const std::vector<std::string>& names = header->names();
    lastCodes.clear();
    for (std::size_t i = 0; i < names.size(); ++i) {
        // A repeated name: the last one wins, as the JSON object did.
        bool later = false;
        for (std::size_t j = i + 1; j < names.size() && !later; ++j)
            later = names[j] == names[i];
        lastCodes.push_back(later ? kRepeated : nameCode(names[i]));
    }
    lastHeader = header;
    return lastCodes;
}

constexpr const char* kCorrupt = "stored row fields are neither the compact form nor JSON";

} // namespace

std::string encodeFields(const Fields& fields) {
    std::size_t size = 1;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const Value& v = fields.value(i);
        if (v && std::memchr(v->data(), '\0', v->size())) return fieldsToJson(fields);
        size += fields.name(i).size() + (v ? v->size() : 0) + 8;
    }
    std::string out;
    out.reserve(size);
    out += kCompact;
    const std::vector<int>& codes = nameCodes(fields.header());
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const int code = codes[i];
        if (code == kRepeated) continue;
        if (code >= 0) {
            out += static_cast<char>(kFirstCode + code);
        } else {
            out += kLiteralName;
            domain::appendSized(out, fields.name(i));
        }
        if (const Value& v = fields.value(i))
            domain::appendSized(out, *v);
        else
            out += kNull;
    }
    return out;
}

Fields decodeFields(std::string_view stored) {
    if (stored.empty() || stored[0] != kCompact) return fieldsFromJson(stored);
    thread_local std::vector<std::string_view> names; // views of kNames and `stored`
    names.clear();
    std::vector<Value> values;
    values.reserve(16); // a transaction row has 12
    domain::SizedReader r(stored.substr(1), kCorrupt);
    while (!r.atEnd()) {
        const char c = r.take();
        if (c == kLiteralName) {
            names.push_back(r.sized());
        } else {
            const int code = c - kFirstCode;
            if (code < 0 || code >= static_cast<int>(kNames.size())) r.fail();
            names.push_back(kNames[static_cast<std::size_t>(code)]);
        }
        if (r.takeIf(kNull))
            values.emplace_back(std::nullopt);
        else
            values.emplace_back(std::string(r.sized()));
    }
    return Fields(decodedHeader(names), std::move(values));
}

std::shared_ptr<const Header> decodedHeader(const std::vector<std::string_view>& names) {
    thread_local std::shared_ptr<const Header> last;
    bool same = last && last->size() == names.size();
    for (std::size_t i = 0; same && i < names.size(); ++i)
        same = last->names()[i] == names[i];
    if (!same) last = Header::of(std::vector<std::string>(names.begin(), names.end()));
    return last;
}

bool storedFieldBlank(std::string_view stored, std::string_view name) {
    auto blank = [](std::string_view v) { return v.find_first_not_of(" \t") == v.npos; };
    if (stored.empty() || stored[0] != kCompact) return blank(decodeFields(stored).view(name));
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

} // namespace finimport::app::rows
