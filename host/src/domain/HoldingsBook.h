#pragma once
// Quantities held and latest known prices of an investment account's securities, as the
// balance calculator walks forward day by day. Securities are dense indexes (0..n-1) that the
// caller assigns once, so the daily loop never hashes strings.

#include "domain/Decimal.h"

#include <cstddef>
#include <vector>

namespace finimport::domain {

class HoldingsBook {
public:
    explicit HoldingsBook(size_t securityCount);

    // A trade with qty != 0: the quantity moves; a non-zero price becomes the latest price.
    void applyTrade(size_t security, Decimal qty, Decimal price);
    // A holding price point (docs/decisions.md D21).
    void applyPrice(size_t security, Decimal price);

    // Σ quantity × latest price over securities with a known price; each product is rounded
    // half away from zero to 8 places (docs/decisions.md D2). Recomputed only after a change.
    Decimal value();

private:
    std::vector<Decimal> _qty;
    std::vector<Decimal> _price; // 0 = no price known yet
    Decimal _value;
    bool _dirty = false;
};

} // namespace finimport::domain
