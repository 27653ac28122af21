#pragma once
// Transfers and rejected transfers between two transaction entries, and the transaction kind
// and category a transfer sets on its legs.

#include "store/Tx.h"
#include <cstdint>
#include <optional>
#include <string>

namespace finimport::store {

// One leg of a transfer as the link rules see it.
struct TransferLeg {
    std::string entryId, accountId, accountType, date; // accountType '' when unset
    int64_t amount = 0;                                // scaled 10^8, engine sign
    bool hasCategory = false;
};

// The leg for a transaction entry; nullopt when `entryId` is not a transaction.
std::optional<TransferLeg> transferLeg(Tx& s, const std::string& entryId);
// True when a transfer (`rejected`: a rejected transfer) links exactly these two entries.
bool linkExists(Tx& s, bool rejected, const std::string& inflowId, const std::string& outflowId);
// True when either entry is already a leg of some transfer.
bool inAnyTransfer(Tx& s, const std::string& inflowId, const std::string& outflowId);
// Inserts a transfer owned by `importId`; returns its id.
std::string insertTransfer(Tx& s, const std::string& inflowId, const std::string& outflowId,
                           const std::string& status, const std::optional<std::string>& notes,
                           const std::string& importId);
// Inserts a rejected transfer owned by `importId`; returns its id.
std::string insertRejectedTransfer(Tx& s, const std::string& inflowId, const std::string& outflowId,
                                   const std::string& importId);
// The transaction's kind (standard, funds_movement, cc_payment, loan_payment, …).
void setTransactionKind(Tx& s, const std::string& entryId, const std::string& kind);
// The transaction's category (an investment contribution without one gets a default).
void setTransactionCategory(Tx& s, const std::string& entryId, const std::string& categoryId);
// Both legs become `funds_movement` without a category.
void markFundsMovement(Tx& s, const std::string& entryA, const std::string& entryB);

} // namespace finimport::store
