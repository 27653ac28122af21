// The record kinds the CSV plugin writes, each field named once (plugins/csv/records.md): the
// builders set fields by name (kTransaction["signed_amount"]), never by a counted position.
#ifndef FINIMPORT_CSV_RECORDFIELDS_H
#define FINIMPORT_CSV_RECORDFIELDS_H

#include "finimport/fields.hpp"

namespace finimport::csv {

inline constexpr FieldList kTransaction{
    "account", "date",  "amount",      "currency",      "name",           "category",
    "tags",    "notes", "entity_type", "signed_amount", "currency_given", "external_id"};

inline constexpr FieldList kTrade{
    "account",    "date",       "ticker",        "exchange_operating_mic",
    "qty",        "price",      "amount",        "currency",
    "name",       "signed_qty", "signed_amount", "currency_given",
    "external_id"};

inline constexpr FieldList kAccount{"name",        "amount", "currency",
                                    "entity_type", "date",   "signed_amount"};

inline constexpr FieldList kRule{"name",           "resource_type", "active",
                                 "effective_date", "conditions",    "actions"};

} // namespace finimport::csv

#endif // FINIMPORT_CSV_RECORDFIELDS_H
