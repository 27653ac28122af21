#include "domain/Currency.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace finimport::domain {

namespace {

using P = MoneyPattern;

// docs/api.md §5.3, one line per currency, sorted by code (findCurrency binary-searches it).
constexpr Currency kCurrencies[] = {
    {"AED", "د.إ", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"AFN", "؋", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"ALL", "L", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"AMD", "֏", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"ANG", "ƒ", P::UnitNumber, 2, 100, ",", "."},
    {"AOA", "Kz", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"ARS", "AR$", P::UnitNumber, 2, 100, ",", "."},
    {"AUD", "AU$", P::UnitNumber, 2, 100, ".", ","},
    {"AWG", "ƒ", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"AZN", "₼", P::UnitNumber, 2, 100, ".", ","},
    {"BAM", "КМ", P::UnitNumber, 2, 100, ".", ","},
    {"BBD", "BB$", P::UnitNumber, 2, 100, ".", ","},
    {"BDT", "৳", P::UnitNumber, 2, 100, ".", ","},
    {"BGN", "лв.", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"BHD", "د.ب", P::UnitNumber, 3, 1000, ".", ","},
    {"BIF", "Fr", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"BMD", "BM$", P::UnitNumber, 2, 100, ".", ","},
    {"BND", "BN$", P::UnitNumber, 2, 100, ".", ","},
    {"BOB", "Bs.", P::UnitNumber, 2, 100, ".", ","},
    {"BRL", "R$", P::UnitNumber, 2, 100, ",", "."},
    {"BSD", "BS$", P::UnitNumber, 2, 100, ".", ","},
    {"BTC", "₿", P::UnitNumber, 8, 100000000, ".", ","},
    {"BTN", "Nu.", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"BWP", "P", P::UnitNumber, 2, 100, ".", ","},
    {"BYN", "Br", P::NumberSpaceUnit, 2, 100, ",", " "},
    {"BYR", "Br", P::NumberSpaceUnit, 0, 1, ",", " "},
    {"BZD", "BZ$", P::UnitNumber, 2, 100, ".", ","},
    {"CAD", "CA$", P::UnitNumber, 2, 100, ".", ","},
    {"CDF", "Fr", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"CHF", "CHF", P::UnitSpaceNumber, 2, 100, ".", ","},
    {"CLF", "UF", P::UnitNumber, 4, 10000, ",", "."},
    {"CLP", "CL$", P::UnitNumber, 0, 1, ",", "."},
    {"CNH", "¥", P::UnitNumber, 2, 100, ".", ","},
    {"CNY", "¥", P::UnitNumber, 2, 100, ".", ","},
    {"COP", "CO$", P::UnitNumber, 2, 100, ",", "."},
    {"CRC", "₡", P::UnitNumber, 2, 100, ",", "."},
    {"CUC", "CU$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"CUP", "CU$", P::UnitNumber, 2, 100, ".", ","},
    {"CVE", "CV$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"CZK", "Kč", P::NumberSpaceUnit, 2, 100, ",", " "},
    {"DJF", "Fdj", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"DKK", "kr.", P::NumberSpaceUnit, 2, 100, ",", "."},
    {"DOGE", "Ð", P::UnitNumber, 8, 100000000, ".", ","},
    {"DOP", "DO$", P::UnitNumber, 2, 100, ".", ","},
    {"DZD", "د.ج", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"EGP", "ج.م", P::UnitNumber, 2, 100, ".", ","},
    {"ERN", "Nfk", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"ETB", "Br", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"EUR", "€", P::UnitNumber, 2, 100, ".", ","},
    {"FJD", "FJ$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"FKP", "£", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"GBP", "£", P::UnitNumber, 2, 100, ".", ","},
    {"GBX", "", P::UnitNumber, 0, 1, ".", ","},
    {"GEL", "₾", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"GGP", "£", P::UnitNumber, 2, 100, ".", ","},
    {"GHS", "₵", P::UnitNumber, 2, 100, ".", ","},
    {"GIP", "£", P::UnitNumber, 2, 100, ".", ","},
    {"GMD", "D", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"GNF", "Fr", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"GTQ", "Q", P::UnitNumber, 2, 100, ".", ","},
    {"GYD", "GY$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"HKD", "HK$", P::UnitNumber, 2, 100, ".", ","},
    {"HNL", "L", P::UnitNumber, 2, 100, ".", ","},
    {"HTG", "G", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"HUF", "Ft", P::NumberSpaceUnit, 0, 1, ",", " "},
    {"IDR", "Rp", P::UnitNumber, 2, 100, ",", "."},
    {"ILS", "₪", P::UnitNumber, 2, 100, ".", ","},
    {"IMP", "£", P::UnitNumber, 2, 100, ".", ","},
    {"INR", "₹", P::UnitNumber, 2, 100, ".", ","},
    {"IQD", "ع.د", P::NumberSpaceUnit, 3, 1000, ".", ","},
    {"IRR", "﷼", P::UnitNumber, 2, 100, ".", ","},
    {"ISK", "kr.", P::NumberSpaceUnit, 0, 1, ",", "."},
    {"JEP", "£", P::UnitNumber, 2, 100, ".", ","},
    {"JMD", "JM$", P::UnitNumber, 2, 100, ".", ","},
    {"JOD", "د.ا", P::UnitNumber, 3, 1000, ".", ","},
    {"JPY", "¥", P::UnitNumber, 0, 1, ".", ","},
    {"KES", "KSh", P::UnitNumber, 2, 100, ".", ","},
    {"KGS", "som", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"KHR", "៛", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"KMF", "Fr", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"KPW", "₩", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"KRW", "₩", P::UnitNumber, 0, 1, ".", ","},
    {"KWD", "د.ك", P::UnitNumber, 3, 1000, ".", ","},
    {"KYD", "KY$", P::UnitNumber, 2, 100, ".", ","},
    {"KZT", "₸", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"LAK", "₭", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"LBP", "ل.ل", P::UnitNumber, 2, 100, ".", ","},
    {"LKR", "₨", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"LRD", "LR$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"LSL", "L", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"LYD", "ل.د", P::NumberSpaceUnit, 3, 1000, ".", ","},
    {"MAD", "د.م.", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MDL", "L", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MGA", "Ar", P::UnitNumber, 1, 5, ".", ","},
    {"MKD", "ден", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MMK", "K", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MNT", "₮", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MOP", "P", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MRU", "UM", P::NumberSpaceUnit, 1, 5, ".", ","},
    {"MUR", "₨", P::UnitNumber, 2, 100, ".", ","},
    {"MVR", "MVR", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MWK", "MK", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"MXN", "MX$", P::UnitNumber, 2, 100, ".", ","},
    {"MYR", "RM", P::UnitNumber, 2, 100, ".", ","},
    {"MZN", "MTn", P::UnitNumber, 2, 100, ",", "."},
    {"NAD", "NA$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"NGN", "₦", P::UnitNumber, 2, 100, ".", ","},
    {"NIO", "C$", P::UnitNumber, 2, 100, ".", ","},
    {"NOK", "kr", P::NumberSpaceUnit, 2, 100, ",", "."},
    {"NPR", "Rs.", P::UnitNumber, 2, 100, ".", ","},
    {"NZD", "NZ$", P::UnitNumber, 2, 100, ".", ","},
    {"OMR", "ر.ع.", P::UnitNumber, 3, 1000, ".", ","},
    {"PAB", "B/.", P::UnitNumber, 2, 100, ".", ","},
    {"PEN", "S/", P::UnitNumber, 2, 100, ",", "."},
    {"PGK", "K", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"PHP", "₱", P::UnitNumber, 2, 100, ".", ","},
    {"PKR", "₨", P::UnitNumber, 2, 100, ".", ","},
    {"PLN", "zł", P::NumberSpaceUnit, 2, 100, ",", " "},
    {"PYG", "₲", P::UnitNumber, 0, 1, ".", ","},
    {"QAR", "ر.ق", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"RON", "Lei", P::NumberSpaceUnit, 2, 100, ",", "."},
    {"RSD", "РСД", P::UnitNumber, 2, 100, ".", ","},
    {"RUB", "₽", P::NumberSpaceUnit, 2, 100, ",", "."},
    {"RWF", "FRw", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"SAR", "ر.س", P::UnitNumber, 2, 100, ".", ","},
    {"SBD", "SB$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SCR", "₨", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SDG", "£", P::UnitNumber, 2, 100, ".", ","},
    {"SEK", "kr", P::NumberSpaceUnit, 2, 100, ",", " "},
    {"SGD", "SG$", P::UnitNumber, 2, 100, ".", ","},
    {"SHP", "£", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SKK", "Sk", P::UnitNumber, 2, 100, ".", ","},
    {"SLE", "Le", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SLL", "Le", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SOS", "Sh", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SRD", "SR$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SSP", "£", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"STD", "Db", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"STN", "Db", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SVC", "₡", P::UnitNumber, 2, 100, ".", ","},
    {"SYP", "£S", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"SZL", "E", P::UnitNumber, 2, 100, ".", ","},
    {"THB", "฿", P::UnitNumber, 2, 100, ".", ","},
    {"TJS", "ЅМ", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"TMT", "T", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"TND", "د.ت", P::NumberSpaceUnit, 3, 1000, ".", ","},
    {"TOP", "T$", P::UnitNumber, 2, 100, ".", ","},
    {"TRY", "₺", P::UnitNumber, 2, 100, ",", "."},
    {"TTD", "TT$", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"TWD", "TW$", P::UnitNumber, 2, 100, ".", ","},
    {"TZS", "Sh", P::UnitNumber, 2, 100, ".", ","},
    {"UAH", "₴", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"UGX", "USh", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"USD", "$", P::UnitNumber, 2, 100, ".", ","},
    {"USDC", "USDC", P::UnitNumber, 2, 100, ".", ","},
    {"UYU", "$U", P::UnitNumber, 2, 100, ",", "."},
    {"UZS", "so'm", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"VES", "Bs", P::UnitNumber, 2, 100, ",", "."},
    {"VND", "₫", P::NumberSpaceUnit, 0, 1, ",", "."},
    {"VUV", "Vt", P::UnitNumber, 0, 1, ".", ","},
    {"WST", "T", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"XAF", "CFA", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XAG", "oz t", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XAU", "oz t", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XBA", "", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XBB", "", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XBC", "", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XBD", "", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XCD", "XC$", P::UnitNumber, 2, 100, ".", ","},
    {"XDR", "SDR", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XFU", "", P::UnitNumber, 2, 100, ".", ","},
    {"XOF", "Fr", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XPD", "oz t", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XPF", "Fr", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XPT", "oz t", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"XTS", "", P::NumberSpaceUnit, 0, 1, ".", ","},
    {"YER", "﷼", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"ZAR", "R", P::UnitNumber, 2, 100, ",", " "},
    {"ZMK", "ZK", P::NumberSpaceUnit, 2, 100, ".", ","},
    {"ZMW", "K", P::UnitNumber, 2, 100, ".", ","},
};

constexpr bool sortedByCode() {
    for (size_t i = 1; i < std::size(kCurrencies); ++i)
        if (!(kCurrencies[i - 1].code < kCurrencies[i].code)) return false;
    return true;
}
static_assert(sortedByCode(), "kCurrencies must stay sorted by code");

constexpr size_t kMaxCodeLength = 8;

} // namespace

const Currency* findCurrency(std::string_view code) {
    if (code.empty() || code.size() > kMaxCodeLength) return nullptr;
    std::array<char, kMaxCodeLength> upper{};
    for (size_t i = 0; i < code.size(); ++i) {
        char c = code[i];
        upper[i] = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    }
    std::string_view key(upper.data(), code.size());
    auto it = std::lower_bound(std::begin(kCurrencies), std::end(kCurrencies), key,
                               [](const Currency& c, std::string_view k) { return c.code < k; });
    if (it == std::end(kCurrencies) || it->code != key) return nullptr;
    return &*it;
}

std::span<const Currency> allCurrencies() {
    return kCurrencies;
}

} // namespace finimport::domain
