#pragma once
// The objects of the read API (docs/read-api.md §2.1, §3.1, §4.1, §5, §6), every field always
// present.

#include "http/JsonWriter.h"
#include "store/LedgerReads.h"
#include "store/TransactionReads.h"

namespace finimport::http {

void writeAccount(JsonWriter& w, const store::AccountView& a);
void writeTransaction(JsonWriter& w, const store::TransactionView& t);
void writeCategory(JsonWriter& w, const store::CategoryView& c);
void writeMerchant(JsonWriter& w, const store::NamedView& m);
void writeTag(JsonWriter& w, const store::NamedView& t);

} // namespace finimport::http
