#include "app/imports/TextDecoding.h"

#include "domain/Utf8.h"

#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#include <unicode/ustring.h>

#include <memory>
#include <stdexcept>
#include <vector>

namespace finimport::app {

namespace {

constexpr int kMinConfidence = 50;

std::string_view stripBom(std::string_view s) {
    if (s.size() >= 3 && static_cast<unsigned char>(s[0]) == 0xEF &&
        static_cast<unsigned char>(s[1]) == 0xBB && static_cast<unsigned char>(s[2]) == 0xBF)
        return s.substr(3);
    return s;
}

std::string convertToUtf8(std::string_view bytes, const std::string& charset) {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<UConverter, decltype(&ucnv_close)> conv(ucnv_open(charset.c_str(), &status),
                                                            &ucnv_close);
    if (U_FAILURE(status)) throw std::invalid_argument("unknown charset " + charset);
    std::vector<UChar> utf16(bytes.size() * 2 + 16);
    int32_t len = ucnv_toUChars(conv.get(), utf16.data(), static_cast<int32_t>(utf16.size()),
                                bytes.data(), static_cast<int32_t>(bytes.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        status = U_ZERO_ERROR;
        utf16.resize(static_cast<size_t>(len) + 1);
        len = ucnv_toUChars(conv.get(), utf16.data(), static_cast<int32_t>(utf16.size()),
                            bytes.data(), static_cast<int32_t>(bytes.size()), &status);
    }
    if (U_FAILURE(status) && status != U_STRING_NOT_TERMINATED_WARNING)
        throw std::runtime_error("charset conversion failed");
    std::string out(static_cast<size_t>(len) * 3 + 4, '\0');
    int32_t outLen = 0;
    status = U_ZERO_ERROR;
    u_strToUTF8WithSub(out.data(), static_cast<int32_t>(out.size()), &outLen, utf16.data(), len,
                       0xFFFD, nullptr, &status);
    if (U_FAILURE(status) && status != U_STRING_NOT_TERMINATED_WARNING)
        throw std::runtime_error("UTF-8 conversion failed");
    out.resize(static_cast<size_t>(outLen));
    return std::string(stripBom(out));
}

std::optional<std::string> detect(std::string_view bytes) {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<UCharsetDetector, decltype(&ucsdet_close)> det(ucsdet_open(&status),
                                                                   &ucsdet_close);
    if (U_FAILURE(status)) return std::nullopt;
    ucsdet_setText(det.get(), bytes.data(), static_cast<int32_t>(bytes.size()), &status);
    const UCharsetMatch* match = ucsdet_detect(det.get(), &status);
    if (U_FAILURE(status) || !match) return std::nullopt;
    int32_t confidence = ucsdet_getConfidence(match, &status);
    const char* name = ucsdet_getName(match, &status);
    if (U_FAILURE(status) || !name || confidence < kMinConfidence) return std::nullopt;
    return std::string(name);
}

} // namespace

bool isKnownCharset(const std::string& name) {
    if (name.empty()) return false;
    UErrorCode status = U_ZERO_ERROR;
    UConverter* conv = ucnv_open(name.c_str(), &status);
    if (conv) ucnv_close(conv);
    return U_SUCCESS(status);
}

namespace {

DecodedText convertedText(std::string text, std::string charset) {
    DecodedText d;
    d.text = std::move(text);
    d.charset = std::move(charset);
    return d;
}

DecodedText asIs(std::string_view bytes, std::string_view body) {
    DecodedText d;
    d.charset = "UTF-8";
    d.converted = false;
    d.offset = static_cast<std::size_t>(body.data() - bytes.data());
    return d;
}

} // namespace

DecodedText decodeText(std::string_view bytes, const std::optional<std::string>& charset,
                       const std::string& fallbackCharset) {
    if (charset) {
        std::string name = *charset;
        for (auto& c : name)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name == "utf-8" || name == "utf8") {
            std::string_view body = stripBom(bytes);
            if (domain::isValidUtf8(body)) return asIs(bytes, body);
            return convertedText(convertToUtf8(body, "UTF-8"), "UTF-8");
        }
        return convertedText(convertToUtf8(bytes, *charset), *charset);
    }
    std::string_view body = stripBom(bytes);
    if (domain::isValidUtf8(body)) return asIs(bytes, body);
    if (auto detected = detect(bytes)) {
        if (*detected == "UTF-8") return convertedText(convertToUtf8(body, "UTF-8"), "UTF-8");
        return convertedText(convertToUtf8(bytes, *detected), *detected);
    }
    return convertedText(convertToUtf8(bytes, fallbackCharset), fallbackCharset);
}

} // namespace finimport::app
