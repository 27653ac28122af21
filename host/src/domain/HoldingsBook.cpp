#include "domain/HoldingsBook.h"

namespace finimport::domain {

HoldingsBook::HoldingsBook(size_t securityCount) : _qty(securityCount), _price(securityCount) {}

void HoldingsBook::applyTrade(size_t security, Decimal qty, Decimal price) {
    _qty.at(security) += qty;
    // A zero price means "not known" (e.g. shares moved in without a price, docs/decisions.md D16),
    // not a price of zero: keep the last known one.
    if (!price.isZero()) _price.at(security) = price;
    _dirty = true;
}

void HoldingsBook::applyPrice(size_t security, Decimal price) {
    if (price.isZero()) return; // same rule as trades: zero = unknown
    _price.at(security) = price;
    _dirty = true;
}

Decimal HoldingsBook::value() {
    if (_dirty) {
        Decimal total;
        for (size_t i = 0; i < _qty.size(); ++i)
            if (!_qty[i].isZero() && !_price[i].isZero()) total += _qty[i] * _price[i];
        _value = total;
        _dirty = false;
    }
    return _value;
}

} // namespace finimport::domain
