#include "store/RecurringStore.h"

#include "store/Sql.h"
#include "store/Time.h"

namespace finimport::store {

namespace {

const char* kSelect =
    "SELECT id, family_id, account_id, merchant_id, name, amount, currency, "
    "expected_day_of_month, last_occurrence_date, next_expected_date, status, occurrence_count, "
    "manual, expected_amount_min, expected_amount_max, expected_amount_avg, import_id, "
    "created_at, updated_at FROM recurring_transactions ";

RecurringRow rowFrom(const SqlRow& r) {
    RecurringRow x;
    x.id = r.str(0);
    x.familyId = r.str(1);
    x.accountId = r.optStr(2);
    x.merchantId = r.optStr(3);
    x.name = r.optStr(4);
    x.amount = r.i64(5);
    x.currency = r.str(6);
    x.expectedDayOfMonth = r.i64(7);
    x.lastOccurrenceDate = r.str(8);
    x.nextExpectedDate = r.str(9);
    x.status = r.str(10);
    x.occurrenceCount = r.i64(11);
    x.manual = r.i64(12) != 0;
    x.expectedAmountMin = r.optI64(13);
    x.expectedAmountMax = r.optI64(14);
    x.expectedAmountAvg = r.optI64(15);
    x.importId = r.optStr(16);
    x.createdAt = r.i64(17);
    x.updatedAt = r.i64(18);
    return x;
}

} // namespace

void RecurringStore::insert(RecurringRow& x) {
    if (x.id.empty()) x.id = newUuid();
    x.createdAt = x.updatedAt = nowMicros();
    sqlExec(_s,
            "INSERT INTO recurring_transactions (id, family_id, account_id, merchant_id, name, "
            "amount, currency, expected_day_of_month, last_occurrence_date, next_expected_date, "
            "status, occurrence_count, manual, expected_amount_min, expected_amount_max, "
            "expected_amount_avg, import_id, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {x.id, x.familyId, sqlOpt(x.accountId), sqlOpt(x.merchantId), sqlOpt(x.name), x.amount,
             x.currency, x.expectedDayOfMonth, x.lastOccurrenceDate, x.nextExpectedDate, x.status,
             x.occurrenceCount, int64_t(x.manual ? 1 : 0), sqlOpt(x.expectedAmountMin),
             sqlOpt(x.expectedAmountMax), sqlOpt(x.expectedAmountAvg), sqlOpt(x.importId),
             x.createdAt, x.updatedAt});
}

std::optional<RecurringRow> RecurringStore::byId(const std::string& familyId,
                                                 const std::string& id) {
    auto r =
        sqlQueryOne(_s, std::string(kSelect) + "WHERE family_id = ? AND id = ?", {familyId, id});
    if (!r) return std::nullopt;
    return rowFrom(*r);
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
