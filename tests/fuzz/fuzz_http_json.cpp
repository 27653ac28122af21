// The request-body JSON parser (docs/decisions.md D22: UTF-8, depth, object checks).
#include "http/JsonParser.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)finimport::http::parseJsonObjectBody(text);
    (void)finimport::http::parseJson(text);
    return 0;
}
