// CsvReader over arbitrary bytes, both separators: next() and nextViews() read the same records
// (a difference traps).
#include <finimport/csv.hpp>
#include <finimport/detect.hpp>

#include <algorithm>
#include <cstring>

namespace {

// A reader over the fuzz input, from its start.
finimport::sdk::CsvReader readerOf(const uint8_t* data, size_t size, char separator) {
    return finimport::sdk::CsvReader(
        [data, size, offset = size_t(0)](char* buffer, size_t capacity) mutable -> int64_t {
            const size_t n = std::min(capacity, size - offset);
            std::memcpy(buffer, data + offset, n);
            offset += n;
            return static_cast<int64_t>(n);
        },
        separator);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    for (char sep : {',', ';'}) {
        finimport::sdk::CsvReader reader = readerOf(data, size, sep);
        finimport::sdk::CsvReader viewReader = readerOf(data, size, sep);
        finimport::sdk::CsvRecord record;
        finimport::sdk::CsvRecordView view;
        for (;;) {
            const bool copied = reader.next(record), viewed = viewReader.nextViews(view);
            if (copied != viewed) __builtin_trap();
            if (!copied) break;
            if (record.line != view.line || !std::equal(record.fields.begin(), record.fields.end(),
                                                        view.fields.begin(), view.fields.end()))
                __builtin_trap();
        }
        if (reader.error().has_value() != viewReader.error().has_value()) __builtin_trap();
    }
    // `col_sep=auto` (docs/decisions.md D37) over the same bytes.
    (void)finimport::sdk::detectSeparator(
        std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
