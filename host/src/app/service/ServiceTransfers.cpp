// ServiceImporter: Transfer and RejectedTransfer links between imported transactions
// (IMPORTS.md §6.12 "Transfer kinds" and the model rules, violations fail the import).
#include "app/service/ServiceImporter.h"

#include "domain/AccountKind.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <cstdlib>

namespace finimport::app::service {

namespace {

struct Side {
    std::string entryId, accountId, accountType, date;
    int64_t amount = 0;
    bool hasCategory = false;
};

std::optional<Side> sideOf(Poco::Data::Session& s, const std::string& entryId) {
    auto row =
        store::sqlQueryOne(s,
                           "SELECT e.account_id, COALESCE(a.account_type, ''), e.date, e.amount, "
                           "t.category_id FROM entries e JOIN accounts a ON a.id = e.account_id "
                           "JOIN transactions t ON t.entry_id = e.id WHERE e.id = ?",
                           {entryId});
    if (!row) return std::nullopt;
    return Side{entryId, row->str(0), row->str(1), row->str(2), row->i64(3), !row->isNull(4)};
}

} // namespace

void ServiceImporter::transfers(const ServiceRecord& r, bool rejected) {
    auto inflowId = mapped(_transactions, r.data, "inflow_transaction_id");
    auto outflowId = mapped(_transactions, r.data, "outflow_transaction_id");
    if (!inflowId || !outflowId) return; // skipped: a side is missing
    const char* table = rejected ? "rejected_transfers" : "transfers";
    if (auto existing = store::sqlQueryOne(
            _s,
            std::string("SELECT id FROM ") + table +
                " WHERE inflow_transaction_id = ? AND outflow_transaction_id = ?",
            {*inflowId, *outflowId}))
        return; // find-or-create: the link exists
    int64_t now = store::nowMicros();
    std::string id = store::newUuid();
    if (rejected) {
        store::sqlExec(
            _s,
            "INSERT INTO rejected_transfers (id, inflow_transaction_id, outflow_transaction_id, "
            "import_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            {id, *inflowId, *outflowId, _import.id, now, now});
        created("RejectedTransfer", id);
        return;
    }
    auto in = sideOf(_s, *inflowId), out = sideOf(_s, *outflowId);
    if (!in || !out) fail(r, "must link two transactions.");
    if (in->accountId == out->accountId)
        fail(r, "must link transactions on two different accounts.");
    if (!(in->amount < 0 && out->amount > 0))
        fail(r, "needs a negative inflow amount and a positive outflow amount.");
    std::string status =
        presentText(r.data, "status").value_or("pending") == "confirmed" ? "confirmed" : "pending";
    auto inDate = domain::Date::parseIso(in->date), outDate = domain::Date::parseIso(out->date);
    int64_t gap = std::llabs(static_cast<long long>(inDate->days()) - outDate->days());
    if (gap > (status == "confirmed" ? 30 : 4))
        fail(r, "links transactions more than " + std::to_string(status == "confirmed" ? 30 : 4) +
                    " days apart.");
    if (store::sqlCount(_s,
                        "SELECT COUNT(*) FROM transfers WHERE inflow_transaction_id IN (?, ?) "
                        "OR outflow_transaction_id IN (?, ?)",
                        {*inflowId, *outflowId, *inflowId, *outflowId}) > 0)
        fail(r, "uses a transaction that is already part of a transfer.");

    auto inKind = domain::accountKindFromSnake(in->accountType);
    auto outKind = domain::accountKindFromSnake(out->accountType);
    using K = domain::AccountKind;
    auto investing = [](std::optional<K> k) { return k == K::Investment || k == K::Crypto; };
    std::string outflowKind = "funds_movement";
    if (inKind == K::Loan)
        outflowKind = "loan_payment";
    else if (inKind && domain::isLiability(*inKind))
        outflowKind = "cc_payment";
    else if (investing(inKind) && !investing(outKind)) {
        outflowKind = "investment_contribution";
        if (!out->hasCategory) {
            bool made = false;
            std::string category = taxonomyId("categories", "Investment Contributions", made);
            if (made) ++_implicit["categories"];
            store::sqlExec(_s, "UPDATE transactions SET category_id = ? WHERE entry_id = ?",
                           {category, *outflowId});
        }
    }
    store::sqlExec(_s, "UPDATE transactions SET kind = ? WHERE entry_id = ?",
                   {outflowKind, *outflowId});
    store::sqlExec(_s, "UPDATE transactions SET kind = 'funds_movement' WHERE entry_id = ?",
                   {*inflowId});
    store::sqlExec(
        _s,
        "INSERT INTO transfers (id, inflow_transaction_id, outflow_transaction_id, status, notes, "
        "import_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        {id, *inflowId, *outflowId, status, store::sqlOpt(textOf(r.data, "notes")), _import.id, now,
         now});
    created("Transfer", id);
}

} // namespace finimport::app::service
