#include "store/RecurringStore.h"
#include "store/RecordTable.h"

#include "store/Sql.h"
#include "store/Time.h"

namespace finimport::store {

namespace {

// In the order of members(): what rows are read into and inserts bind.
const std::string kColumns =
    "id, family_id, account_id, merchant_id, name, amount, currency, expected_day_of_month, "
    "last_occurrence_date, next_expected_date, status, occurrence_count, manual, "
    "expected_amount_min, expected_amount_max, expected_amount_avg, import_id, created_at, "
    "updated_at";

// The record's members, in the order of kColumns.
auto members(RecurringRow& x) {
    return std::tie(x.id, x.familyId, x.accountId, x.merchantId, x.name, x.amount, x.currency,
                    x.expectedDayOfMonth, x.lastOccurrenceDate, x.nextExpectedDate, x.status,
                    x.occurrenceCount, x.manual, x.expectedAmountMin, x.expectedAmountMax,
                    x.expectedAmountAvg, x.importId, x.createdAt, x.updatedAt);
}

using Table = RecordTable<RecurringRow, members>;
const Table kTable{"recurring_transactions", kColumns};

} // namespace

void RecurringStore::insert(RecurringRow& x) {
    kTable.insert(_s, x);
}

std::optional<RecurringRow> RecurringStore::byId(const std::string& familyId,
                                                 const std::string& id) {
    return kTable.byId(_s, familyId, id);
}

bool RecurringStore::duplicateExists(const RecurringRow& c) {
    if (!c.accountId)
        return false; // records without an account never conflict (docs/api.md §10 kept 4)
    if (c.merchantId)
        return sqlCount(_s,
                        "SELECT COUNT(*) FROM recurring_transactions WHERE family_id = ? AND "
                        "account_id = ? AND merchant_id = ? AND amount = ? AND currency = ?",
                        {c.familyId, *c.accountId, *c.merchantId, c.amount, c.currency}) > 0;
    if (!c.name) return false;
    return sqlCount(_s,
                    "SELECT COUNT(*) FROM recurring_transactions WHERE family_id = ? AND "
                    "account_id = ? AND merchant_id IS NULL AND name = ? AND amount = ? AND "
                    "currency = ?",
                    {c.familyId, *c.accountId, *c.name, c.amount, c.currency}) > 0;
}

int64_t RecurringStore::countOfFamily(const std::string& familyId) {
    return sqlCount(_s, "SELECT COUNT(*) FROM recurring_transactions WHERE family_id = ?",
                    {familyId});
}

} // namespace finimport::store
