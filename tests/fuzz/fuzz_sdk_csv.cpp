// CsvReader over arbitrary bytes, both separators.
#include <finimport/csv.hpp>
#include <finimport/detect.hpp>

#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    for (char sep : {',', ';'}) {
        size_t offset = 0;
        finimport::sdk::CsvReader reader(
            [&](char* buffer, size_t capacity) -> int64_t {
                size_t n = std::min(capacity, size - offset);
                std::memcpy(buffer, data + offset, n);
                offset += n;
                return static_cast<int64_t>(n);
            },
            sep);
        finimport::sdk::CsvRecord record;
        while (reader.next(record)) {
        }
    }
    // `col_sep=auto` (docs/decisions.md D37) over the same bytes.
    (void)finimport::sdk::detectSeparator(
        std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
