#include "app/rows/RecordKinds.h"

#include <algorithm>
#include <array>

namespace finimport::app::rows {

namespace {

using Names = std::span<const std::string_view>;

bool contains(Names names, std::string_view field) {
    return std::find(names.begin(), names.end(), field) != names.end();
}

// The fields of the rows endpoint (ImportRowsHandler) a client may change, whatever the kind:
// a field the row does not have is refused anyway.
constexpr std::array<std::string_view, 13> kEditable = {
    "account", "date",        "qty",      "ticker", "exchange_operating_mic",
    "price",   "amount",      "currency", "name",   "category",
    "tags",    "entity_type", "notes"};
// A rule's fields checked by the rule plugin only; refused on any row that has them.
constexpr std::array<std::string_view, 4> kLocked = {"active", "effective_date", "conditions",
                                                     "actions"};

constexpr std::array<std::string_view, 2> kTransactionRequired = {"date", "amount"};
constexpr std::array<std::string_view, 4> kTradeRequired = {"date", "ticker", "qty", "price"};
constexpr std::array<std::string_view, 2> kAccountRequired = {"name", "amount"};
constexpr std::array<std::string_view, 1> kNameRequired = {"name"};

// records.md "Signs": a transaction's file sign is positive for money in (the engine's is
// positive for money out); a quantity's is positive for a buy; a balance is a level.
constexpr std::array<SignedField, 1> kTransactionSigned = {{{"signed_amount", "amount", -1}}};
constexpr std::array<SignedField, 2> kTradeSigned = {
    {{"signed_qty", "qty", 1}, {"signed_amount", "", 1}}};
constexpr std::array<SignedField, 1> kAccountSigned = {{{"signed_amount", "amount", 1}}};
constexpr std::array<std::string_view, 1> kFromAmount = {"amount"};
constexpr std::array<std::string_view, 2> kFromQtyOrPrice = {"qty", "price"};

const std::array<RecordKind, 4> kKinds = {{
    {"transaction", kTransactionRequired, kEditable, kLocked, kTransactionSigned, kFromAmount,
     true},
    {"trade", kTradeRequired, kEditable, kLocked, kTradeSigned, kFromQtyOrPrice, true},
    {"account", kAccountRequired, kEditable, kLocked, kAccountSigned, kFromAmount, false},
    {"rule", kNameRequired, kEditable, kLocked, {}, {}, false},
}};
const RecordKind kDefault = {"", kNameRequired, kEditable, kLocked, {}, {}, false};

} // namespace

bool RecordKind::isRequired(std::string_view field) const {
    return contains(required, field);
}
bool RecordKind::isEditable(std::string_view field) const {
    return contains(editable, field);
}
bool RecordKind::isLocked(std::string_view field) const {
    return contains(locked, field);
}
bool RecordKind::recomputesOn(std::string_view field) const {
    return contains(signedFrom, field);
}

const RecordKind& recordKind(std::string_view kind) {
    for (const auto& k : kKinds)
        if (k.kind == kind) return k;
    return kDefault;
}

} // namespace finimport::app::rows
