// RecordWriter: Transfer and RejectedTransfer links between imported transactions
// (docs/imports.md §6.12 "Transfer kinds" and the model rules, violations fail the import).
#include "app/backup/RecordWriter.h"

#include "domain/AccountKind.h"
#include "store/TransferStore.h"

#include <cstdlib>

namespace finimport::app::backup {

void RecordWriter::transfers(const BackupRecord& r, bool rejected) {
    auto inflowId = mapped(_transactions, r.data, "inflow_transaction_id");
    auto outflowId = mapped(_transactions, r.data, "outflow_transaction_id");
    if (!inflowId || !outflowId) return; // skipped: a side is missing
    if (store::linkExists(_s, rejected, *inflowId, *outflowId))
        return; // find-or-create: the link exists
    if (rejected) {
        created("RejectedTransfer",
                store::insertRejectedTransfer(_s, *inflowId, *outflowId, _import.id));
        return;
    }
    auto in = store::transferLeg(_s, *inflowId), out = store::transferLeg(_s, *outflowId);
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
    if (store::inAnyTransfer(_s, *inflowId, *outflowId))
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
            store::setTransactionCategory(_s, *outflowId, category);
        }
    }
    store::setTransactionKind(_s, *outflowId, outflowKind);
    store::setTransactionKind(_s, *inflowId, "funds_movement");
    created("Transfer", store::insertTransfer(_s, *inflowId, *outflowId, status,
                                              textOf(r.data, "notes"), _import.id));
}

} // namespace finimport::app::backup
