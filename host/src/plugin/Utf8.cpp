#include "plugin/Utf8.h"

#include "domain/Utf8.h"

#include <cstdint>
#include <cstring>

namespace finimport::plugin {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

} // namespace

bool isValidUtf8Slow(std::string_view text) {
    return domain::validUtf8Prefix(text) == text.size();
}

void assignValidUtf8(std::string& out, std::string_view text) {
    size_t valid = domain::validUtf8Prefix(text);
    out.assign(text.data(), valid); // reuses out's capacity
    size_t pos = valid;
    while (pos < text.size()) {
        const size_t length = domain::utf8SequenceLength(text, pos);
        if (length == 0) {
            out += kReplacement;
            ++pos;
        } else {
            out.append(text.substr(pos, length));
            pos += length;
        }
    }
}

std::string toValidUtf8(std::string_view text) {
    std::string out;
    assignValidUtf8(out, text);
    return out;
}

} // namespace finimport::plugin
