#include "app/rules/RuleText.h"

#include "domain/Utf8.h"

#include <cstdint>

namespace finimport::app::rules {

namespace {

bool asciiSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

uint32_t lowerOf(uint32_t cp) {
    if (cp >= 'A' && cp <= 'Z') return cp + 32;
    if (cp < 0x80) return cp;
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
    if (cp == 0x130) return 'i';
    if (cp >= 0x100 && cp <= 0x137) return cp % 2 == 0 ? cp + 1 : cp;
    if (cp >= 0x139 && cp <= 0x148) return cp % 2 == 1 ? cp + 1 : cp;
    if (cp >= 0x14A && cp <= 0x177) return cp % 2 == 0 ? cp + 1 : cp;
    if (cp == 0x178) return 0xFF;
    if (cp >= 0x179 && cp <= 0x17E) return cp % 2 == 1 ? cp + 1 : cp;
    if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) return cp + 32;
    if (cp >= 0x400 && cp <= 0x40F) return cp + 80;
    if (cp >= 0x410 && cp <= 0x42F) return cp + 32;
    return cp;
}

// Decodes the code point at text[pos] (a well-formed sequence of `len` bytes).
uint32_t decodeAt(std::string_view text, size_t pos, size_t len) {
    const auto b = [&](size_t i) { return static_cast<uint32_t>(static_cast<uint8_t>(text[i])); };
    if (len == 1) return b(pos);
    if (len == 2) return (b(pos) & 0x1F) << 6 | (b(pos + 1) & 0x3F);
    if (len == 3) return (b(pos) & 0x0F) << 12 | (b(pos + 1) & 0x3F) << 6 | (b(pos + 2) & 0x3F);
    return (b(pos) & 0x07) << 18 | (b(pos + 1) & 0x3F) << 12 | (b(pos + 2) & 0x3F) << 6 |
           (b(pos + 3) & 0x3F);
}

// Letters and digits: ASCII ones, and every non-ASCII code point except the Latin-1
// punctuation and symbols (U+0080-U+00BF, U+00D7, U+00F7) and general punctuation
// (U+2000-U+206F): enough for names in the scripts banks print.
bool letterOrDigit(uint32_t cp) {
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
    if (cp < 0xC0 || cp == 0xD7 || cp == 0xF7) return false;
    if (cp >= 0x2000 && cp <= 0x206F) return false;
    if (cp >= 0x3000 && cp <= 0x303F) return false;
    return true;
}

bool isDigit(uint32_t cp) {
    return cp >= '0' && cp <= '9';
}

} // namespace

std::string normalizeText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool pendingSpace = false;
    for (char c : text) {
        if (asciiSpace(c)) {
            pendingSpace = !out.empty();
            continue;
        }
        if (pendingSpace) out += ' ';
        pendingSpace = false;
        out += c;
    }
    return out;
}

std::string foldCase(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
            ++i;
            continue;
        }
        size_t len = domain::utf8SequenceLength(text, i);
        if (len == 0) {
            out += text[i++];
            continue;
        }
        domain::appendUtf8(out, lowerOf(decodeAt(text, i, len)));
        i += len;
    }
    return out;
}

std::string nameKey(std::string_view name) {
    const std::string folded = foldCase(name);
    std::string out, piece;
    bool pieceHasDigit = false;
    auto endPiece = [&] {
        if (!piece.empty() && !pieceHasDigit) {
            if (!out.empty()) out += ' ';
            out += piece;
        }
        piece.clear();
        pieceHasDigit = false;
    };
    for (size_t i = 0; i < folded.size();) {
        size_t len = domain::utf8SequenceLength(folded, i);
        if (len == 0) { // invalid byte: a separator
            endPiece();
            ++i;
            continue;
        }
        const uint32_t cp = decodeAt(folded, i, len);
        if (letterOrDigit(cp)) {
            piece.append(folded, i, len);
            pieceHasDigit = pieceHasDigit || isDigit(cp);
        } else {
            endPiece();
        }
        i += len;
    }
    endPiece();
    return out;
}

} // namespace finimport::app::rules
