#include "domain/OpeningAnchor.h"

#include <algorithm>

namespace finimport::domain {

Date defaultOpeningDate(std::optional<Date> oldestEntryDate, Date today) {
    const Date twoYearsAgo = today.addYears(-2);
    if (!oldestEntryDate) return twoYearsAgo;
    return std::min(oldestEntryDate->addDays(-1), twoYearsAgo);
}

} // namespace finimport::domain
