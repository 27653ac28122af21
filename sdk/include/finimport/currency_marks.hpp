// The currency symbols and codes a number may be written with: the ISO-style codes and display
// units of the host's currency table (kept equal to it by the host's own tests), and a few common
// spellings the table does not use (`US$`, `A$`, `S$`). Anything else around a number is no
// currency: `x12` is not 12 but an error naming "x".
#ifndef FINIMPORT_CURRENCY_MARKS_HPP
#define FINIMPORT_CURRENCY_MARKS_HPP

#include <string_view>

namespace finimport::sdk {

// ISO-style codes of the host's currency table (matched in any case).
inline constexpr std::string_view kCurrencyCodes[] = {
    "AED", "AFN", "ALL", "AMD",  "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD",  "BDT",
    "BGN", "BHD", "BIF", "BMD",  "BND", "BOB", "BRL", "BSD", "BTC", "BTN", "BWP", "BYN",  "BYR",
    "BZD", "CAD", "CDF", "CHF",  "CLF", "CLP", "CNH", "CNY", "COP", "CRC", "CUC", "CUP",  "CVE",
    "CZK", "DJF", "DKK", "DOGE", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP",  "GBP",
    "GBX", "GEL", "GGP", "GHS",  "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG",  "HUF",
    "IDR", "ILS", "IMP", "INR",  "IQD", "IRR", "ISK", "JEP", "JMD", "JOD", "JPY", "KES",  "KGS",
    "KHR", "KMF", "KPW", "KRW",  "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL",  "LYD",
    "MAD", "MDL", "MGA", "MKD",  "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN",  "MYR",
    "MZN", "NAD", "NGN", "NIO",  "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP",  "PKR",
    "PLN", "PYG", "QAR", "RON",  "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK",  "SGD",
    "SHP", "SKK", "SLE", "SLL",  "SOS", "SRD", "SSP", "STD", "STN", "SVC", "SYP", "SZL",  "THB",
    "TJS", "TMT", "TND", "TOP",  "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USDC", "UYU",
    "UZS", "VES", "VND", "VUV",  "WST", "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD",  "XCD",
    "XDR", "XFU", "XOF", "XPD",  "XPF", "XPT", "XTS", "YER", "ZAR", "ZMK", "ZMW",
};

// Display units of the host's currency table that are not codes (matched exactly).
inline constexpr std::string_view kCurrencyUnits[] = {
    "$",   "$U",  "AR$", "AU$", "Ar",  "B/.", "BB$", "BM$", "BN$",  "BS$", "BZ$",  "Br",   "Bs",
    "Bs.", "C$",  "CA$", "CFA", "CL$", "CO$", "CU$", "CV$", "D",    "DO$", "Db",   "E",    "FJ$",
    "FRw", "Fdj", "Fr",  "Ft",  "G",   "GY$", "HK$", "JM$", "K",    "KSh", "KY$",  "Kz",   "Kč",
    "L",   "LR$", "Le",  "Lei", "MK",  "MTn", "MX$", "NA$", "NZ$",  "Nfk", "Nu.",  "P",    "Q",
    "R",   "R$",  "RM",  "Rp",  "Rs.", "S/",  "SB$", "SDR", "SG$",  "SR$", "Sh",   "Sk",   "T",
    "T$",  "TT$", "TW$", "UF",  "UM",  "USh", "Vt",  "XC$", "ZK",   "kr",  "kr.",  "oz t", "so'm",
    "som", "zł",  "£",   "£S",  "¥",   "Ð",   "ƒ",   "ЅМ",  "КМ",   "РСД", "ден",  "лв.",  "֏",
    "؋",   "ج.م", "د.إ", "د.ا", "د.ب", "د.ت", "د.ج", "د.ك", "د.م.", "ر.س", "ر.ع.", "ر.ق",  "ع.د",
    "ل.د", "ل.ل", "৳",   "฿",   "៛",   "₡",   "₦",   "₨",   "₩",    "₪",   "₫",    "€",    "₭",
    "₮",   "₱",   "₲",   "₴",   "₵",   "₸",   "₹",   "₺",   "₼",  "₽", "₾",  "₿",  "﷼",
};

// Spellings banks print that the table does not use.
inline constexpr std::string_view kCurrencyExtraUnits[] = {"US$", "A$", "S$"};

namespace detail {

constexpr bool sameIgnoringAsciiCase(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'a' && x <= 'z') x = char(x - 'a' + 'A');
        if (y >= 'a' && y <= 'z') y = char(y - 'a' + 'A');
        if (x != y) return false;
    }
    return true;
}

constexpr std::string_view withoutFinalDot(std::string_view s) noexcept {
    return !s.empty() && s.back() == '.' ? s.substr(0, s.size() - 1) : s;
}

} // namespace detail

// True when `mark` is a currency code (any case) or symbol of the table; a final `.` is
// optional on either side (`د.ا.` and `د.ا`, `Rs` and `Rs.`).
constexpr bool isCurrencyMark(std::string_view mark) noexcept {
    if (mark.empty()) return false;
    const std::string_view bare = detail::withoutFinalDot(mark);
    for (std::string_view code : kCurrencyCodes)
        if (detail::sameIgnoringAsciiCase(mark, code)) return true;
    for (std::string_view unit : kCurrencyUnits)
        if (mark == unit || (!bare.empty() && bare == detail::withoutFinalDot(unit))) return true;
    for (std::string_view unit : kCurrencyExtraUnits)
        if (mark == unit) return true;
    return false;
}

} // namespace finimport::sdk

#endif // FINIMPORT_CURRENCY_MARKS_HPP
