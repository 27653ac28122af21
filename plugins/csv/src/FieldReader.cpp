#include "FieldReader.h"

namespace finimport::csv {

// The header names each field falls back to after its label (docs/imports.md §5.3).
std::span<const std::string_view> aliasesOf(Field field) {
    static constexpr std::string_view account[] = {"account", "account_name"};
    static constexpr std::string_view entityType[] = {"entity_type", "account_type", "type"};
    static constexpr std::string_view currency[] = {"currency"};
    static constexpr std::string_view date[] = {"date"};
    static constexpr std::string_view amount[] = {"amount", "balance"};
    static constexpr std::string_view name[] = {"name"};
    static constexpr std::string_view category[] = {"category"};
    static constexpr std::string_view tags[] = {"tags"};
    static constexpr std::string_view notes[] = {"notes"};
    static constexpr std::string_view qty[] = {"qty", "quantity"};
    static constexpr std::string_view price[] = {"price"};
    static constexpr std::string_view ticker[] = {"ticker"};
    static constexpr std::string_view mic[] = {"exchange_operating_mic"};
    switch (field) {
    case Field::Account:
        return account;
    case Field::EntityType:
        return entityType;
    case Field::Currency:
        return currency;
    case Field::Date:
        return date;
    case Field::Amount:
        return amount;
    case Field::Name:
        return name;
    case Field::Category:
        return category;
    case Field::Tags:
        return tags;
    case Field::Notes:
        return notes;
    case Field::Qty:
        return qty;
    case Field::Price:
        return price;
    case Field::Ticker:
        return ticker;
    case Field::Mic:
        return mic;
    case Field::Inflow:     // docs/decisions.md D40: by label only
    case Field::Outflow:    // docs/decisions.md D40: by label only
    case Field::ExternalId: // docs/decisions.md D63: by label only
    case Field::Balance:    // docs/decisions.md D99: by label only
    case Field::Count:
        break;
    }
    return {};
}

// The record field a logical field's value is stored in (a row check reads the stored record).
const char* recordFieldOf(Field field) {
    static constexpr const char* kNames[] = {"date",
                                             "amount",
                                             "name",
                                             "category",
                                             "tags",
                                             "notes",
                                             "account",
                                             "qty",
                                             "ticker",
                                             "price",
                                             "entity_type",
                                             "currency",
                                             "exchange_operating_mic",
                                             nullptr,
                                             nullptr,
                                             "external_id",
                                             nullptr}; // inflow/outflow: in amount; balance: none
    static_assert(std::size(kNames) == std::size_t(Field::Count));
    return kNames[std::size_t(field)];
}

} // namespace finimport::csv
