// ServiceImport line analysis (first-line gate, typed-line counts, per-line checks).
#include "app/backup/NdjsonLines.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    (void)finimport::app::analyzeNdjson(
        std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
