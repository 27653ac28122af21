#include "app/recurring/NumberText.h"

#include <cctype>
#include <string>

namespace finimport::app {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

} // namespace

NumberRead readNumber(std::string_view text, int places) {
    NumberRead out;
    size_t b = text.find_first_not_of(" \t\r\n"), e = text.find_last_not_of(" \t\r\n");
    if (b == std::string_view::npos) return out;
    std::string_view t = text.substr(b, e - b + 1);
    size_t i = 0;
    bool negative = false;
    if (t[i] == '+' || t[i] == '-') negative = t[i++] == '-';
    std::string intDigits, fracDigits;
    while (i < t.size() && isDigit(t[i]))
        intDigits += t[i++];
    if (i < t.size() && t[i] == '.') {
        ++i;
        while (i < t.size() && isDigit(t[i]))
            fracDigits += t[i++];
    }
    if (intDigits.empty() && fracDigits.empty()) return out;
    long exponent = 0;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) expNegative = t[i++] == '-';
        if (i >= t.size() || !isDigit(t[i])) return out;
        while (i < t.size() && isDigit(t[i])) {
            if (exponent < 100000) exponent = exponent * 10 + (t[i] - '0');
            ++i;
        }
        if (expNegative) exponent = -exponent;
    }
    if (i != t.size()) return out;

    // Shift the decimal point by the exponent on the digit string.
    std::string digits = intDigits + fracDigits;
    long point = static_cast<long>(intDigits.size()) + exponent;
    if (point < 0) {
        digits.insert(0, static_cast<size_t>(-point), '0');
        point = 0;
    }
    if (point > static_cast<long>(digits.size())) {
        if (point > 400) {
            out.status = digits.find_first_not_of('0') == std::string::npos
                             ? NumberRead::Status::Ok
                             : NumberRead::Status::OutOfRange;
            return out;
        }
        digits.append(static_cast<size_t>(point) - digits.size(), '0');
    }
    std::string whole = digits.substr(0, static_cast<size_t>(point));
    std::string fraction = digits.substr(static_cast<size_t>(point));
    out.hasFraction = fraction.find_first_not_of('0') != std::string::npos;

    // Round half away from zero to `places`.
    bool roundUp = fraction.size() > static_cast<size_t>(places) &&
                   fraction[static_cast<size_t>(places)] >= '5';
    if (fraction.size() > static_cast<size_t>(places)) fraction.resize(static_cast<size_t>(places));
    std::string number = whole + fraction;
    if (roundUp) {
        int k = static_cast<int>(number.size()) - 1;
        while (k >= 0 && number[static_cast<size_t>(k)] == '9')
            number[static_cast<size_t>(k--)] = '0';
        if (k < 0)
            number = std::string(1, '1') + number;
        else
            ++number[static_cast<size_t>(k)];
    }
    size_t fracLen = fraction.size();
    std::string wholePart = number.substr(0, number.size() - fracLen);
    std::string fracPart = number.substr(number.size() - fracLen);
    size_t nz = wholePart.find_first_not_of('0');
    wholePart = nz == std::string::npos ? "0" : wholePart.substr(nz);
    std::string canonical = wholePart;
    if (!fracPart.empty()) canonical += '.' + fracPart;
    bool zero = canonical.find_first_not_of("0.") == std::string::npos;
    if (negative && !zero) canonical = std::string(1, '-') + canonical;
    auto parsed = domain::Decimal::parse(canonical);
    if (!parsed) {
        out.status = NumberRead::Status::OutOfRange;
        return out;
    }
    out.status = NumberRead::Status::Ok;
    out.value = *parsed;
    return out;
}

} // namespace finimport::app
