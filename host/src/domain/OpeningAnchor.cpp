#include "domain/OpeningAnchor.h"

#include <algorithm>

namespace finimport::domain {

Date defaultOpeningDate(std::optional<Date> oldestEntryDate, Date today) {
    const Date twoYearsAgo = today.addYears(-2);
    if (!oldestEntryDate) return twoYearsAgo;
    return std::min(oldestEntryDate->addDays(-1), twoYearsAgo);
}

std::string openingAnchorName(AccountKind kind) {
    switch (kind) {
    case AccountKind::Property:
    case AccountKind::Vehicle:
        return "Original purchase price";
    case AccountKind::Loan:
        return "Original principal";
    case AccountKind::Investment:
    case AccountKind::Crypto:
    case AccountKind::OtherAsset:
        return "Opening account value";
    default:
        return "Opening balance";
    }
}

} // namespace finimport::domain
