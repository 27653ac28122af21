#include "store/CopyText.h"

#include <charconv>

namespace finimport::store {

void appendCopyText(std::string& out, std::string_view text) {
    size_t start = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const char* escaped = c == '\\'   ? "\\\\"
                              : c == '\t' ? "\\t"
                              : c == '\n' ? "\\n"
                              : c == '\r' ? "\\r"
                                          : nullptr;
        if (!escaped) continue;
        out.append(text.substr(start, i - start));
        out.append(escaped, 2);
        start = i + 1;
    }
    out.append(text.substr(start));
}

void appendCopyValue(std::string& out, const SqlValue& value) {
    if (std::holds_alternative<std::nullptr_t>(value)) {
        out.append("\\N", 2);
    } else if (const auto* i = std::get_if<int64_t>(&value)) {
        char buf[24];
        auto end = std::to_chars(buf, buf + sizeof buf, *i).ptr;
        out.append(buf, static_cast<size_t>(end - buf));
    } else {
        appendCopyText(out, std::get<std::string>(value));
    }
}

void appendCopyRow(std::string& out, const SqlValue* values, size_t count) {
    for (size_t c = 0; c < count; ++c) {
        if (c > 0) out.push_back('\t');
        appendCopyValue(out, values[c]);
    }
    out.push_back('\n');
}

} // namespace finimport::store
